package io.harness.dfsio;

import io.harness.core.cli.UnitConverters;

import io.harness.core.cli.EngineOption;
import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.run.Workload;
import io.harness.core.target.Target;
import io.harness.core.util.LocalOutputs;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code harness dfsio}: TestDFSIO's options, checked and turned into a {@link DfsioPlan}; the run itself is
 * {@link DfsioWorkload}'s ({@code -clean}: {@link DfsioClean}'s).
 */
@Command(name = "dfsio", mixinStandardHelpOptions = true, sortOptions = false,
    header = "TestDFSIO's write, read, append, truncate and clean, with the wall-clock aggregate and latency.",
    subcommands = DfsioAnalyzeCommand.class,
    description = {
        "TestDFSIO-style I/O: each task writes, reads, appends to or truncates one file "
            + "io_data/test_io_<i> under the root; -clean deletes the root.",
        "Operations (exactly one): -write | -read [-random | -backward | -skip [-skipSize S]] | -append "
            + "| -truncate | -clean",
        "Prints TestDFSIO's block (appended to -resFile) and the harness's wall-clock aggregate and "
            + "per-call latency; writes the run's JSON.",
        "Options are case-insensitive, as in TestDFSIO. Sizes: B, KB, MB, GB, TB or K, M, G, T "
            + "(binary); a bare -fileSize is MB."})
public final class DfsioCommand extends WorkloadCommand {
  /** TestDFSIO's default buffer: 1,000,000 bytes. */
  public static final String DEFAULT_BUFFER = "1000000";
  public static final String DEFAULT_ROOT = "/benchmarks/TestDFSIO";
  public static final long DEFAULT_SEED = 0x5EEDL;

  @Option(names = "-write", description = "Write nrFiles files of fileSize bytes each.")
  boolean write;

  @Option(names = "-read", description = "Read fileSize bytes of each file a -write made (same -nrFiles); "
      + "sequentially, or with -random, -backward or -skip.")
  boolean read;

  @Option(names = "-random", description = "With -read: read buffers at random positions (seeded by "
      + "--seed, so runs repeat) until fileSize bytes are read. Results go to io_random_read.")
  boolean random;

  @Option(names = "-backward", description = "With -read: read buffers from the end of the file towards "
      + "its start until fileSize bytes are read.")
  boolean backward;

  @Option(names = "-skip", description = "With -read: read a buffer, skip -skipSize bytes, repeat until "
      + "fileSize bytes are read or the file ends.")
  boolean skip;

  @Option(names = "-skipSize", paramLabel = "SIZE", converter = UnitConverters.Megabytes.class,
      description = "With -read -skip: bytes skipped after each buffer; a bare number is MB (TestDFSIO's "
          + "rule); 0 means the buffer size (default: the buffer size).")
  Units.Size skipSize;

  @Option(names = "-append", description = "Append fileSize bytes to each existing file (its seeded data "
      + "continues, so -read --verify of the new length checks the whole file).")
  boolean append;

  @Option(names = "-truncate", description = "Truncate each existing file to fileSize (-size) bytes; "
      + "waits until the file system shows the new length.")
  boolean truncate;

  @Option(names = "-clean", description = "Delete the run root (only if it holds nothing but what dfsio "
      + "makes: io_control, io_data, io_write, io_read, io_append, io_random_read, io_truncate).")
  boolean clean;

  @Option(names = "-nrFiles", paramLabel = "N", defaultValue = "1",
      description = "Number of files, one task each (default: ${DEFAULT-VALUE}).")
  int nrFiles;

  @Option(names = {"-fileSize", "-size"}, paramLabel = "SIZE", defaultValue = "1MB",
      converter = UnitConverters.Megabytes.class,
      description = "Size of each file (-write), bytes read per file (-read), bytes appended per file "
          + "(-append), new length (-truncate); a bare number is MB (default: ${DEFAULT-VALUE}).")
  Units.Size fileSize;

  @Option(names = "-bufferSize", paramLabel = "SIZE", defaultValue = DEFAULT_BUFFER, converter = UnitConverters.Bytes.class,
      description = "Bytes per write/read call; a bare number is bytes (default: ${DEFAULT-VALUE}).")
  Units.Size bufferSize;

  @Option(names = "-resFile", paramLabel = "FILE", defaultValue = "TestDFSIO_results.log",
      description = "Local file the result block is appended to (default: ${DEFAULT-VALUE}).")
  String resFile;

  @Option(names = "--root", paramLabel = "DIR",
      description = "Run root on the target (default: -Dtest.build.data, else " + DEFAULT_ROOT
          + "; on --embedded ozone it is placed under /vol1/bucket1).")
  String root;

