package io.harness.freon.offline;

import io.harness.core.cli.RunContext;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunRecording;
import io.harness.core.run.RunFolder;
import io.harness.core.cli.UsageException;
import io.harness.core.result.Aggregate;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.Versions;
import io.harness.core.util.Sizes;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos.ReplicationFactor;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * The common part of {@code cgscm}, {@code cgom} and {@code cgdn}: the options that must be the same
 * on all three (they define the ids, see {@link Plan}), the order of a run (check everything, write
 * nothing until every check passed, then write), and the report.
 */
public abstract class OfflineGenerator implements Callable<Integer> {
  static final String BLOCK_SIZE_KEY = "ozone.scm.block.size";
  static final String BLOCK_SIZE_DEFAULT = "256MB";
  static final String CONTAINER_SIZE_KEY = "ozone.scm.container.size";
  static final String CONTAINER_SIZE_DEFAULT = "5GB";

  private RunContext context;
  private RunFolder folder;

  /** The {@code freon} command when there is one: its {@code context()} is used if none was set. */
  @ParentCommand
  private Object parent;

  @Spec
  CommandSpec spec;

  @Option(names = "--from", paramLabel = "ID", defaultValue = "1",
      description = "First container id of the range (default: ${DEFAULT-VALUE}). Use the same value on "
          + "cgscm, cgom and cgdn; cgscm refuses ids SCM already has and names the first free one.")
  long from;

  @Option(names = {"-n", "--containers"}, paramLabel = "N", required = true,
      description = "Number of containers: ids --from .. --from+N-1.")
  int containers;

  @Option(names = "--keys-per-container", paramLabel = "K",
      description = "Keys (one block each) per container (default: container size / key size).")
  Integer keysPerContainer;

  @Option(names = "--key-size", paramLabel = "SIZE",
      description = "Bytes of every key = its one block; B, KB, MB, GB or K, M, G, a bare number is bytes "
          + "(default: the block size, ozone.scm.block.size).")
  String keySize;

  @Option(names = "--size", paramLabel = "SIZE",
      description = "Container size: the containers' maximum size and, without --keys-per-container, "
          + "what sets the key count (default: ozone.scm.container.size).")
  String containerSize;

  @Option(names = "--replication", paramLabel = "ONE|THREE",
      description = "RATIS replication factor of the containers and keys (default: the configuration's "
          + "ozone.replication).")
  String replication;

  /** --json, --run-dir, --instrument, --profile: as every workload has them. */
  @Mixin
  RunRecording recording;

  /** The run context: the configuration (from -conf, -D, $OZONE_CONF_DIR) and where to print. */
  public void context(RunContext runContext) {
    this.context = runContext;
  }

  /** Same as {@link #context(RunContext)}, the way top-level harness commands receive it. */
  public void init(RunContext runContext) {
    context(runContext);
  }

  /** The run context; taken from the parent command's {@code context()} when none was set. */
  public RunContext context() {
    if (context == null && parent != null) {
      try {
        Method m = parent.getClass().getMethod("context");
        Object c = m.invoke(parent);
        if (c instanceof RunContext rc) {
          context = rc;
        }
      } catch (ReflectiveOperationException e) {
        // no context on the parent: reported below
      }
    }
    return context;
  }

  /** Checks everything this generator needs; throws {@link UsageException}. Writes nothing. */
  protected abstract void check(OzoneConfiguration conf, Plan plan) throws Exception;

  /** Writes; only called when {@link #check} passed. */
  protected abstract void generate(OzoneConfiguration conf, Plan plan, GenStats stats) throws Exception;

  /** The store written, for the report and the JSON. */
  protected abstract String target();

  /** Lines the generator adds to the report after the common one. */
  protected abstract List<String> details(Plan plan, GenStats stats);

