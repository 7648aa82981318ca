package io.harness.teragen;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.records.EpochClock;
import io.harness.core.records.Window;
import io.harness.core.engine.Engine;
import io.harness.core.workload.Figures;
import io.harness.core.engine.LocalEngine;
import io.harness.core.workload.RunOutcome;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.fs.Roots;
import io.harness.core.fs.Target;
import io.harness.core.base.Sizes;
import java.io.IOException;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A teragen run for the pipeline: TeraGen's rows in {@code part-m-NNNNN} files under the output directory, one
 * task (a thread, or a map of a MapReduce job) per file; the local engine leaves {@code _SUCCESS} when every
 * file was written, as a job's committer does.
 */
public final class TeraGenWorkload extends NamedWorkload<Target, TeraGen.Plan> {
  /** What a teragen output directory may hold for --overwrite to replace it. */
  static final Pattern OUTPUT_ENTRY = Pattern.compile("part-m-\\d{5,}|_SUCCESS|_temporary|_clients"
      + "|_harness-part-m-\\d{5,}|\\.part-m-\\d{5,}\\.crc|\\._SUCCESS\\.crc");

  private Path out;
  private boolean mapReduce;

  public TeraGenWorkload(TeraGen.Plan plan) {
    super("teragen", "generate", plan);
  }

  @Override
  public String writesUnder() {
    return out == null ? null : out.toString();
  }

  @Override
  public java.util.Map<String, String> dataPaths(Target target) {
    return java.util.Map.of("OUT_DIR", target.resolveRoot(plan.out()).toString());
  }

  @Override
  public void preflight(Target target) {
    out = target.resolveRoot(plan.out());
    Roots.check(target, out, "OUT_DIR");
    Roots.checkAncestors(target, out, "OUT_DIR");
    FileStatus st;
    FileSystem fs;
    try {
      fs = target.fs();
      st = fs.exists(out) ? fs.getFileStatus(out) : null;
    } catch (IOException e) {
      throw new RunFailedException("cannot look at " + out + ": " + e.getMessage(), e);
    }
    if (st == null) {
      return;
    }
    Path q = fs.makeQualified(out);
    if (!plan.overwrite()) {
      throw new UsageException("OUT_DIR", q + " already exists (teragen writes a new directory; "
          + "--overwrite replaces one that holds teragen output)");
    }
    if (!st.isDirectory()) {
      throw new UsageException("OUT_DIR", q + " is a file, not a teragen output directory; nothing deleted");
    }
    try {
      for (FileStatus child : fs.listStatus(out)) {
        if (!OUTPUT_ENTRY.matcher(child.getPath().getName()).matches()) {
          throw new UsageException("--overwrite", q + " holds " + child.getPath().getName()
              + ", which teragen did not write; nothing deleted");
        }
      }
    } catch (IOException e) {
      throw new RunFailedException("cannot list " + q + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Prepared prepare(Target target, Settings settings) throws IOException {
    FileSystem fs = target.fs();
    Path q = fs.makeQualified(out);
    try {
      if (fs.exists(out) && !fs.delete(out, true)) {
        throw new RunFailedException("--overwrite: could not delete " + q);
      }
    } catch (IOException e) {
      throw new RunFailedException("--overwrite: could not delete " + q + ": " + e.getMessage(), e);
    }
    mapReduce = io.harness.core.engine.Engines.mapReduce(plan.engine(), target.conf());
    Engine engine;
    if (mapReduce) {
      engine = mapReduceEngine(target);
    } else {
      try {
        if (!fs.mkdirs(out)) {
          throw new RunFailedException("cannot create " + q);
        }
      } catch (IOException e) {
        throw new RunFailedException("cannot create " + q + ": " + e.getMessage(), e);
      }
      RowWriter writer = new RowWriter(fs, RowRange.split(plan.rows(), plan.maps()),
          i -> new Path(out, RowRange.fileName(i)), plan.batchRows(), plan.finalSync());
      engine = new LocalEngine(plan.maps(), settings.threadsFor(plan.maps()), RowRange::fileName, Window.NONE,
          "teragen", m -> m.totalBytes(plan.rows() * TeraRows.ROW), writer);
    }
    String line = String.format(Locale.ROOT, "teragen: %d rows (%s) in %d file(s), %s%s, to %s", plan.rows(),
        Sizes.format(plan.rows() * TeraRows.ROW), plan.maps(), engine.describe(),
        plan.finalSync() ? ", hsync before close" : "", q) + (plan.barrier() == null ? "" : ", "
        + plan.barrier().describe());
    return new Prepared(engine, line, q.toString());
  }

  /** The map-only job: one map per file; the maps' records (with their checksums) come back from side files. */
  private Engine mapReduceEngine(Target target) {
    return new Engine() {
      @Override
      public String describe() {
        return "MapReduce engine (" + target.conf().get("mapreduce.framework.name", "local") + ")";
      }

      @Override
      public RunRecords run(Settings settings) throws Exception {
        TeraGenJob.Result r = TeraGenJob.run(io.harness.core.engine.MapReduceJobs.withTaskTimeout(target.conf(),
            settings.taskTimeoutNanos()), target.fs(), out, plan.rows(), plan.maps(),
            new TeraGenJob.Settings(plan.batchRows(), plan.finalSync()), plan.barrier(), settings.observation(),
            settings.out(), settings.stop());
        long end = EpochClock.nowEpochNanos();
        // a stopped run's maps ended early (those that had not started wrote nothing): their records are the run's
        boolean stopped = settings.stop().requested();
        if (r.barrier() == null) {
          return new RunRecords(r.records(), r.intervals(), end - (long) (r.jobMillis() * 1e6), end, stopped,
              java.util.Map.of(TeraGenFigures.ENGINE, "mapreduce"));
        }
        // at a start barrier the run starts at its release
        long release = r.barrier().releaseEpochNanos();
        long last = r.records().stream().mapToLong(io.harness.core.records.TaskRecord::endEpochNanos).max()
            .orElse(end);
        return new RunRecords(r.records(), r.intervals(), release, Math.max(last, release), stopped,
            java.util.Map.of(TeraGenFigures.ENGINE, "mapreduce", io.harness.core.run.Analysis.CLIENTS,
                r.barrier().noted()));
      }
    };
  }

  @Override
  public java.util.OptionalLong plannedBytes() {
    return java.util.OptionalLong.of(io.harness.core.base.Sizes.planned("ROWS", plan.rows(), 100));
  }

  @Override
  public Figures figures(RunRecords records) {
    return TeraGenFigures.of(plan, records);
  }

  /** The local engine's {@code _SUCCESS}, when every file was written whole (a job's committer leaves its own). */
  @Override
  public Figures finish(Target target, RunOutcome outcome, Settings settings) throws IOException {
    boolean complete = outcome.records().failed().isEmpty() && !outcome.records().stopped()
        && !settings.stop().requested();
    if (!mapReduce && complete) {
      target.fs().create(new Path(out, "_SUCCESS"), true).close();
    }
    if (mapReduce && !complete) {
      // the job of a stopped run committed what its maps wrote before the stop: not a whole output, as a local run's;
      // a job killed by the stop leaves its attempts' folder
      target.fs().delete(new Path(out, "_SUCCESS"), false);
      target.fs().delete(new Path(out, org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter.PENDING_DIR_NAME),
          true);
    }
    if (settings.stop().requested()) {
      settings.err().println("teragen: " + target.fs().makeQualified(out) + " is incomplete (no _SUCCESS)");
    }
    return outcome.figures();
  }
}
