package io.harness.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HeartbeatTest {
  @Test
  void beatsUntilClosedThenStops() throws Exception {
    AtomicInteger beats = new AtomicInteger();
    CountDownLatch three = new CountDownLatch(3);
    Heartbeat h = Heartbeat.every(5, () -> {
      beats.incrementAndGet();
      three.countDown();
    });
    assertTrue(three.await(60, TimeUnit.SECONDS), "three beats");
    h.close();
    // the thread ends on close: after it has, the count no longer moves
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().equals("harness-heartbeat")) {
        t.join(60_000);
      }
    }
    int after = beats.get();
    Thread.sleep(50);
    assertEquals(after, beats.get());
  }
}
