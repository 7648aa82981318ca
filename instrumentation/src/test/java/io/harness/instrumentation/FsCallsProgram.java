package io.harness.instrumentation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A plain program that uses Hadoop's FileSystem API the way an application does, run by the tests in a
 * JVM of its own with the agent. It opens two FileSystem instances (FileSystem.newInstance) and makes a
 * different, known number of stream calls on each, counting every call itself (failed ones too), and
 * prints per instance:
 *
 * <pre>
 * EXPECT {"fs":ID,"counters":{"write.call":N,"write.failed":N,...}}   what it did
 * TIMINGS {"fs":ID,"counters":{...}}                                  what Timings.of(fs) said, before close
 * COST {"fs":ID,"writes":N,"bytes":B,"entries":E,"ruleFirings":F}      what its write calls cost in agent calls
 * </pre>
 *
 * (COST: over the write calls only, from {@link Timings#agentCallsOnThisThread()} before and after each.)
 *
 * then closes both instances, the first before the second.
 *
 * <pre>
 * FsCallsProgram URI ROOT [--conf XML] [--read] [--wait] [--leave-open] [--buffer BYTES] [--writes N]
 * </pre>
 *
 * {@code --wait}: print READY and wait for a line on stdin first (the attach test attaches then).
 * {@code --leave-open}: close neither instance; the first comes from Hadoop's FileSystem cache (Hadoop
 * closes it at exit), the second is not cached (nobody closes it); and write 4 times (then close) a
 * stream that no FileSystem made.
 */
public final class FsCallsProgram {
  private final Map<String, Long> counts = new LinkedHashMap<>();
  // the write calls' cost in agent calls (COST)
  private long writeBytes;
  private long writeEntries;
  private long writeFirings;

  public static void main(String[] args) throws Exception {
    try {
      run(args);
    } catch (Exception | Error e) {
      // an Ozone client leaves non-daemon threads behind: end here, not at the test's timeout
      e.printStackTrace();
      System.exit(1);
    }
  }

  private static void run(String[] args) throws Exception {
    URI uri = URI.create(args[0]);
    String root = args[1];
    Configuration conf = new Configuration();
    boolean read = false;
    boolean wait = false;
    boolean leaveOpen = false;
    int buffer = 1000;
    int writes = 3;
    for (int i = 2; i < args.length; i++) {
      switch (args[i]) {
        case "--conf" -> conf.addResource(new Path(args[++i]));
        case "--read" -> read = true;
        case "--wait" -> wait = true;
        case "--leave-open" -> leaveOpen = true;
        case "--buffer" -> buffer = Integer.parseInt(args[++i]);
        case "--writes" -> writes = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    if (wait) {
      System.out.println("READY " + ProcessHandle.current().pid());
      System.out.flush();
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    }
    FileSystem[] fss = new FileSystem[2];
    for (int k = 1; k <= 2; k++) {
      FileSystem fs;
      if (!leaveOpen) {
        fs = FileSystem.newInstance(uri, conf);
      } else if (k == 1) {
        fs = FileSystem.get(uri, conf);
      } else {
        Configuration uncached = new Configuration(conf);
        uncached.setBoolean("fs." + uri.getScheme() + ".impl.disable.cache", true);
        fs = FileSystem.get(uri, uncached);
      }
      fss[k - 1] = fs;
      FsCallsProgram p = new FsCallsProgram();
      Path file = new Path(root + "/harness-instrumentation-" + ProcessHandle.current().pid() + "/fs" + k);
      p.write(fs, file, k, buffer, writes);
      if (read) {
        p.read(fs, file, k, buffer);
      }
      System.out.println("EXPECT " + json(System.identityHashCode(fs), p.counts));
      Optional<Timings.FileSystemTimings> t = Timings.of(fs);
      System.out.println("TIMINGS " + json(System.identityHashCode(fs),
          t.map(Timings.FileSystemTimings::counters).orElse(Map.of())));
      System.out.println("COST {\"fs\":" + System.identityHashCode(fs) + ",\"writes\":" + p.counts.get("write.call")
          + ",\"bytes\":" + p.writeBytes + ",\"entries\":" + p.writeEntries + ",\"ruleFirings\":" + p.writeFirings
          + "}");
      System.out.flush();
    }
    if (leaveOpen) {
      try (FSDataOutputStream own = new FSDataOutputStream(new java.io.ByteArrayOutputStream(), null)) {
        for (int i = 0; i < 4; i++) {
          own.write(i);
        }
      }
    } else {
      for (FileSystem fs : fss) {
        fs.close();
      }
    }
    System.out.println("RULE-ENGINE " + Timings.ruleEngineStarted());
    System.out.println("DONE");
  }

  /** Instance k: k-scaled numbers of every kind of output call, and one write after close. */
  private void write(FileSystem fs, Path file, int k, int bufferSize, int writes) throws IOException {
    byte[] buf = new byte[bufferSize];
    new Random(k).nextBytes(buf);
    FSDataOutputStream out = fs.create(file, true);
    for (int i = 0; i < writes * k; i++) {
      Timings.AgentCalls before = Timings.agentCallsOnThisThread();
      out.write(buf, 0, buf.length);
      cost(before, buf.length);
      count("write", false);
    }
    for (int i = 0; i < k; i++) {
      Timings.AgentCalls before = Timings.agentCallsOnThisThread();
      out.write(buf); // FilterOutputStream.write(byte[]) -> write(byte[],int,int): one call
      cost(before, buf.length);
      count("write", false);
    }
    for (int i = 0; i < 2 * k + 1; i++) {
      Timings.AgentCalls before = Timings.agentCallsOnThisThread();
      out.write(i);
      cost(before, 1);
      count("write", false);
    }
    for (int i = 0; i < k; i++) {
      out.hflush();
      count("hflush", false);
    }
    for (int i = 0; i < 3 - k; i++) {
      out.hsync();
      count("hsync", false);
    }
    out.close();
    count("close", false);
    Timings.AgentCalls before = Timings.agentCallsOnThisThread();
    try {
      out.write(buf, 0, 10);
      count("write", false);
    } catch (IOException e) {
      count("write", true); // a write after close fails, and still counts
    }
    cost(before, 10);
  }

  /** Instance k: k-scaled numbers of every kind of input call. */
  private void read(FileSystem fs, Path file, int k, int bufferSize) throws IOException {
    byte[] buf = new byte[bufferSize];
    try (FSDataInputStream in = fs.open(file)) {
      for (int i = 0; i < k; i++) {
        in.read(buf);
        count("read", false);
      }
      for (int i = 0; i < k + 1; i++) {
        in.read(buf, 0, 100);
        count("read", false);
      }
      for (int i = 0; i < 2 * k; i++) {
        in.read();
        count("read", false);
      }
      in.readFully(buf);
      count("readFully", false);
      for (int i = 0; i < k; i++) {
        in.readFully(buf, 0, 10);
        count("readFully", false);
      }
      for (int i = 0; i < 3 * k; i++) {
        in.read(i * 7L, buf, 0, 50);
        count("positionedRead", false);
      }
      for (int i = 0; i < k; i++) {
        in.readFully(i * 11L, buf, 0, 20);
        count("positionedReadFully", false);
      }
      in.readFully(5L, new byte[30]);
      count("positionedReadFully", false);
      try {
        in.read(ByteBuffer.allocate(10));
        count("read", false);
      } catch (UnsupportedOperationException e) {
        count("read", true); // the checksummed local file system cannot read into a ByteBuffer
      }
    }
  }

  private void cost(Timings.AgentCalls before, int bytes) {
    Timings.AgentCalls after = Timings.agentCallsOnThisThread();
    writeBytes += bytes;
    writeEntries += after.entries() - before.entries();
    writeFirings += after.ruleFirings() - before.ruleFirings();
  }

  private void count(String op, boolean failed) {
    counts.merge(op + ".call", 1L, Long::sum);
    counts.merge(op + ".failed", failed ? 1L : 0L, Long::sum);
  }

  private static String json(int fs, Map<String, Long> counters) {
    StringBuilder b = new StringBuilder("{\"fs\":").append(fs).append(",\"counters\":{");
    boolean first = true;
    for (Map.Entry<String, Long> e : counters.entrySet()) {
      b.append(first ? "" : ",").append('"').append(e.getKey()).append("\":").append(e.getValue());
      first = false;
    }
    return b.append("}}").toString();
  }
}
