package io.harness.core.run.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.target.EmbeddedCluster;
import io.harness.core.target.MiniDfsProvider;
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
  }
}
