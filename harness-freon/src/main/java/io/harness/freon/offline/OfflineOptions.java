package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import io.harness.core.workload.TargetSource;
import io.harness.core.run.WorkloadOptions;
import io.harness.core.base.Sizes;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos.ReplicationFactor;
import picocli.CommandLine.Option;

/**
 * The options of {@code cgscm}, {@code cgom} and {@code cgdn} that must be the same on all three (they define the
 * ids, see {@link Ids}), their defaults, their Java API setters and their check into the common {@link Ids}; each
 * generator's options class adds its own. The generators run on their own target, the stopped cluster's
 * directories their configuration names ({@link StoppedCluster}), which core's pipeline opens once the run's
 * folder exists. Bad options are bad input (exit 2) before anything is created.
 *
 * <p>These classes name no Ozone class (they read the configuration through {@link StoppedCluster}): they load
 * where Ozone's jars are absent, where {@link #unavailable} says where the generators run instead.
 *
 * @param <B> the generator's options class
 * @param <P> its plan
 */
public abstract class OfflineOptions<B extends OfflineOptions<B, P>, P> extends WorkloadOptions<B, P> {
  static final String BLOCK_SIZE_KEY = "ozone.scm.block.size";
  static final String BLOCK_SIZE_DEFAULT = "256MB";
  static final String CONTAINER_SIZE_KEY = "ozone.scm.container.size";
  static final String CONTAINER_SIZE_DEFAULT = "5GB";
  /** Classes of the servers' jars the generators write with. */
  private static final String[] SERVER_CLASSES = {"org.apache.hadoop.hdds.scm.metadata.SCMDBDefinition",
      "org.apache.hadoop.ozone.om.codec.OMDBDefinition",
      "org.apache.hadoop.ozone.container.keyvalue.KeyValueContainerData"};

  @Option(names = "--from", paramLabel = "ID",
      description = "First container id of the range (default: ${DEFAULT-VALUE}). Use the same value on "
          + "cgscm, cgom and cgdn; cgscm refuses ids SCM already has and names the first free one.")
  private long from = 1;

  @Option(names = {"-n", "--containers"}, paramLabel = "N", required = true,
      description = "Number of containers: ids --from .. --from+N-1.")
  private int containers;

  @Option(names = "--keys-per-container", paramLabel = "K",
      description = "Keys (one block each) per container (default: container size / key size).")
  private Integer keysPerContainer;

  @Option(names = "--key-size", paramLabel = "SIZE",
      description = "Bytes of every key = its one block; B, KB, MB, GB or K, M, G, a bare number is bytes "
          + "(default: the block size, ozone.scm.block.size).")
  private String keySize;

  @Option(names = "--size", paramLabel = "SIZE",
      description = "Container size: the containers' maximum size and, without --keys-per-container, "
          + "what sets the key count (default: ozone.scm.container.size).")
  private String containerSize;

  @Option(names = "--replication", paramLabel = "ONE|THREE",
      description = "RATIS replication factor of the containers and keys (default: the configuration's "
          + "ozone.replication).")
  private String replication;

  private final String command;

  /** @param command the generator's command and operation ({@code cgscm}) */
  OfflineOptions(String command, Class<P> planType) {
    super("freon", command, planType);
    this.command = command;
  }

  /** {@code --from}: the first container id. */
  public B from(long id) {
    this.from = id;
    return self();
  }

  /** {@code -n}: the number of containers. */
  public B containers(int n) {
    this.containers = n;
    return self();
  }

  /** {@code --keys-per-container}. */
  public B keysPerContainer(int keys) {
    this.keysPerContainer = keys;
    return self();
  }

  /** {@code --key-size}. */
  public B keySize(String size) {
    this.keySize = size;
    return self();
  }

  /** {@code --size}: the containers' size. */
  public B containerSize(String size) {
    this.containerSize = size;
    return self();
  }

  /** {@code --replication}: ONE or THREE. */
  public B replication(String factor) {
    this.replication = factor;
    return self();
  }

  /** The ids and sizes from the common options, checked against the run's configuration {@code conf}. */
  final Ids ids(Configuration conf) {
    if (containers < 1) {
      throw new UsageException("-n", "must be at least 1, was " + containers);
    }
    if (from < 1) {
      throw new UsageException("--from", "container ids start at 1, was " + from);
    }
    if (from > Ids.MAX_CONTAINER_ID - containers + 1) {
      throw new UsageException("--from", "container ids up to " + Ids.MAX_CONTAINER_ID + " are supported");
    }
    long blockSize = StoppedCluster.size(conf, BLOCK_SIZE_KEY, BLOCK_SIZE_DEFAULT);
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
    if (k >= Ids.MAX_KEYS_PER_CONTAINER) {
      throw new UsageException("--keys-per-container", k + " keys per container: at most "
          + (Ids.MAX_KEYS_PER_CONTAINER - 1) + " are supported");
    }
    return new Ids(from, containers, (int) k, key, factor(conf));
  }

  /** The containers' maximum size: {@code --size}, else the configuration's. */
  final long containerMaxSize(Configuration conf) {
    return containerSize != null ? size("--size", containerSize)
        : StoppedCluster.size(conf, CONTAINER_SIZE_KEY, CONTAINER_SIZE_DEFAULT);
  }

  private ReplicationFactor factor(Configuration conf) {
    if (replication != null) {
      ReplicationFactor f = Ids.parseFactor(replication);
      if (f == null) {
        throw new UsageException("--replication", "must be ONE or THREE (RATIS; EC is not generated), was "
            + replication);
      }
      return f;
    }
    String type = StoppedCluster.setting(conf, "ozone.replication.type", "RATIS");
    String value = StoppedCluster.setting(conf, "ozone.replication", "3");
    ReplicationFactor f = "RATIS".equalsIgnoreCase(type) ? Ids.parseFactor(value) : null;
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

  /** The directories the generator writes, as the run's configuration {@code conf} names them. */
  abstract StoppedCluster directories(Configuration conf);

  @Override
  public final boolean ownTarget() {
    return true;
  }

  /** The stopped cluster's directories: the configuration is read when the pipeline opens them. */
  @Override
  public final TargetSource<StoppedCluster> target(P plan, Site site) {
    Configuration conf = site.conf();
    return () -> directories(conf);
  }

  @Override
  public final String group() {
    return "freon";
  }

  /** Where Ozone's server jars are absent (the job jar on a Hadoop client): run through bin/harness instead. */
  @Override
  public final String unavailable() {
    for (String serverClass : SERVER_CLASSES) {
      try {
        Class.forName(serverClass, false, OfflineOptions.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        return "Ozone's server jars are not on this class path (a Hadoop client's): run bin/harness freon " + command
            + " instead.";
      }
    }
    return null;
  }
}
