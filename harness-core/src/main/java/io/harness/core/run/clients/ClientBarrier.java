package io.harness.core.run.clients;

import io.harness.core.engine.EpochClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.ipc.RemoteException;

/**
 * Where the clients of one run meet, on the target file system under the run's directory ({@code _clients}): the
 * start barrier, the gates between a phased loop's phases, and the clocks. A client announces itself with a marker
 * ({@code ready/<client>}) and waits; the first client to see the barrier due (every client ready, the start time
 * come, or its own wait over) writes {@code released} once (create without overwrite: one wins), with the release
 * time and the clients ready then. Whoever was not among them is late. Any Hadoop file system will do: only
 * create, list, open and getFileStatus are used.
 */
public final class ClientBarrier {
  /** The folder under the run's directory. */
  public static final String FOLDER = "_clients";
  private static final long POLL_MILLIS = 50;
  private static final int CLOCK_TRIES = 3;

  private final FileSystem fs;
  private final Path dir;
  private final int clients;
  private final long timeoutMillis;

  /** The barrier of {@code clients} clients under {@code root} (the run's directory); gates wait {@code timeoutMillis}. */
  public ClientBarrier(FileSystem fs, Path root, int clients, long timeoutMillis) {
    this.fs = fs;
    this.dir = new Path(root, FOLDER);
    this.clients = clients;
    this.timeoutMillis = timeoutMillis;
  }

  /** The folder of the run's clients. */
  public Path dir() {
    return dir;
  }

  /** How a client passed the barrier: when it was released (epoch ns, the releaser's clock) and whether it was late. */
  public record Start(long releaseEpochNanos, long readyEpochNanos, boolean late) {}

  /**
   * Announces {@code client} and waits for the release: at {@code startAtMillis} (epoch ms; 0: none) when given, else
   * once every client is ready or {@code timeoutMillis} after this one was.
   */
  public Start await(int client, long startAtMillis) throws IOException, InterruptedException {
    long ready = EpochClock.nowEpochNanos();
    touch(new Path(dir, "ready/" + client));
    long deadline = System.currentTimeMillis() + timeoutMillis;
    Path released = new Path(dir, "released");
    while (true) {
      String[] r = read(released);
      if (r != null) {
        // with a start time, late is ready after it; else not among the clients the releaser saw ready
        boolean late = startAtMillis > 0 ? ready / 1_000_000 > startAtMillis
            : !Arrays.asList(r[1].split(",")).contains("" + client);
        return new Start(Long.parseLong(r[0]), ready, late);
      }
      Set<String> here = names(new Path(dir, "ready"));
      long now = System.currentTimeMillis();
      boolean due = startAtMillis > 0 ? now >= startAtMillis : here.size() >= clients || now >= deadline;
      if (due) {
        release(released, here);
        continue;
      }
      Thread.sleep(startAtMillis > 0 ? Math.max(1, Math.min(POLL_MILLIS, startAtMillis - now)) : POLL_MILLIS);
    }
  }

  /**
   * The gate before phase {@code phase} of a phased loop: {@code client} announces it finished the phases before,
   * then waits until every client has, or the barrier's timeout passed (then it goes on: a client that died or
   * came late does not hold the others for ever).
   */
  public void gate(int client, int phase) throws IOException, InterruptedException {
    Path at = new Path(dir, "phase-" + phase);
    touch(new Path(at, "" + client));
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (names(at).size() < clients && System.currentTimeMillis() < deadline) {
      Thread.sleep(POLL_MILLIS);
    }
  }

  /**
   * This JVM's clock's offset from the file system's (ns): a file created under {@code clock/} and its modification
   * time, which the file system's server sets, against the middle of the create here. Millisecond resolution.
   */
  public long clockOffsetNanos(String name) throws IOException {
    // of a few tries, the one whose create took least says most (the first may load classes, open connections)
    long best = 0;
    long shortest = Long.MAX_VALUE;
    for (int i = 0; i < CLOCK_TRIES; i++) {
      Path file = new Path(dir, "clock/" + name + "-" + i);
      long before = EpochClock.nowEpochNanos();
      touch(file);
      long after = EpochClock.nowEpochNanos();
      long server = fs.getFileStatus(file).getModificationTime() * 1_000_000L;
      if (after - before < shortest) {
        shortest = after - before;
        best = (before + after) / 2 - server;
      }
    }
    return best;
  }

  private void release(Path released, Set<String> ready) throws IOException {
    String text = EpochClock.nowEpochNanos() + "\n" + String.join(",", ready) + "\nend\n";
    try (FSDataOutputStream out = fs.create(released, false)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    } catch (FileAlreadyExistsException e) {
      // another client released it first
    } catch (RemoteException e) {
      if (!(e.unwrapRemoteException(FileAlreadyExistsException.class) instanceof FileAlreadyExistsException)) {
        throw e;
      }
    }
  }

  /** The release's lines (time, clients ready), or null while it is not there or not yet whole. */
  private String[] read(Path released) throws IOException {
    if (!fs.exists(released)) {
      return null;
    }
    try (FSDataInputStream in = fs.open(released)) {
      String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1);
      return lines.length >= 3 && lines[2].equals("end") ? lines : null;
    } catch (java.io.FileNotFoundException e) {
      return null;
    }
  }

  private void touch(Path file) throws IOException {
    fs.create(file, true).close();
  }

  private Set<String> names(Path folder) throws IOException {
    Set<String> out = new TreeSet<>();
    try {
      for (FileStatus s : fs.listStatus(folder)) {
        out.add(s.getPath().getName());
      }
    } catch (java.io.FileNotFoundException e) {
      // none yet
    }
    return out;
  }
}
