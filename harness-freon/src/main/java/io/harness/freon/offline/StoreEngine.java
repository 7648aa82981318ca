package io.harness.freon.offline;

import io.harness.core.records.Failures;
import io.harness.core.records.EpochClock;
import io.harness.core.records.TaskRecorder;
import io.harness.core.engine.Engine;
import io.harness.core.engine.ItemLoop;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An offline generator's engine: its containers on core's {@link ItemLoop} (items = containers), between
 * opening its stores and committing and closing them. The engine's time runs from the loop's start (its
 * per-second latency counts from there) to the stores' closing; its own time on the stores is noted as {@value OfflineTotals#STORE_NANOS}, what the generator
 * tells about them in the records' {@code extra}, and a failure while committing or closing as
 * {@value OfflineTotals#STORE_ERROR} (it fails the run, whose records are still saved).
 *
 * @param loop the containers
 * @param stores what comes before and after them
 */
record StoreEngine(ItemLoop loop, Stores stores) implements Engine {

  /** What a generator does before and after its containers. */
  interface Stores {
    /**
     * Opens the stores (and writes what goes before the containers), noting facts in {@code extra}. On a
     * failure it leaves nothing open.
     */
    void open(Map<String, Object> extra) throws Exception;

    /**
     * Called once after the containers when {@link #open} returned: commits what is pending when
     * {@code complete} (every container was written), and closes the stores, noting facts in {@code extra}.
     */
    void close(boolean complete, Map<String, Object> extra) throws Exception;
  }

  @Override
  public String describe() {
    return loop.describe();
  }

  @Override
  public RunRecords run(Settings settings) throws Exception {
    Map<String, Object> extra = new LinkedHashMap<>();
    long t = System.nanoTime();
    stores.open(extra);
    long storeNanos = System.nanoTime() - t;
    RunRecords done;
    try {
      done = loop.run(settings);
    } catch (Exception | Error e) {
      try {
        stores.close(false, extra);
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    boolean complete = ItemLoop.done(done) == loop.items() && ItemLoop.failed(done) == 0 && done.failed().isEmpty();
    t = System.nanoTime();
    try {
      stores.close(complete, extra);
    } catch (Exception e) {
      extra.put(OfflineTotals.STORE_ERROR, "committing or closing the stores failed: " + Failures.describe(e));
    }
    storeNanos += System.nanoTime() - t;
    extra.put(OfflineTotals.STORE_NANOS, storeNanos);
    return new RunRecords(done.tasks(), done.intervals(), done.engineStartEpochNanos(), EpochClock.nowEpochNanos(), done.stopped(), extra);
  }
}
