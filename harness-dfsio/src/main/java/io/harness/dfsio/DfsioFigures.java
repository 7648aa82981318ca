package io.harness.dfsio;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.harness.core.run.Analysis;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * A dfsio run's own figures, as its JSON has them: the run's shape and TestDFSIO's sums and figures
 * ({@code legacy}), and where TestDFSIO's part file went ({@code partFile}, once the run tried to write it).
 * Printed as TestDFSIO's block.
 */
public record DfsioFigures(long fileSizeBytes, long bufferSizeBytes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long skipSizeBytes, int nrFiles, long seed, String compressionCodec,
    String storagePolicy, String erasureCodingPolicy, String ozoneReplication, double warmupSeconds,
    Double durationSeconds, Legacy legacy, @JsonInclude(JsonInclude.Include.NON_NULL) PartFileState partFile,
    @JsonIgnore LegacyFigures sums, @JsonIgnore long dateEpochMillis, @JsonIgnore String nothingMeasured)
    implements Figures {

  /**
   * TestDFSIO's sums and the figures it prints from them; the rates are null when no task measured anything
   * (none succeeded, or the warm-up covered them all): TestDFSIO would divide 0 by 0.
   */
  public record Legacy(String testType, long tasks, long size, double timeMillis, double rate, double sqrate,
      double totalMBytes, Double throughputMbSec, Double averageIoRateMbSec, Double ioRateStdDev,
      double execTimeSec) {
    static Legacy of(LegacyFigures f) {
      boolean none = f.tasks() == 0;
      return new Legacy(f.testType(), f.tasks(), f.size(), f.timeMillis(), f.rate(), f.sqrate(), f.totalMBytes(),
          none ? null : f.throughputMbSec(), none ? null : f.averageIoRateMbSec(), none ? null : f.ioRateStdDev(),
          f.execTimeSeconds());
    }
  }

  /** Where the run's part file is on the target, and whether it was written (else why not). */
  public record PartFileState(String path, boolean written, @JsonInclude(JsonInclude.Include.NON_NULL) String error,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double seconds) {
    PartFileState(String path, boolean written, String error) {
      this(path, written, error, null);
    }
  }

  /** The figures of {@code plan}'s run from its records alone. */
  static DfsioFigures of(DfsioPlan plan, RunRecords records) {
    LegacyFigures sums = legacy(plan, records);
    return new DfsioFigures(plan.fileBytes(), plan.bufferBytes(),
        plan.op() == DfsioOperation.READ_SKIP ? plan.skipBytes() : null, plan.nrFiles(), plan.seed(), plan.codec(),
        plan.storagePolicy(), plan.erasureCodePolicy(), plan.replication(), plan.window().warmupNanos() / 1e9,
        plan.window().timeBounded() ? plan.window().durationNanos() / 1e9 : null, Legacy.of(sums), null, sums,
        records.engineEndEpochNanos() / 1_000_000, nothingMeasured(plan, records, sums));
  }

  /**
   * The line that fails a run whose warm-up covered every task that succeeded (each ended within it: nothing was
   * measured), or null.
   */
  private static String nothingMeasured(DfsioPlan plan, RunRecords records, LegacyFigures sums) {
    long succeeded = records.tasks().stream().filter(t -> !t.failed()).count();
    if (plan.window().warmupNanos() == 0 || succeeded == 0 || sums.tasks() > 0
        || records.tasks().stream().anyMatch(t -> !t.failed() && t.durationNanos() > 0)) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "dfsio: the warm-up (--warmup %s) covered the whole run: each of "
        + "the %d task(s) ended within it (the run took %.3f s), so nothing was measured; use a shorter --warmup or "
        + "a longer run (--duration)", io.harness.core.base.Durations.format(plan.window().warmupNanos()), succeeded,
        records.engineMillis() / 1e3);
  }

  /** A run whose warm-up covered every task fails, saying so. */
  @Override
  public List<String> failures() {
    return nothingMeasured == null ? List.of() : List.of(nothingMeasured);
  }

  /**
   * TestDFSIO's sums: the reducer's own (in TestDFSIO's float arithmetic) when a MapReduce job wrote them,
   * else summed over the succeeded tasks' records.
   */
  private static LegacyFigures legacy(DfsioPlan plan, RunRecords records) {
    String type = plan.op().testType();
    // the reducer's sums are the whole job's: a window of the run sums its tasks' parts inside it
    if (records.window() == null && records.extra().get(DfsioMapReduce.SUMS) instanceof Map<?, ?> s) {
      // as the part file has them (its text), so the figures are TestDFSIO's to the last digit
      return LegacyFigures.ofPartFile(type, Long.parseLong(text(s, "tasks")), Long.parseLong(text(s, "size")),
          Long.parseLong(text(s, "time")), Float.parseFloat(text(s, "rate")), Float.parseFloat(text(s, "sqrate")),
          records.engineMillis());
    }
    return LegacyFigures.of(type, records.tasks(), records.engineMillis());
  }

  private static String text(Map<?, ?> m, String key) {
    return String.valueOf(m.get(key));
  }

  /** These figures with where the part file went. */
  DfsioFigures withPartFile(PartFileState state) {
    return new DfsioFigures(fileSizeBytes, bufferSizeBytes, skipSizeBytes, nrFiles, seed, compressionCodec,
        storagePolicy, erasureCodingPolicy, ozoneReplication, warmupSeconds, durationSeconds, legacy, state, sums,
        dateEpochMillis, nothingMeasured);
  }

  /** TestDFSIO's throughput, average IO rate and its standard deviation; none when no task succeeded. */
  @Override
  public List<io.harness.core.workload.Column> columns() {
    return legacy.tasks() > 0 ? io.harness.core.workload.Column.testDfsio(legacy.throughputMbSec(),
        legacy.averageIoRateMbSec(), legacy.ioRateStdDev()) : List.of();
  }

  @Override
  public List<String> lines() {
    return sums.tasks() > 0 ? sums.lines(new Date(dateEpochMillis)) : new ArrayList<>();
  }
}
