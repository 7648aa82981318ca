package io.harness.instrumentation.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.instrumentation.Timings.FileSystemTimings;
import io.harness.instrumentation.TimingsDelta;
import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The distributions: known durations fed through a record give p50 / p99 within 1/8 of the nearest-rank value of
 * the sorted durations and the exact max; a delta of two snapshots gives the second batch's; server-side calls
 * that return a future count when it completes, in the datanode scope.
 */
class DistributionTest {
  private static final double BOUND = 0.125;
  private final TimingHelper h = new TimingHelper();

  @BeforeAll
  static void allSets() {
    for (String set : Ops.SETS) {
      Registry.activate(set);
    }
  }

  private static boolean[] all() {
    boolean[] sets = new boolean[Ops.SETS.length];
    Arrays.fill(sets, true);
    return sets;
  }

  /** The nearest-rank percentile of the sorted values. */
  private static long reference(long[] sorted, double p) {
    return sorted[(int) Math.max(1, Math.ceil(p * sorted.length)) - 1];
  }

  private static void assertWithinBound(long reference, long estimate, String what) {
    assertTrue(Math.abs(estimate - reference) <= BOUND * reference,
        what + ": " + estimate + " against " + reference);
  }

  /** Log-uniform durations from 1 ns to about 100 s, and a few repeated values. */
  private static long[] durations(long seed, int n) {
    Random random = new Random(seed);
    long[] d = new long[n];
    for (int i = 0; i < n; i++) {
      d[i] = i % 10 == 0 ? 5_000_000L : (long) Math.pow(10, random.nextDouble() * 11);
    }
    return d;
  }

  @Test
  void percentilesAreWithinTheBoundAndMaxIsExact() {
    for (int n : new int[] {1, 2, 7, 100, 1000, 54321}) {
      FsRecord r = new FsRecord(new Object(), "test://dist/");
      long[] d = durations(n, n);
      for (long v : d) {
        r.add(Ops.HFLUSH, v, false);
      }
      long[] sorted = d.clone();
      Arrays.sort(sorted);
      Map<String, Long> c = Report.counters(r, all());
      assertEquals(n, c.get("hflush.call"));
      assertWithinBound(reference(sorted, 0.5), c.get("hflush.p50Nanos"), n + " p50");
      assertWithinBound(reference(sorted, 0.99), c.get("hflush.p99Nanos"), n + " p99");
      assertEquals(sorted[n - 1], c.get("hflush.maxNanos"));
      assertEquals(sorted[n - 1] / 1_000_000L, c.get("hflush.maxMs"));
      assertEquals(c.get("hflush.p99Nanos") / 1_000_000L, c.get("hflush.p99Ms"));
      assertEquals(0L, c.get("write.p50Nanos"), "no calls, no distribution");
      String text = Report.text(r, all());
      assertTrue(text.contains(String.format(java.util.Locale.ROOT, "   hflush: %d calls, %d ms in all, p50 %.3f ms, "
          + "p99 %.3f ms, max %.3f ms", n, c.get("hflush.allTime"), c.get("hflush.p50Nanos") / 1e6,
          c.get("hflush.p99Nanos") / 1e6, c.get("hflush.maxNanos") / 1e6)), text);
      assertTrue(!text.contains("write"), "no calls, no line: " + text);
    }
  }

  @Test
  void everyValueUpToAMillionIsWithinTheBoundOfItsBucket() {
    for (long v = 0; v < 1_000_000; v++) {
      int b = Histogram.bucket(v);
      assertTrue(Histogram.lower(b) <= v && v < Histogram.lower(b) + Histogram.width(b), "bucket of " + v);
      long[] counts = new long[Histogram.BUCKETS];
      counts[b] = 1;
      assertWithinBound(v, Histogram.percentile(counts, Long.MAX_VALUE, 0.5), "value " + v);
    }
    assertEquals(Histogram.BUCKETS - 1, Histogram.bucket(Long.MAX_VALUE));
  }

