package io.harness.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.Sizes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RemoteProgressTest {
  @Test
  void plainLinesCountFromTheStartAndStopWhenClosed() throws Exception {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    PrintStream log = new PrintStream(buffer, true, StandardCharsets.UTF_8);
    // what the engine had counted before the run (an earlier job of the same session) is not the run's
    AtomicLong done = new AtomicLong(5);
    AtomicLong bytes = new AtomicLong(7 * Sizes.MB);
    RemoteProgress p = RemoteProgress.start(log, "spark generate",
        () -> new RemoteProgress.Counts(done.get(), 2, bytes.get()), io.harness.core.base.StopRequest.detached(), () -> { },
        TimeUnit.MILLISECONDS.toNanos(20),
        false);
    done.addAndGet(3);
    bytes.addAndGet(3 * Sizes.MB);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!lines(buffer).stream().anyMatch(l -> l.contains("3 task(s) done")) && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    p.close();
    List<String> lines = lines(buffer);
    String last = lines.get(lines.size() - 1);
    assertTrue(last.matches("spark generate: \\d+ s, 3 task\\(s\\) done, 2 running, 3(\\.0)? MB, [0-9.]+ MB/s"), last);
    int after = lines(buffer).size();
    Thread.sleep(50);
    assertEquals(after, lines(buffer).size(), "no line once closed");
  }

  private static List<String> lines(ByteArrayOutputStream buffer) {
    return buffer.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
