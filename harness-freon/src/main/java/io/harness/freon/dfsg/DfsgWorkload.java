package io.harness.freon.dfsg;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.base.RunFailedException;
import io.harness.core.base.SeededData;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.TaskStreams;
import io.harness.core.records.Window;
import io.harness.core.workload.Figures;
import io.harness.core.engine.ItemLoop;
import io.harness.core.engine.OwnClients;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.fs.Roots;
import io.harness.core.fs.Target;
import io.harness.core.base.Durations;
import io.harness.core.base.Sizes;
import java.io.IOException;
import java.util.Locale;
import java.util.OptionalLong;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Freon's HCFS file generator for the pipeline: files {@code <path>/<prefix>/<n>} on a number of threads
 * (Freon's loop: {@link ItemLoop}), each thread through a file system client of its own ({@link OwnClients}), each file
 * written from the content buffer, {@code --copy-buffer} bytes per call with an optional hflush / hsync after each,
 * and timed from create to close.
 */
public final class DfsgWorkload extends NamedWorkload<Target, Dfsg.Plan> {
  private Path dir;
  private String directory;

  /** The workload of {@code plan}; a saved run's files went to {@code directory} (null: a new run). */
  DfsgWorkload(Dfsg.Plan plan, String directory) {
    super("freon", "dfsg", "freon dfsg", plan);
    this.directory = directory;
  }

  @Override
  public String writesUnder() {
    return dir == null ? null : dir.toString();
  }

  /** The run's own directory, {@code <path>/<prefix>}, which it makes and writes its files in. */
  @Override
  public java.util.Map<String, String> dataPaths(Target target) {
    return java.util.Map.of("--path", directory != null ? directory : new Path(base(target), plan.prefix()).toString());
  }

  private Path base(Target target) {
    return target.resolveRoot(plan.path() != null ? plan.path() : "/freon-dfsg");
  }

  @Override
  public void preflight(Target target) throws IOException {
    Path base = base(target);
    // a saved run's workload, rebuilt (by a client of the MapReduce engine), works where that run did
    dir = directory != null ? new Path(directory) : new Path(base, plan.prefix());
    Roots.check(target, dir, "--path");
    Roots.checkAncestors(target, base, "--path");
    if (directory == null && target.fs().exists(dir)) {
      // its files 0, 1, 2 ... would replace what is there
      throw new io.harness.core.base.UsageException("--prefix", target.fs().makeQualified(dir) + " exists: a dfsg "
          + "run writes into a directory of its own, which it makes: give a new --prefix (or none)");
    }
  }

  @Override
  public Prepared prepare(Target target, Settings settings) throws IOException {
    FileSystem fs = target.fs();
    Path q = fs.makeQualified(dir);
    directory = q.toString();
    try {
      fs.mkdirs(dir);
    } catch (IOException e) {
      throw new RunFailedException("cannot create " + q + ": " + e.getMessage(), e);
    }
    byte[] content = new byte[plan.bufferBytes()];
    new SeededData(plan.seed(), 0).fill(content, 0, plan.bufferBytes(), 0);
    ItemLoop loop = new ItemLoop(plan.timeBounded() ? -1 : plan.files(), plan.threads(),
        plan.timeBounded() ? new Window(0, plan.durationNanos()) : Window.NONE, plan.failAtEnd(), "freon dfsg",
        "files", "file", new OwnClients(fs.getUri(), target.conf(), (own, item, rec) -> {
          writeFile(own, new Path(dir, Long.toString(item)), content, rec);
          return plan.fileBytes();
        }));
    String line = String.format(Locale.ROOT, "freon dfsg: %s x %s, %d thread(s), buffer %d B, %d B per write, "
        + "sync %s, to %s", plan.timeBounded() ? "files for " + Durations.format(plan.durationNanos())
            : plan.files() + " file(s)", Sizes.format(plan.fileBytes()), plan.threads(), plan.bufferBytes(),
        plan.copyBytes(), plan.sync(), q);
    return new Prepared(loop, line, directory);
  }

  @Override
  public OptionalLong plannedBytes() {
    return plan.timeBounded() ? OptionalLong.empty() : OptionalLong.of(Sizes.planned("-n x -s", plan.files(),
        plan.fileBytes()));
  }

  @Override
  public Figures figures(RunRecords records) {
    return DfsgFigures.of(plan, directory, records);
  }

  /**
   * Writes one file as Freon does: the content buffer again and again, --copy-buffer bytes per call. The
   * calls are not timed one by one (the file is), but each is marked, so a stuck thread's call is named.
   */
  private void writeFile(FileSystem fs, Path file, byte[] content, TaskRecorder rec) throws Exception {
    rec.enter("create");
    FSDataOutputStream out = fs.create(file, true);
    try {
      for (long remaining = plan.fileBytes(); remaining > 0; remaining -= plan.bufferBytes()) {
        int cur = (int) Math.min(plan.bufferBytes(), remaining);
        // a long: the last offset plus a call's bytes may pass an int's range with a buffer near 2 GB
        for (long i = 0; i < cur; i += plan.copyBytes()) {
          rec.enter("write");
          out.write(content, (int) i, (int) Math.min(plan.copyBytes(), cur - i));
          switch (plan.sync()) {
            case HFLUSH -> {
              rec.enter("hflush");
              out.hflush();
            }
            case HSYNC -> {
              rec.enter("hsync");
              out.hsync();
            }
            default -> { }
          }
        }
      }
    } catch (Throwable e) {
      TaskStreams.closeAfter(out, e);
      throw e;
    }
    rec.enter("close");
    out.close();
  }
}