  @Option(names = "-compression", paramLabel = "CODEC",
      description = "With -write and -read: compress what is written, decompress what is read, with this "
          + "Hadoop codec (class name, simple name or alias: org.apache.hadoop.io.compress.GzipCodec, "
          + "GzipCodec, gzip). Sizes and rates count uncompressed bytes, as in TestDFSIO.")
  String compression;

  @Option(names = "-storagePolicy", paramLabel = "NAME",
      description = "HDFS only, with -write: the block storage policy of the data directory "
          + "(HOT, WARM, COLD, ONE_SSD, ALL_SSD, ...).")
  String storagePolicy;

  @Option(names = "-erasureCodePolicy", paramLabel = "NAME",
      description = "HDFS only, with -write: the erasure coding policy of the data directory "
          + "(e.g. RS-6-3-1024k); it must be enabled on the cluster.")
  String erasureCodePolicy;

  @Option(names = "--replication", paramLabel = "TYPE/FACTOR",
      description = "Ozone only (ofs://, o3fs://), with -write: the replication of the keys written: "
          + "RATIS/ONE, RATIS/THREE or EC/<codec>-<data>-<parity>-<chunk>, e.g. EC/rs-3-2-1024k "
          + "(an EC bucket's own replication wins, as Ozone decides).")
  String replication;

  @Option(names = "--warmup", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "Leave each task's first TIME out of every figure (its calls, bytes and time); "
          + "e.g. 10s. A bare number is seconds.")
  Units.Span warmup;

  @Option(names = "--duration", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "Time-bounded run: each task goes on until TIME after its warm-up (e.g. 60s, 5m). "
          + "-write and -append then write until the deadline (no -fileSize); reads start over at the "
          + "beginning each time they have read -fileSize bytes (backward and skip reads where they began).")
  Units.Span duration;

  @Option(names = "--verify", description = "With -read (any mode): check every byte read against the "
      + "seeded data at its position; a mismatch fails the task.")
  boolean verify;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "" + DEFAULT_SEED,
      description = "Seed of the written data (and of -read -random's positions); -read --verify needs "
          + "the seed the files were written with (default: ${DEFAULT-VALUE}).")
  long seed;

  @Mixin
  EngineOption engine;

  private DfsioPlan plan;

  @Override
  protected void validate() {
    engine.validate();
    Map<String, Boolean> flags = new LinkedHashMap<>();
    flags.put("-write", write);
    flags.put("-read", read);
    flags.put("-append", append);
    flags.put("-truncate", truncate);
    flags.put("-clean", clean);
    flags.put("-random", random);
    flags.put("-backward", backward);
    flags.put("-skip", skip);
    DfsioOperation op = DfsioOperation.select(flags);
    if (resFile.isBlank()) {
      throw new UsageException("-resFile", "must not be empty");
    }
    LocalOutputs.checkFile("-resFile", LocalOutputs.path("-resFile", resFile));
    // the command line is a thin layer over the Java API: the same builder checks the same options
    Dfsio d = Dfsio.of(op).files(nrFiles).fileSize(fileSize).fromCommandLine(bufferSize, skipSize, warmup, duration,
        sizeOption(), spec.commandLine().getParseResult().hasMatchedOption("-fileSize")).seed(seed)
        .compression(compression).root(root).storagePolicy(storagePolicy).erasureCodePolicy(erasureCodePolicy)
        .replication(replication).engine(engine.name());
    if (verify) {
      d.verify();
    }
    plan = d.plan(context.conf());
  }

  /** {@code -size} when the command line spelt the size that way (TestDFSIO's name for it), else -fileSize. */
  private String sizeOption() {
    for (String arg : context.commandLine()) {
      if (arg.equalsIgnoreCase("-size")) {
        return "-size";
      }
    }
    return "-fileSize";
  }

  /** A fully qualified --root (hdfs://nn:8020/bench, o3fs://bucket.vol/bench) names the target itself. */
  @Override
  protected PathArgument targetPath() {
    return new PathArgument("--root", root);
  }

  @Override
  protected boolean measures() {
    return plan.op() != DfsioOperation.CLEANUP;
  }

  @Override
  protected int unmeasured(Target target) throws Exception {
    return DfsioClean.run(plan, target, context.out());
  }

  @Override
  protected Workload<Target> workload() {
    return new DfsioWorkload(plan, resFile);
  }

  /** The checked plan (after {@link #validate}). */
  DfsioPlan plan() {
    return plan;
  }
}