  @Test
  void aDeltaOfTwoSnapshotsHasTheSecondBatchsDistribution() {
    Object fs = new Object();
    Object stream = new Object();
    h.fsEnter(fs, URI.create("test://delta/"));
    h.bindStream(stream);
    h.fsExit(fs);
    FsRecord r = (FsRecord) Registry.RECORDS.stream().filter(x -> x.fs.get() == fs).findFirst().orElseThrow();
    long[] first = durations(1, 5000);
    for (long v : first) {
      r.add(Ops.CLOSE, v * 3, false); // a slower first batch, its max above all of the second's
    }
    FileSystemTimings start = timings(Registry.snapshotOf(fs));
    long[] second = durations(2, 3000);
    for (long v : second) {
      r.add(Ops.CLOSE, v, v % 7 == 0);
    }
    FileSystemTimings delta = TimingsDelta.between(start, timings(Registry.snapshotOf(fs)));
    long[] sorted = second.clone();
    Arrays.sort(sorted);
    assertEquals(second.length, delta.get("close.call"));
    assertEquals(Arrays.stream(second).sum(), delta.get("close.allTimeNanos"));
    assertEquals(Arrays.stream(second).filter(v -> v % 7 == 0).count(), delta.get("close.failed"));
    assertWithinBound(reference(sorted, 0.5), delta.get("close.p50Nanos"), "delta p50");
    assertWithinBound(reference(sorted, 0.99), delta.get("close.p99Nanos"), "delta p99");
    // the max did not grow: the top bucket's upper bound, within the bound too
    assertWithinBound(sorted[sorted.length - 1], delta.get("close.maxNanos"), "delta max");
  }

  @SuppressWarnings("unchecked")
  private static FileSystemTimings timings(Map<String, Object> m) {
    return new FileSystemTimings((String) m.get("scope"), (Integer) m.get("fs"), null, null, null, false,
        new LinkedHashMap<>((Map<String, Long>) m.get("counters")), (Map<String, long[]>) m.get("buckets"));
  }

  @Test
  void serverCallsReturningAFutureCountWhenItCompletesInTheDatanodeScope() {
    long before = Registry.DATANODE.calls(Ops.DN_WATCH);
    CompletableFuture<String> reply = new CompletableFuture<>();
    h.serverEnter("dn.watch");
    h.dispatchEnter("WriteChunk"); // a synchronous call nested in it
    h.dispatchExit("WriteChunk", false);
    h.dispatchEnter("Echo");
    h.dispatchExit("Echo", true);
    h.serverExit("dn.watch", reply, false);
    assertEquals(before, Registry.DATANODE.calls(Ops.DN_WATCH), "not completed yet");
    reply.complete("done");
    assertEquals(before + 1, Registry.DATANODE.calls(Ops.DN_WATCH));
    CompletableFuture<String> failed = new CompletableFuture<>();
    h.serverEnter("dn.apply");
    h.serverExit("dn.apply", failed, false);
    failed.completeExceptionally(new IllegalStateException("apply failed"));

    List<Map<String, Object>> snap = Registry.snapshot();
    Map<String, Object> dn = snap.get(snap.size() - 1);
    assertEquals("datanode", dn.get("scope"));
    Map<?, ?> c = (Map<?, ?>) dn.get("counters");
    assertTrue((Long) c.get("dn.dispatch.WriteChunk.call") >= 1, c.toString());
    assertTrue((Long) c.get("dn.dispatch.other.failed") >= 1, c.toString());
    assertTrue((Long) c.get("dn.apply.failed") >= 1, c.toString());
    assertTrue(!c.containsKey("write.call"), "no FileSystem counters in the datanode scope: " + c);
    assertTrue(Report.json(Registry.DATANODE, "exit", all()).startsWith("{\"scope\":\"datanode\",\"fs\":null"));
    assertTrue(Report.text(Registry.DATANODE, all()).startsWith("Server timings: datanode"));
    for (Map<String, Object> fs : snap.subList(0, snap.size() - 1)) {
      assertTrue(!((Map<?, ?>) fs.get("counters")).containsKey("dn.watch.call"), fs.toString());
    }
  }
}
