package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.live.Live;
import io.harness.core.result.ResultWriter;
import io.harness.core.run.RunBuilder;
import io.harness.core.workload.RunOutcome;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark runs feed the live view (local master): the driver's listener feeds each task attempt of the measured jobs
 * as it ends, so after a generate and a count the metrics port holds each run's bytes and tasks as its saved
 * {@code result.json} has them, and JMX (Spark's class path has Dropwizard metrics 4) the same bytes.
 */
class SparkLiveTest {
  @TempDir
  Path tmp;

  @Test
  void theEndpointHoldsWhatEachRunsResultSays() throws Exception {
    Path runs = tmp.resolve("runs");
    String set = tmp.resolve("set").toUri().toString();
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    try (Live hub = RunBuilder.liveHub(new Live.Options(Live.Options.LOOPBACK, 0, tmp.resolve("live.csv"),
        TimeUnit.MILLISECONDS.toNanos(200), true))) {
      hub.start(System.err);
      RunOutcome gen = Generate.dir(set).records(400).iterations(2).recordSize("1KB").partitions(3).seed(7)
          .master("local[2]").live(hub).saveTo(runs).run(conf);
      assertEquals(0, gen.exitCode());
      RunOutcome count = Count.dir(set).verify().live(hub).saveTo(runs).run(conf);
      assertEquals(0, count.exitCode());

      String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
          + hub.port() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
      MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
      for (String operation : List.of("generate", "count")) {
        JsonNode result = saved(runs, operation);
        String id = folder(runs, operation).getFileName().toString();
        long bytes = result.at("/aggregate/bytes").asLong();
        assertTrue(bytes > 0, operation);
        String labels = "operation=\"" + operation + "\",run_id=\"" + id + "\"";
        assertTrue(metrics.contains("harness_bytes_total{" + labels), labels + " in " + metrics);
        assertEquals(bytes, sum(metrics, "harness_bytes_total{" + labels), operation + ": " + metrics);
        assertEquals(result.at("/aggregate/latency/task/count").asLong(),
            sum(metrics, "harness_operations_total{" + labels), operation + ": " + metrics);
        // every task by state: all done
        assertEquals(result.at("/tasks").size(), sum(metrics, "harness_tasks{" + labels + ","), operation);
        assertTrue(metrics.contains("harness_tasks{" + labels), metrics);
        ObjectName bean = new ObjectName("harness:run=" + id + ",name=bytes.task");
        assertEquals(bytes, beans.getAttribute(bean, "Count"), operation);
      }
    }
  }

  /** The sum of the samples whose line starts with {@code prefix}. */
  private static long sum(String metrics, String prefix) {
    return metrics.lines().filter(l -> l.startsWith(prefix))
        .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
  }

  private static Path folder(Path runs, String operation) throws Exception {
    try (Stream<Path> s = Files.list(runs)) {
      List<Path> all = s.filter(p -> p.getFileName().toString().endsWith("-spark-" + operation)).toList();
      assertEquals(1, all.size(), all.toString());
      return all.get(0);
    }
  }

  private static JsonNode saved(Path runs, String operation) throws Exception {
    return ResultWriter.mapper().readTree(folder(runs, operation).resolve("result.json").toFile());
  }
}
