package io.harness.teragen;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.records.Window;
import io.harness.core.workload.Figures;
import io.harness.core.engine.LocalEngine;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.fs.Target;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A teravalidate run for the pipeline: one task per data file of the directory (names not starting with
 * {@code _} or {@code .}, in name order, as TeraValidate orders them); rows, checksum and key order come from
 * the tasks' records.
 */
public final class TeraValidateWorkload extends NamedWorkload<Target, TeraValidate.Plan> {
  private Path path;
  private FileStatus[] files;

  public TeraValidateWorkload(TeraValidate.Plan plan) {
    super("teravalidate", "validate", plan);
  }

  @Override
  public java.util.Map<String, String> dataPaths(Target target) {
    return java.util.Map.of("DIR", target.resolveRoot(plan.dir()).toString());
  }

  @Override
  public void preflight(Target target) {
    path = target.resolveRoot(plan.dir());
    try {
      FileSystem fs = target.fs();
      if (!fs.exists(path)) {
        throw new UsageException("DIR", fs.makeQualified(path) + " does not exist");
      }
      if (!fs.getFileStatus(path).isDirectory()) {
        throw new UsageException("DIR", fs.makeQualified(path) + " is a file, not a directory of part files");
      }
      files = fs.listStatus(path, p -> !p.getName().startsWith("_") && !p.getName().startsWith("."));
      Arrays.sort(files);
      if (files.length == 0) {
        throw new UsageException("DIR", fs.makeQualified(path) + " holds no data files");
      }
      for (FileStatus f : files) {
        if (f.isDirectory()) {
          throw new UsageException("DIR", fs.makeQualified(path) + " holds a directory, "
              + f.getPath().getName() + ": not a TeraGen output directory");
        }
      }
    } catch (IOException e) {
      throw new RunFailedException("cannot list " + path + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Prepared prepare(Target target, Settings settings) throws IOException {
    FileSystem fs = target.fs();
    long bytes = Arrays.stream(files).mapToLong(FileStatus::getLen).sum();
    LocalEngine engine = new LocalEngine(files.length, Math.min(settings.threadsFor(files.length), files.length),
        i -> files[i].getPath().getName(), Window.NONE, "teravalidate", m -> m.totalBytes(bytes),
        new FileCheck(fs, files, plan.bufferRows(), plan.checksumOnly()));
    Path q = fs.makeQualified(path);
    return new Prepared(engine, String.format(Locale.ROOT, "teravalidate: %d file(s) under %s, %s%s", files.length,
        q, engine.describe(), plan.checksumOnly() ? ", checksum only" : ""), q.toString());
  }

  @Override
  public Figures figures(RunRecords records) {
    return TeraValidateFigures.of(plan, records);
  }
}
