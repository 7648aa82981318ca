package io.harness.dfsio;

import io.harness.core.base.RunFailedException;
import io.harness.core.engine.Observation;
import io.harness.core.records.EpochClock;
import io.harness.core.engine.MapReduceJobs;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.engine.Engine;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.engine.clients.MapBarrier;
import io.harness.core.fs.Target;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * dfsio's MapReduce engine: TestDFSIO's job (control files, one map per file, one reducer writing
 * {@code io_<op>/part-00000}). The maps' own records come back through the part file; so do the reducer's
 * sums in TestDFSIO's arithmetic ({@value #SUMS} in the records), and with {@code --instrument} on a
 * cluster each map's counters.
 */
final class DfsioMapReduce implements Engine {
  /** The run records' key for the reducer's sums, as the part file has them. */
  static final String SUMS = "testDfsioSums";

  private final DfsioPlan plan;
  private final Target target;
  private final Path root;

  DfsioMapReduce(DfsioPlan plan, Target target, Path root) {
    this.plan = plan;
    this.target = target;
    this.root = root;
  }

  @Override
  public String describe() {
    return "MapReduce engine (" + target.conf().get("mapreduce.framework.name", "local") + ")";
  }

  @Override
  public RunRecords run(Settings settings) throws Exception {
    Observation recording = settings.observation();
    DfsioJob.Ran job;
    try {
      // the job's id and tracking URL are among the run's own lines
      job = DfsioJob.run(MapReduceJobs.withTaskTimeout(target.conf(), settings.taskTimeoutNanos()), target.fs(), plan.params(root.toString()), plan.nrFiles(), plan.barrier(),
          recording, settings.out(), settings.stop(), settings.live());
    } catch (RunFailedException e) {
      if (!settings.stop().requested()) {
        throw e;
      }
      // stopped, and the job killed (its maps had not ended): their figures are lost with it; the run is recorded
      settings.err().println("dfsio: " + e.getMessage());
      long now = EpochClock.nowEpochNanos();
      return new RunRecords(List.of(), List.of(), now, now, true);
    }
    long end = EpochClock.nowEpochNanos();
    PartFile part = PartFile.read(target.fs(), new Path(root, plan.op().resultDir()));
    if (recording != null) {
      for (Map.Entry<String, String> e : part.instrumentation().entrySet()) {
        recording.addTaskTimings(e.getKey(), TaskInstrumentation.parse(e.getValue()));
      }
    }
    Map<String, Object> sums = new LinkedHashMap<>();
    for (String key : new String[] {"tasks", "size", "time", "rate", "sqrate"}) {
      String v = part.legacy(key);
      sums.put(key, v == null ? "0" : v); // none when no task succeeded
    }
    // a stopped run's maps ended early (those that had not started did nothing): what they did is its records
    boolean stopped = settings.stop().requested();
    if (plan.barrier() == null) {
      return new RunRecords(part.records(), part.intervals(true), end - (long) (job.millis() * 1e6), end, stopped,
          Map.of(SUMS, sums));
    }
    // at a start barrier the run starts at its release, and the maps' reports say who came late
    MapBarrier.Collected maps = MapBarrier.collect(target.fs(), root, plan.barrier(), plan.nrFiles(), job.job(),
        stopped);
    List<io.harness.core.records.TaskRecord> records = part.records();
    long last = records.stream().mapToLong(io.harness.core.records.TaskRecord::endEpochNanos).max().orElse(end);
    return new RunRecords(records, part.intervals(plan.barrier().countLate()), maps.releaseEpochNanos(),
        Math.max(last, maps.releaseEpochNanos()), stopped,
        Map.of(SUMS, sums, io.harness.core.run.Analysis.CLIENTS, maps.noted()));
  }
}
