package io.harness.core.engine.clients;

import io.harness.core.records.EpochClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where the clients of one run meet, on the target file system under the run's directory ({@code _clients}): the
 * start barrier, the gates between a phased loop's phases, and the clocks. A client announces itself with a marker
 * ({@code ready/<client>}) and waits. With a start time ({@code --start-at}) each client waits for it on its own
 * clock, and one ready after it is late. Else the first client to see the barrier due (every client ready, or its
 * own wait over) releases it: it writes its proposal ({@code release-<client>}: the start, a little over the
 * longest wait between two looks from now, and the clients ready now) whole, then moves it to {@code released} in
 * one step that only one client can win (see {@link #release}). The clients ready then start together at that
 * start (each on its own clock: the clients' clock offsets are recorded); whoever was not among them is late and
 * starts when it sees the release.
 *
 * <p>A waiting client looks again after 50 ms, then after ever longer waits up to 1 s, each with a random part (so
 * that hundreds of clients do not list the folder in step): the barrier costs the NameNode or OM a few calls per
 * client and second at most (and nothing before a start time), and the start is set far enough ahead that every
 * waiting client sees it in time.
 * Any Hadoop file system with an atomic rename that fails on an existing file will do (HDFS, Ozone), and the local
 * file system.
 */
public final class ClientBarrier {
  /** The folder under the run's directory. */
  public static final String FOLDER = "_clients";
  /** The first wait between two looks at the barrier, and the longest. */
  static final long FIRST_POLL_MILLIS = 50;
  static final long LAST_POLL_MILLIS = 1000;
  /** How long after the longest wait between two looks the released clients start. */
  static final long START_MARGIN_MILLIS = 250;
  /** What a gate adds to the longest a waiting client can still be asleep: a look's call, the clocks' error. */
  static final long GATE_MARGIN_MILLIS = 100;
  private static final int CLOCK_TRIES = 3;

  private final FileSystem fs;
  private final Path dir;
  private final int clients;
  private final long timeoutMillis;
  private long offsetNanos;

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
   * Announces {@code client} and waits for the start: {@code startAtMillis} (epoch ms; 0: none) when given (then
   * nothing is released: every client waits for that time on its own clock, and one ready after it is late), else
   * the start the barrier's release names, once every client is ready or {@code timeoutMillis} after this client
   * was.
   */
  public Start await(int client, long startAtMillis) throws IOException, InterruptedException {
    long ready = EpochClock.nowEpochNanos();
    Path released = new Path(dir, "released");
    // released before this client was ready: it is late whatever the release's list says
    boolean releasedBefore = startAtMillis == 0 && read(released) != null;
    touch(new Path(dir, "ready/" + client));
    if (startAtMillis > 0) {
      sleepUntil(startAtMillis * 1_000_000L);
      return new Start(startAtMillis * 1_000_000L, ready, ready / 1_000_000 > startAtMillis);
    }
    long deadline = System.currentTimeMillis() + timeoutMillis;
    Backoff backoff = new Backoff();
    while (true) {
      String[] r = read(released);
      if (r != null) {
        // late: not among the clients the releaser saw ready, or ready only once the release was there (a map run
        // again after its node was lost, whose first attempt was among them): it starts at once; the others at the
        // start (one that sees the release after it, on a loaded machine, starts at once and is not late)
        long start = Long.parseLong(r[0]);
        boolean late = releasedBefore || !Arrays.asList(r[1].split(",")).contains("" + client);
        if (!late) {
          sleepUntil(start);
        }
        return new Start(start, ready, late);
      }
      Set<String> here = names(new Path(dir, "ready"));
      long now = System.currentTimeMillis();
      if (here.size() >= clients || now >= deadline) {
        release(client, released, here);
        continue;
      }
      Thread.sleep(Math.max(1, Math.min(backoff.next(), deadline - now)));
    }
  }

  /** Sleeps until {@code epochNanos} on this JVM's clock (at once when it passed), never returning before it. */
  private static void sleepUntil(long epochNanos) throws InterruptedException {
    for (long left = epochNanos - EpochClock.nowEpochNanos(); left > 0; left = epochNanos - EpochClock.nowEpochNanos()) {
      Thread.sleep((left + 999_999) / 1_000_000);
    }
  }

  /**
   * The gate before phase {@code phase} of a phased loop: {@code client} announces it finished the phases before
   * ({@code phase-<phase>/<client>}), then waits until every client has, or the barrier's timeout passed (then it
   * goes on at once: a client that died or came late does not hold the others for ever). Returns when it goes on
   * (epoch ns, this JVM's clock): the start the clients agreed on, or the time it gave up waiting.
   *
   * <p>The clients go on together: each that sees every marker computes the same start from their modification
   * times (the file system's clock): the last marker's, plus the longest a client that waited since the first one
   * can still be asleep ({@link Backoff#longestAfter}), plus {@value #GATE_MARGIN_MILLIS} ms; then it waits for that
   * time on its own clock (the file system's plus its offset, {@link #clockOffsetNanos}). Clients that arrive close
   * together so lose little time, and none starts a phase up to a second before another.
   */
  public long gate(int client, int phase) throws IOException, InterruptedException {
    Path at = new Path(dir, "phase-" + phase);
    touch(new Path(at, "" + client));
    long deadline = System.currentTimeMillis() + timeoutMillis;
    Backoff backoff = new Backoff();
    while (true) {
      FileStatus[] here = statuses(at);
      if (here.length >= clients) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (FileStatus s : here) {
          first = Math.min(first, s.getModificationTime());
          last = Math.max(last, s.getModificationTime());
        }
        long start = (last + Backoff.longestAfter(last - first) + GATE_MARGIN_MILLIS) * 1_000_000L + offsetNanos;
        sleepUntil(start);
        return start;
      }
      long now = System.currentTimeMillis();
      if (now >= deadline) {
        return EpochClock.nowEpochNanos();
      }
      Thread.sleep(Math.max(1, Math.min(backoff.next(), deadline - now)));
    }
  }

  /**
   * The most of the clients' {@code mine} for phase {@code phase} (a stonewall's wear-out): {@code client} says its
   * own as an empty file named {@code <client>-<value>} under {@code most-<phase>/}, then waits until every client
   * has, or the barrier's timeout passed (then the most of those there: a client that died does not hold the others).
   */
  public long most(int client, int phase, long mine) throws IOException, InterruptedException {
    Path at = new Path(dir, "most-" + phase);
    touch(new Path(at, client + "-" + mine));
    long deadline = System.currentTimeMillis() + timeoutMillis;
    Backoff backoff = new Backoff();
    while (true) {
      FileStatus[] here = statuses(at);
      long most = mine;
      for (FileStatus s : here) {
        String name = s.getPath().getName();
        most = Math.max(most, Long.parseLong(name.substring(name.indexOf('-') + 1)));
      }
      long now = System.currentTimeMillis();
      if (here.length >= clients || now >= deadline) {
        return most;
      }
      Thread.sleep(Math.max(1, Math.min(backoff.next(), deadline - now)));
    }
  }

  /**
   * This JVM's clock's offset from the file system's (ns): a file created under {@code clock/} and its modification
   * time, which the file system's server sets, against the middle of the create here. Millisecond resolution. The
   * gates use it from then on (before: none).
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
    offsetNanos = best;
    return best;
  }

  /**
   * Releases the barrier, unless another client did first: this client's proposal, written whole, becomes
   * {@code released} in one step that fails when {@code released} is there. On HDFS and Ozone that step is a rename
   * (one NameNode or OM call, under its lock, that fails on an existing destination: a create without overwrite is
   * not enough on Ozone, where two creates of one key both succeed and the last close wins); on the local file system,
   * whose rename replaces the destination, it is a hard link ({@code link(2)} fails when the name exists, also across
   * processes and on NFS). A proposal that lost is deleted; whoever won, the caller reads {@code released} next.
   */
  private void release(int client, Path released, Set<String> ready) throws IOException {
    // the start, a little after the longest wait between two looks: every waiting client sees the release first
    long start = EpochClock.nowEpochNanos() + (LAST_POLL_MILLIS + START_MARGIN_MILLIS) * 1_000_000L;
    String text = start + "\n" + String.join(",", ready) + "\nend\n";
    Path proposal = new Path(dir, "release-" + client);
    try (FSDataOutputStream out = fs.create(proposal, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    boolean local = "file".equals(fs.getUri().getScheme());
    boolean won;
    try {
      if (local) {
        Files.createLink(java.nio.file.Path.of(fs.makeQualified(released).toUri()),
            java.nio.file.Path.of(fs.makeQualified(proposal).toUri()));
        won = true;
      } else {
        won = fs.rename(proposal, released);
      }
    } catch (IOException e) {
      // another client's won meanwhile (HDFS may say so as FileAlreadyExistsException, Ozone as its OMException)
      if (!fs.exists(released)) {
        throw e;
      }
      won = false;
    }
    if (!won || local) {
      fs.delete(proposal, false);
    }
  }

  /** The waits between two looks: from {@link #FIRST_POLL_MILLIS}, half again as long each time, up to
   * {@link #LAST_POLL_MILLIS}; each drawn between three quarters of it and all of it. */
  static final class Backoff {
    private double millis = FIRST_POLL_MILLIS;

    /**
     * The longest wait a client can be in after it waited {@code waitedMillis}: a wait is at most half again the one
     * before, and each at least three quarters of its nominal length, so it is at most two thirds of the time waited
     * so far plus the first wait (and never over {@link #LAST_POLL_MILLIS}).
     */
    static long longestAfter(long waitedMillis) {
      return Math.min(LAST_POLL_MILLIS, 2 * Math.max(0, waitedMillis) / 3 + FIRST_POLL_MILLIS);
    }

    long next() {
      long wait = (long) (millis * (0.75 + 0.25 * ThreadLocalRandom.current().nextDouble()));
      millis = Math.min(LAST_POLL_MILLIS, millis * 1.5);
      return Math.max(1, wait);
    }
  }

  /** The release's lines (time, clients ready), or null while it is not there or not yet whole. */
  private String[] read(Path released) throws IOException {
    // one call while it is not there: open, not exists and open
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

  private FileStatus[] statuses(Path folder) throws IOException {
    try {
      return fs.listStatus(folder);
    } catch (java.io.FileNotFoundException e) {
      return new FileStatus[0];
    }
  }

  private Set<String> names(Path folder) throws IOException {
    Set<String> out = new TreeSet<>();
    for (FileStatus s : statuses(folder)) {
      out.add(s.getPath().getName());
    }
    return out;
  }
}
