package io.harness.core.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.UsageException;
import io.harness.core.records.LiveFeed;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.Monitor;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.Window;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's live view against its own records: the local engine feeds a {@link Live} hub (endpoint, CSV, JMX) while
 * its tasks run, and every figure the hub shows at the end is the records' own.
 */
class LiveTest {
  private static final int TASKS = 6;
  private static final int WRITES = 25;
  private static final long WRITE_BYTES = 4096;

  @TempDir
  Path dir;

  @Test
  void everyOutletShowsWhatTheRecordsSay() throws Exception {
    Path csv = dir.resolve("live.csv");
    Live live = new Live(new Live.Options("127.0.0.1", 0, csv, TimeUnit.MILLISECONDS.toNanos(50), true),
        json -> "<html>" + json + "</html>");
    live.start(System.err);
    LiveFeed feed = live.begin(Map.of("run_id", "r1", "workload", "test", "operation", "write", "target", "mem:/"));
    LocalEngine.Result result = LocalEngine.run(TASKS, 3, i -> "task-" + i, Window.NONE,
        Monitor.none().feeding(feed), (i, rec) -> {
          rec.call("create", rec.enter("create"), 0);
          for (int w = 0; w < WRITES; w++) {
            long start = rec.enter("write");
            Thread.sleep(1);
            rec.call("write", start, WRITE_BYTES);
          }
          if (i == TASKS - 1) {
            throw new java.io.IOException("the last task fails");
          }
        });
    live.end(feed, Map.of("exit", 1));
    LiveRun run = (LiveRun) feed;

    long bytes = result.records().stream().mapToLong(TaskRecord::bytes).sum();
    assertEquals(TASKS * WRITES * WRITE_BYTES, bytes);
    assertEquals(bytes, run.bytes());
    Histogram writes = new Histogram(3);
    result.records().forEach(r -> writes.add(r.latency().get("write")));
    LiveRun.Kind write = run.kinds().get("write");
    assertEquals(writes.getTotalCount(), write.operations().getCount());
    assertEquals(writes.getValueAtPercentile(99), write.reservoir().histogram().getValueAtPercentile(99));
    assertEquals(writes.getMaxValue(), write.latency().getSnapshot().getMax());
    assertEquals(TASKS, run.kinds().get("create").operations().getCount());
    assertEquals(new LiveFeed.TaskStates(0, TASKS - 1, 1, 0), run.taskStates());

    // the endpoint
    HttpClient http = HttpClient.newHttpClient();
    String metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + live.port() + "/metrics"))
        .build(), HttpResponse.BodyHandlers.ofString()).body();
    String labels = "operation=\"write\",run_id=\"r1\",target=\"mem:/\",workload=\"test\"";
    assertTrue(metrics.contains("harness_bytes_total{" + labels + ",kind=\"write\"} " + bytes + "\n"), metrics);
    assertTrue(metrics.contains("harness_operations_total{" + labels + ",kind=\"create\"} " + TASKS + "\n"), metrics);
    assertTrue(metrics.contains("harness_latency_seconds_count{" + labels + ",kind=\"write\"} "
        + writes.getTotalCount() + "\n"), metrics);
    assertTrue(metrics.contains("harness_tasks{" + labels + ",state=\"failed\"} 1\n"), metrics);
    assertTrue(metrics.contains("harness_run_ended{" + labels + "} 1\n"), metrics);
    String page = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + live.port() + "/")).build(),
        HttpResponse.BodyHandlers.ofString()).body();
    assertEquals("<html>live.json</html>", page);
    String json = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + live.port() + "/live.json"))
        .build(), HttpResponse.BodyHandlers.ofString()).body();
    assertTrue(json.contains("\"bytes\":" + bytes), json);

    // JMX, while the hub is open
    MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
    ObjectName bytesBean = new ObjectName("harness:run=r1,name=bytes.write");
    assertEquals(bytes, beans.getAttribute(bytesBean, "Count"));
    assertEquals((long) TASKS - 1, ((Number) beans.getAttribute(new ObjectName("harness:run=r1,name=tasks.done"),
        "Value")).longValue());

    // a port in use is bad input naming the option
    Live second = new Live(new Live.Options("127.0.0.1", live.port(), null, TimeUnit.SECONDS.toNanos(1), false),
        j -> "");
    UsageException busy = assertThrows(UsageException.class, () -> second.start(System.err));
    assertTrue(busy.getMessage().contains("--metrics-port"), busy.getMessage());

    live.close();
    assertFalse(beans.isRegistered(bytesBean));

    // the CSV: a row per interval, totals that never go down, the last "all" row the run's totals
    List<String> lines = Files.readAllLines(csv);
    assertEquals(LiveCsv.HEADER, lines.get(0));
    List<String[]> all = lines.stream().skip(1).map(l -> l.split(",")).filter(c -> c[3].equals("all")).toList();
    assertTrue(all.size() >= 2, lines.toString());
    for (int i = 1; i < all.size(); i++) {
      assertTrue(Long.parseLong(all.get(i)[4]) >= Long.parseLong(all.get(i - 1)[4]), lines.toString());
      assertTrue(Long.parseLong(all.get(i)[5]) >= Long.parseLong(all.get(i - 1)[5]), lines.toString());
    }
    String[] last = all.get(all.size() - 1);
    assertEquals(bytes, Long.parseLong(last[4]));
    assertEquals(writes.getTotalCount() + TASKS, Long.parseLong(last[5]));
    assertEquals("1", last[11]);
  }
}