  @Override
  public final Integer call() throws Exception {
    RunContext ctx = context();
    if (ctx == null) {
      throw new IllegalStateException(spec.name() + ": no run context was given to the command");
    }
    OzoneConfiguration conf = OzoneConfiguration.of(ctx.conf());
    Plan plan = plan(conf);
    check(conf, plan);
    recording.begin(ctx.err());
    folder = recording.open(RunRecording.runId("freon", spec.name()), ctx.err(), true);
    int exit = ExitCodes.FAILED;
    try {
      exit = run(ctx, conf, plan);
      return exit;
    } finally {
      folder.close(ctx.err(), exit == ExitCodes.OK);
    }
  }

  private int run(RunContext ctx, OzoneConfiguration conf, Plan plan) throws Exception {
    GenStats stats = new GenStats();
    String startedAt = Instant.now().toString();
    stats.startNanos = System.nanoTime();
    Exception failure = null;
    try {
      recording.measured(() -> {
        generate(conf, plan, stats);
        return null;
      });
    } catch (UsageException e) {
      throw e;
    } catch (Exception e) {
      failure = e;
    }
    stats.endNanos = System.nanoTime();
    String finishedAt = Instant.now().toString();

    List<String> failed = stats.failed();
    int exit = failure == null && failed.isEmpty() ? 0 : 1;
    report(ctx.out(), plan, stats);
    writeJson(ctx, plan, stats, startedAt, finishedAt, exit);
    if (failure != null) {
      throw new RunFailedException(spec.name() + " failed: " + failure, failure);
    }
    if (!failed.isEmpty()) {
      PrintStream err = ctx.err();
      err.println(spec.name() + ": " + failed.size() + " of " + stats.records().size() + " container(s) failed:");
      for (String f : failed) {
        err.println("  " + f);
      }
    }
    return exit;
  }

  /** The ids and sizes from the common options, checked. */
  Plan plan(OzoneConfiguration conf) {
    if (containers < 1) {
      throw new UsageException("-n", "must be at least 1, was " + containers);
    }
    if (from < 1) {
      throw new UsageException("--from", "container ids start at 1, was " + from);
    }
    if (from > Plan.MAX_CONTAINER_ID - containers + 1) {
      throw new UsageException("--from", "container ids up to " + Plan.MAX_CONTAINER_ID + " are supported");
    }
    long blockSize = confSize(conf, BLOCK_SIZE_KEY, BLOCK_SIZE_DEFAULT);
    long size = containerSize != null ? size("--size", containerSize)
        : confSize(conf, CONTAINER_SIZE_KEY, CONTAINER_SIZE_DEFAULT);
    long key = keySize != null ? size("--key-size", keySize) : Math.min(blockSize, size);
    if (key > blockSize) {
      throw new UsageException("--key-size", Sizes.format(key) + " is larger than the block size ("
          + BLOCK_SIZE_KEY + " = " + Sizes.format(blockSize) + "): every generated key is one block");
    }
    if (key > size) {
      throw new UsageException("--key-size", Sizes.format(key) + " is larger than the container size ("
          + Sizes.format(size) + ")");
    }
    long k;
    if (keysPerContainer != null) {
      k = keysPerContainer;
      if (k < 1) {
        throw new UsageException("--keys-per-container", "must be at least 1, was " + k);
      }
      if (Math.multiplyHigh(k, key) != 0 || k * key > size) {
        throw new UsageException("--keys-per-container", k + " keys of " + Sizes.format(key)
            + " do not fit in a container of " + Sizes.format(size) + " (--size / " + CONTAINER_SIZE_KEY + ")");
      }
    } else {
      k = size / key;
    }
    if (k >= Plan.MAX_KEYS_PER_CONTAINER) {
      throw new UsageException("--keys-per-container", k + " keys per container: at most "
          + (Plan.MAX_KEYS_PER_CONTAINER - 1) + " are supported");
    }
    return new Plan(from, containers, (int) k, key, factor(conf));
  }

  long containerMaxSize(OzoneConfiguration conf) {
    return containerSize != null ? size("--size", containerSize)
        : confSize(conf, CONTAINER_SIZE_KEY, CONTAINER_SIZE_DEFAULT);
  }

