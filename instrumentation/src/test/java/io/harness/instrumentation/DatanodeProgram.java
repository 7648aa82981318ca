package io.harness.instrumentation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Run with the agent ({@code rules=write,ozone,datanode}): starts a 3-datanode MiniOzoneCluster in this JVM (so its
 * datanodes are timed here too), writes files of the given sizes through {@code ofs://} in one
 * {@code FileSystem.newInstance} (writes of 64 KB, no flush), closes it, waits until the datanode counters stop
 * changing, and prints
 *
 * <pre>
 * CLIENT {"write.call":...}     the FileSystem's counters (Timings.of)
 * DATANODE {"dn.write.call":...} the datanode scope's counters between the start of the writes and now
 * </pre>
 *
 * Args: CHUNK_BYTES BLOCK_BYTES FILE_BYTES...
 */
public final class DatanodeProgram {
  private static final int WRITE = 64 * 1024;
  private static final long QUIET_MS = 3000;
  private static final long SETTLE_TIMEOUT_MS = 120_000;

  private DatanodeProgram() {}

  public static void main(String[] args) throws Exception {
    long chunk = Long.parseLong(args[0]);
    long block = Long.parseLong(args[1]);
    Configuration conf = new Configuration();
    conf.set("ozone.scm.chunk.size", kb(chunk));
    conf.set("ozone.scm.block.size", kb(block));
    // the client's chunk is one buffer; no flush (and no PutBlock) before a block ends: flush size above the block
    conf.set("ozone.client.stream.buffer.size", kb(chunk));
    conf.set("ozone.client.stream.buffer.flush.size", kb(2 * block));
    conf.set("ozone.client.stream.buffer.max.size", kb(2 * block));
    conf.setBoolean("ozone.client.stream.putblock.piggybacking", false);
    conf.setBoolean("ozone.fs.datastream.enabled", false);
    ObjectMapper json = new ObjectMapper();
    int code = 0;
    try (EmbeddedCluster cluster = new MiniOzoneProvider().start(conf, 3)) {
      Configuration client = new Configuration(cluster.configuration());
      for (Map.Entry<String, String> e : conf) {
        if (e.getKey().startsWith("ozone.client.") || e.getKey().startsWith("ozone.fs.")) {
          client.set(e.getKey(), e.getValue());
        }
      }
      Timings.FileSystemTimings start = datanode();
      URI uri = cluster.fileSystemUri();
      FileSystem fs = FileSystem.newInstance(uri, client);
      byte[] buf = new byte[WRITE];
      new Random(7).nextBytes(buf);
      for (int i = 2; i < args.length; i++) {
        long size = Long.parseLong(args[i]);
        try (FSDataOutputStream out = fs.create(new Path(cluster.rootPrefix() + "/dn/file-" + i), true)) {
          for (long left = size; left > 0; left -= WRITE) {
            out.write(buf, 0, (int) Math.min(WRITE, left));
          }
        }
      }
      Map<String, Long> clientCounters = new LinkedHashMap<>(Timings.of(fs).orElseThrow().counters());
      fs.close();
      System.out.println("CLIENT " + json.writeValueAsString(clientCounters));
      Timings.FileSystemTimings end = settled();
      System.out.println("DATANODE " + json.writeValueAsString(TimingsDelta.between(start, end).counters()));
      System.out.flush();
    } catch (Exception e) {
      e.printStackTrace();
      code = 1;
    }
    // the mini cluster leaves non-daemon threads behind
    System.exit(code);
  }

  /** A size as Ozone's storage-size keys take it (whole KB). */
  private static String kb(long bytes) {
    return (bytes / 1024) + "KB";
  }

  private static Timings.FileSystemTimings datanode() {
    return Timings.servers().stream().findFirst().orElseThrow(() -> new IllegalStateException("no datanode scope"));
  }

  /**
   * The datanode counters once no call has been counted for a while: followers apply committed entries after the
   * client's watch returned, and a future's completion counts after the call returned.
   */
  private static Timings.FileSystemTimings settled() throws InterruptedException {
    long deadline = System.currentTimeMillis() + SETTLE_TIMEOUT_MS;
    Timings.FileSystemTimings last = datanode();
    long quietSince = System.currentTimeMillis();
    while (System.currentTimeMillis() < deadline) {
      Thread.sleep(200);
      Timings.FileSystemTimings now = datanode();
      if (!now.counters().equals(last.counters())) {
        last = now;
        quietSince = System.currentTimeMillis();
      } else if (System.currentTimeMillis() - quietSince >= QUIET_MS) {
        return now;
      }
    }
    return last;
  }
}
