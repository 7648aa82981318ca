package io.harness.freon.offline;

import io.harness.core.cli.RunContext;
import io.harness.core.cli.RunRecording;
import io.harness.core.base.UsageException;
import io.harness.core.run.Pipeline;
import io.harness.core.run.Settings;
import io.harness.core.run.Workload;
import io.harness.core.util.Sizes;
import java.lang.reflect.Method;
import java.util.concurrent.Callable;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos.ReplicationFactor;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * The command line of {@code cgscm}, {@code cgom} and {@code cgdn}: the options that must be the same on all
 * three (they define the ids, see {@link Plan}), checked into the common plan; each generator checks its own
 * options into its plan and workload, which core's {@link Pipeline} runs on the stopped cluster's
 * directories ({@link StoppedCluster}). Bad options exit 2 before anything is created.
 */
public abstract class OfflineCommand implements Callable<Integer>, io.harness.core.cli.MeasuringCommand {
  static final String BLOCK_SIZE_KEY = "ozone.scm.block.size";
  static final String BLOCK_SIZE_DEFAULT = "256MB";
  static final String CONTAINER_SIZE_KEY = "ozone.scm.container.size";
  static final String CONTAINER_SIZE_DEFAULT = "5GB";

  private RunContext context;

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

  /**
   * Checks this generator's own options (with the common {@code ids}) and returns its workload; throws
   * {@link UsageException}. Touches nothing on disk.
   */
  abstract Workload<StoppedCluster> workload(OzoneConfiguration conf, Plan ids);

  /** The directories this generator writes, as the configuration names them (opened by the pipeline). */
  abstract StoppedCluster target(OzoneConfiguration conf);

  @Override
  public final Integer call() throws Exception {
    RunContext ctx = context();
    if (ctx == null) {
      throw new IllegalStateException(spec.name() + ": no run context was given to the command");
    }
    OzoneConfiguration conf = OzoneConfiguration.of(ctx.conf());
    Workload<StoppedCluster> workload = workload(conf, plan(conf));
    if (ctx.host() != null && ctx.host().planned() != null) {
      ctx.host().planned().accept(workload);
      return 0;
    }
    recording.recording().begin(ctx.err());
    Settings settings = new Settings(ctx.out(), ctx.err(), recording.recording(), ctx.commandLine(),
        RunRecording.optionValues(spec), null, 0, true, ctx.stop());
    io.harness.core.run.RunOutcome outcome = new Pipeline(settings).run(workload, () -> target(conf));
    ctx.ended(outcome);
    return outcome.exitCode();
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
    long size = containerMaxSize(conf);
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

  /** The containers' maximum size: {@code --size}, else the configuration's. */
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
}
