package io.harness.freon.dfsg;

import io.harness.core.base.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.run.Workload;
import io.harness.core.target.Target;
import io.harness.core.util.Durations;
import io.harness.core.util.Sizes;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon dfsg}: Freon's HCFS file generator. Threads create files
 * {@code <path>/<prefix>/<n>} of {@code -s} bytes through any Hadoop file system, writing a content
 * buffer {@code --copy-buffer} bytes per call with an optional hflush / hsync after each call, and
 * time every file from create to close.
 */
@Command(name = "dfsg", aliases = "dfs-file-generator", mixinStandardHelpOptions = true, sortOptions = false,
    resourceBundle = "io.harness.freon.dfsg.DfsgHelp",
    description = {
        "Creates files through any Hadoop file system (hdfs://, ofs://, o3fs://, file://), as Ozone's "
            + "'freon dfsg': <path>/<prefix>/<0..n-1>, each -s bytes.",
        "Prints files/s, MB/s, failures and the per-file create+write+close latency; writes the run's JSON."})
public final class DfsgCommand extends WorkloadCommand {
  @Option(names = {"-n", "--number-of-tests"}, paramLabel = "N", defaultValue = "1000",
      description = "Files to create (default: ${DEFAULT-VALUE}; ignored with --duration).")
  long files;

  @Option(names = {"-s", "--size"}, paramLabel = "SIZE", defaultValue = "10KB",
      description = "Bytes per file: B, KB, MB, GB or K, M, G (binary); a bare number is bytes "
          + "(default: ${DEFAULT-VALUE}).")
  String size;

  @Option(names = "--buffer", paramLabel = "SIZE", defaultValue = "10240",
      description = "Bytes of the content buffer a file is written from, over and over (default: ${DEFAULT-VALUE}).")
  String buffer;

  @Option(names = "--copy-buffer", paramLabel = "SIZE", defaultValue = "4096",
      description = "Bytes per write() call, at most --buffer (default: ${DEFAULT-VALUE}).")
  String copyBuffer;

  @Option(names = "--sync", paramLabel = "MODE", defaultValue = "NONE",
      description = "After every write() call: NONE, HFLUSH or HSYNC (default: ${DEFAULT-VALUE}).")
  DfsgPlan.Sync sync;

  @Option(names = {"-r", "--rpath", "--path"}, paramLabel = "URI",
      description = "Directory the files go under; a full URI (hdfs://nn:8020/dir, ofs://om/vol/bucket/dir, "
          + "o3fs://bucket.vol/dir) names the file system too (default: /freon-dfsg on the target, under "
          + "/vol1/bucket1 with --embedded ozone).")
  String path;

  @Option(names = {"-p", "--prefix"}, paramLabel = "PREFIX",
      description = "Sub-directory of --path for this run's files (default: 10 random lower-case letters and "
          + "digits, as Freon).")
  String prefix;

  @Option(names = "--duration", paramLabel = "TIME",
      description = "Create files until this much time has passed (10s, 5m; a bare number is seconds) "
          + "instead of -n files.")
  String duration;

  @Option(names = {"-f", "--fail-at-end"},
      description = "Go on after a failed file and report failures at the end (default: stop at the first).")
  boolean failAtEnd;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "24301",
      description = "Seed of the content buffer (default: ${DEFAULT-VALUE}).")
  long seed;

  private DfsgPlan plan;

  @Override
  protected void validate() {
    // the command line is a thin layer over the Java API: the same builder checks the same options
    Dfsg d = Dfsg.files(files).size(size).buffer(buffer).copyBuffer(copyBuffer).sync(sync).path(path).prefix(prefix)
        .seed(seed);
    if (duration != null) {
      long nanos;
      try {
        nanos = Durations.parseNanos(duration);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--duration", e.getMessage());
      }
      d.duration(java.time.Duration.ofNanos(nanos), duration);
    }
    if (failAtEnd) {
      d.failAtEnd();
    }
    if (threads != null && threads > 0) {
      d.threads(threads);
    }
    plan = d.plan();
  }

  @Override
  protected PathArgument targetPath() {
    return new PathArgument("--path", path);
  }

  @Override
  protected Workload<Target> workload() {
    return new DfsgWorkload(plan);
  }
}
