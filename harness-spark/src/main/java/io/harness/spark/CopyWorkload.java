package io.harness.spark;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.base.UsageException;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import org.apache.hadoop.fs.Path;

/**
 * A {@code spark copy} run for the pipeline: a Parquet data set read and written again by one Spark job (the
 * source and the destination may be on different file systems); {@code spark generate}'s description travels
 * with the rows; with {@code --verify}, both sets are counted and the copy is scanned.
 */
public final class CopyWorkload extends NamedWorkload<SparkTarget, Copy.Plan> {
  static final String SRC = "SRC";
  static final String DST = "DST";

  private ParquetDirs.DataFiles sourceFiles;
  private String writesUnder;

  public CopyWorkload(Copy.Plan plan) {
    super("spark", "copy", plan);
  }

  @Override
  public java.util.Map<String, String> dataPaths(SparkTarget target) {
    return java.util.Map.of(SRC, target.place(SRC).uri(), DST, target.place(DST).uri());
  }

  @Override
  public void preflight(SparkTarget target) throws Exception {
    SparkTarget.Place src = target.place(SRC);
    SparkTarget.Place dst = target.place(DST);
    sourceFiles = ParquetDirs.existing(src);
    boolean sameFs = src.fs().getUri().equals(dst.fs().getUri());
    if (sameFs && (within(dst.path(), src.path()) || within(src.path(), dst.path()))) {
      throw new UsageException(DST, dst.path() + " overlaps SRC " + src.path());
    }
    ParquetDirs.checkDestination(dst, plan.overwrite(), "--overwrite replaces a directory that holds Spark's "
        + "Parquet output");
    writesUnder = dst.uri();
  }

  /** The source's bytes, once {@link #preflight} has listed them (the copy is about as large). */
  @Override
  public OptionalLong plannedBytes() {
    return sourceFiles == null ? OptionalLong.empty() : OptionalLong.of(sourceFiles.bytes());
  }

  @Override
  public String writesUnder() {
    return writesUnder;
  }

  /** Whether {@code inner} is {@code outer} or lies under it (both qualified). */
  private static boolean within(Path inner, Path outer) {
    String i = inner.toString();
    String o = outer.toString();
    return i.equals(o) || i.startsWith(o.endsWith("/") ? o : o + "/");
  }

  @Override
  public Prepared prepare(SparkTarget target, Settings settings) throws IOException {
    SparkRunner spark = target.spark(settings);
    SparkTarget.Place src = target.place(SRC);
    SparkTarget.Place dst = target.place(DST);
    String line = String.format(Locale.ROOT, "spark copy: %s (%s in %d file(s)) to %s", src.path(),
        SparkNotes.mb(sourceFiles.bytes()), sourceFiles.count(), dst.path());
    ParquetDirs.replace(dst);
    return new Prepared(new SparkEngine(spark, "spark copy", true, run -> copy(run, src, dst)), line, dst.uri());
  }

  /** The job (measured), the marker, then with {@code --verify} the counts and the scan. */
  private void copy(SparkEngine.Run run, SparkTarget.Place src, SparkTarget.Place dst) throws Exception {
    run.note(CopyFigures.SOURCE, src.uri());
    run.note(CopyFigures.FILES_READ, sourceFiles.count());
    run.note(CopyFigures.BYTES_READ, sourceFiles.bytes());
    run.begin();
    List<TaskCollector.SparkTask> tasks = run.job("copy to " + dst.path(),
        () -> run.spark.copy(src.uri(), dst.uri(), plan.compression()));
    run.end();
    run.tasks(tasks, "", true);
    ParquetDirs.DataFiles written = ParquetDirs.list(dst.fs(), dst.path());
    run.note(CopyFigures.FILES_WRITTEN, written.count());
    run.note(CopyFigures.BYTES_WRITTEN, written.bytes());
    copyMarker(src, dst);
    if (plan.verify()) {
      run.note(CopyFigures.SOURCE_ROWS, run.job("--verify: count of " + src.path(),
          () -> run.spark.count(src.uri(), false).rows()));
      run.note(CopyFigures.DESTINATION_ROWS, run.job("--verify: count of " + dst.path(),
          () -> run.spark.count(dst.uri(), false).rows()));
      run.note(CopyFigures.VERIFY, Verification.of(run.spark, dst));
    }
  }

  /** generate's description travels with the rows, so 'count --verify' checks the copy too. */
  private static void copyMarker(SparkTarget.Place src, SparkTarget.Place dst) throws IOException {
    if (!src.fs().getFileStatus(src.path()).isDirectory()) {
      return;
    }
    Path from = new Path(src.path(), ParquetDirs.MARKER);
    if (!src.fs().exists(from)) {
      return;
    }
    try (InputStream in = src.fs().open(from);
        OutputStream out = dst.fs().create(new Path(dst.path(), ParquetDirs.MARKER), true)) {
      in.transferTo(out);
    }
  }

  @Override
  public Figures figures(RunRecords records) {
    return CopyFigures.of(records);
  }
}
