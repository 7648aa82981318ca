package io.harness.core.engine.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.MiniDfsProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start barrier with clients that all find it due at once, so that several release it together: on the local
 * file system (a hard link) and on HDFS (a rename), one release wins each time and every client starts at its start,
 * none late; no proposal is left behind.
 */
class ClientBarrierTest {
  private static final int CLIENTS = 6;
  private static final int ROUNDS = 5;

  @TempDir
  java.nio.file.Path dir;

  @Test
  void racingReleasesAgreeOnTheLocalFileSystem() throws Exception {
    race(new Configuration(), new Path(dir.toUri()));
  }

  @Test
  void racingReleasesAgreeOnHdfs() throws Exception {
    try (EmbeddedCluster hdfs = new MiniDfsProvider().start(new Configuration(), 1, dir.resolve("hdfs"))) {
      race(hdfs.configuration(), new Path(hdfs.fileSystemUri().toString() + "/barrier"));
    }
  }

  /**
   * A map run again after its node was lost comes to the barrier a second time, after the release: its first attempt
   * was among the clients ready at the release, but this attempt, ready only once the release was there, is late (it
   * starts at once, after the others).
   */
  @Test
  void aClientComingAgainAfterTheReleaseIsLate() throws Exception {
    Path root = new Path(dir.resolve("again").toUri());
    try (FileSystem fs = FileSystem.newInstance(root.toUri(), new Configuration())) {
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        List<Future<ClientBarrier.Start>> first = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
          int client = c;
          first.add(pool.submit(() -> new ClientBarrier(fs, root, 2, 60_000).await(client, 0)));
        }
        long release = first.get(0).get().releaseEpochNanos();
        for (Future<ClientBarrier.Start> f : first) {
          assertFalse(f.get().late());
          assertEquals(release, f.get().releaseEpochNanos());
        }
        ClientBarrier.Start again = new ClientBarrier(fs, root, 2, 60_000).await(1, 0);
        assertTrue(again.late(), "a second attempt after the release is late");
        assertEquals(release, again.releaseEpochNanos());
      } finally {
        pool.shutdownNow();
      }
    }
  }

  /** {@link #ROUNDS} barriers, each of {@link #CLIENTS} clients with a file system instance each, all ready at once. */
  private static void race(Configuration conf, Path base) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
    try {
      for (int round = 0; round < ROUNDS; round++) {
        Path root = new Path(base, "round-" + round);
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(CLIENTS);
        List<Future<ClientBarrier.Start>> starts = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
          int client = c;
          starts.add(pool.submit(() -> {
            try (FileSystem fs = FileSystem.newInstance(root.toUri(), conf)) {
              ClientBarrier barrier = new ClientBarrier(fs, root, CLIENTS, 60_000);
              together.await();
              return barrier.await(client, 0);
            }
          }));
        }
        Set<Long> released = new TreeSet<>();
        for (Future<ClientBarrier.Start> f : starts) {
          ClientBarrier.Start s = f.get();
          assertFalse(s.late(), "round " + round);
          released.add(s.releaseEpochNanos());
        }
        assertEquals(1, released.size(), "round " + round + ": every client starts at one start");
        try (FileSystem fs = FileSystem.newInstance(root.toUri(), conf)) {
          List<String> names = new ArrayList<>();
          for (FileStatus st : fs.listStatus(new Path(root, ClientBarrier.FOLDER))) {
            names.add(st.getPath().getName());
          }
          assertTrue(names.contains("released"), names.toString());
          assertFalse(names.stream().anyMatch(n -> n.startsWith("release-")), "proposals left: " + names);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Clients that reach a gate 0, 0.4 and 0.8 s apart (the first waiting long enough for its looks to be 0.1 s and
   * more apart) go on at one time, computed by each from the markers: after the last one's, by the longest the first
   * can still be asleep and the margin.
   */
  /**
   * A stonewall's wear-out over clients: each says what it did, each gets the most of all three; a client that never
   * says holds the others only until the barrier's timeout, then they take the most of those that said.
   */
  @Test
  void clientsAgreeOnTheMostOfTheirCounts() throws Exception {
    Path root = new Path(dir.resolve("most").toUri());
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try (FileSystem fs = FileSystem.newInstance(root.toUri(), new Configuration())) {
      long[] counts = {17, 42, 5};
      List<Future<Long>> most = new ArrayList<>();
      for (int c = 0; c < 3; c++) {
        int client = c;
        most.add(pool.submit(() -> new ClientBarrier(fs, root, 3, 60_000).most(client, 4, counts[client])));
      }
      for (Future<Long> f : most) {
        assertEquals(42L, f.get(60, java.util.concurrent.TimeUnit.SECONDS));
      }
      // the next phase: client 2 never says; the other two wait for the timeout (1 s), then agree on theirs
      List<Future<Long>> without = new ArrayList<>();
      for (int c = 0; c < 2; c++) {
        int client = c;
        without.add(pool.submit(() -> new ClientBarrier(fs, root, 3, 1_000).most(client, 5, counts[client])));
      }
      for (Future<Long> f : without) {
        assertEquals(42L, f.get(60, java.util.concurrent.TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void clientsReachingAGateApartGoOnTogether() throws Exception {
    Path root = new Path(dir.toUri());
    Configuration conf = new Configuration();
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<long[]>> gone = new ArrayList<>();
      for (int c = 0; c < 3; c++) {
        int client = c;
        gone.add(pool.submit(() -> {
          try (FileSystem fs = FileSystem.newInstance(root.toUri(), conf)) {
            Thread.sleep(400L * client);
            long arrived = System.currentTimeMillis();
            return new long[] {arrived, new ClientBarrier(fs, root, 3, 60_000).gate(client, 1)};
          }
        }));
      }
      Set<Long> starts = new TreeSet<>();
      long lastArrival = 0;
      for (Future<long[]> f : gone) {
        lastArrival = Math.max(lastArrival, f.get()[0]);
        starts.add(f.get()[1]);
      }
      assertEquals(1, starts.size(), "one start for all: " + starts);
      long start = starts.iterator().next() / 1_000_000;
      // the last marker's time + at most 1 s (2/3 of the 0.8 s the first waited, + 50 ms) + 100 ms
      assertTrue(start >= lastArrival + ClientBarrier.GATE_MARGIN_MILLIS, start + " vs " + lastArrival);
      assertTrue(start <= lastArrival + 2 * 800 / 3 + 50 + ClientBarrier.GATE_MARGIN_MILLIS + 50, start + " vs "
          + lastArrival);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aClientLooksAgainAfterLongerAndLongerWaitsUpToASecond() {
    ClientBarrier.Backoff b = new ClientBarrier.Backoff();
    long[] waits = new long[20];
    for (int i = 0; i < waits.length; i++) {
      waits[i] = b.next();
    }
    assertTrue(waits[0] >= 37 && waits[0] <= 50, Arrays.toString(waits));
    // 50 ms, then half again each time: 1 s from the 9th on, less a random part of up to a quarter
    for (int i = 8; i < waits.length; i++) {
      assertTrue(waits[i] >= 750 && waits[i] <= 1000, Arrays.toString(waits));
    }
    assertTrue(Arrays.stream(waits).sum() < 20_000, Arrays.toString(waits));
    // after waiting W, a wait is at most 2/3 W + 50 ms
    long waited = 0;
    ClientBarrier.Backoff again = new ClientBarrier.Backoff();
    for (int i = 0; i < 20; i++) {
      long next = again.next();
      assertTrue(next <= ClientBarrier.Backoff.longestAfter(waited), i + ": " + next + " after " + waited);
      waited += next;
    }
    assertEquals(1000, ClientBarrier.Backoff.longestAfter(60_000));
  }
}