  private ReplicationFactor factor(OzoneConfiguration conf) {
    if (replication != null) {
      ReplicationFactor f = Plan.parseFactor(replication);
      if (f == null) {
        throw new UsageException("--replication", "must be ONE or THREE (RATIS; EC is not generated), was "
            + replication);
      }
      return f;
    }
    String type = conf.getTrimmed("ozone.replication.type", "RATIS");
    String value = conf.getTrimmed("ozone.replication", "3");
    ReplicationFactor f = "RATIS".equalsIgnoreCase(type) ? Plan.parseFactor(value) : null;
    if (f == null) {
      throw new UsageException("--replication", "the configuration's default (ozone.replication.type="
          + type + ", ozone.replication=" + value + ") is not RATIS ONE or THREE: give --replication");
    }
    return f;
  }

  static long size(String option, String text) {
    long v;
    try {
      v = Sizes.parse(text, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
    if (v < 1) {
      throw new UsageException(option, "must be at least 1 byte, was " + text);
    }
    return v;
  }

  static long confSize(OzoneConfiguration conf, String key, String dflt) {
    String text = conf.getTrimmed(key, dflt);
    try {
      return (long) conf.getStorageSize(key, dflt, org.apache.hadoop.hdds.conf.StorageUnit.BYTES);
    } catch (IllegalArgumentException e) {
      throw new UsageException(key, "'" + text + "' is not a size");
    }
  }

  private void report(PrintStream out, Plan plan, GenStats s) {
    String name = spec.name();
    out.printf(Locale.ROOT, "%s: containers %d, keys %d, bytes %d (%s), elapsed %.3f s, %.1f MB/s, checksums %.3f s"
            + " (%.1f%% of worker time)%n",
        name, s.containers.sum(), s.keys.sum(), s.bytes.sum(), Sizes.format(s.bytes.sum()), s.elapsedSeconds(),
        s.mbPerSec(), s.checksumNanos.sum() / 1e9, 100 * s.checksumShare());
    for (String line : details(plan, s)) {
      out.println("  " + line);
    }
  }

  private void writeJson(RunContext ctx, Plan plan, GenStats s, String startedAt, String finishedAt, int exit) {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("containers", s.containers.sum());
    figures.put("keys", s.keys.sum());
    figures.put("bytes", s.bytes.sum());
    figures.put("elapsedSeconds", s.elapsedSeconds());
    figures.put("mbPerSec", s.mbPerSec());
    figures.put("checksumSeconds", s.checksumNanos.sum() / 1e9);
    figures.put("checksumShare", s.checksumShare());
    figures.put("fillSeconds", s.fillNanos.sum() / 1e9);
    figures.put("writeSeconds", s.writeNanos.sum() / 1e9);
    figures.put("dbSeconds", s.dbNanos.sum() / 1e9);
    figures.put("workerSeconds", s.workerNanos.sum() / 1e9);
    figures.put("firstContainer", plan.from());
    figures.put("lastContainer", plan.last());
    figures.put("keysPerContainer", plan.keysPerContainer());
    figures.put("keySize", plan.keySize());
    figures.put("replication", "RATIS/" + plan.factor());
    figures.putAll(s.figures);
    List<TaskResult> tasks = s.records().stream().map(TaskResult::of).toList();
    RunResult result = new RunResult("freon", spec.name(), ctx.commandLine(), RunRecording.optionValues(spec),
        Versions.detect(), RunRecording.hostName(), target(), "stopped Ozone cluster's directories", null, startedAt, finishedAt, exit,
        s.failed(), Aggregate.of(s.records()), figures, tasks);
    try {
      Path file = recording.save(folder, result, ctx.err());
      ctx.out().println("  result: " + file);
    } catch (IOException e) {
      ctx.err().println(spec.name() + ": could not write the run's JSON: " + e);
    }
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * share);
  }
}
