package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import io.harness.core.run.Workload;
import io.harness.core.util.Sizes;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.scm.OzoneClientConfig;
import org.apache.hadoop.ozone.OzoneConsts;
import org.apache.hadoop.ozone.container.common.impl.ContainerLayoutVersion;
import org.apache.hadoop.ozone.container.common.statemachine.DatanodeConfiguration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgdn}: the replicas of the generated containers that belong on one datanode, written
 * into its volumes while it is stopped ({@link CgDnWorkload}).
 */
@Command(name = "cgdn", header = CgDnCommand.HEADER, mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.cli.Harness.VersionProvider.class,
    description = {
        "Offline generator: the container replicas of one datanode (chunk files, .container descriptors,",
        "block metadata in the container RocksDB) straight into the volumes of a stopped datanode.",
        "Run it once per datanode with that datanode's configuration and --index 0 .. --datanodes - 1",
        "(any order, each index once), with the --from, -n, --keys-per-container, --key-size and",
        "--replication given to cgscm and cgom. Container c goes to the indexes (c + r) mod N, r < factor.",
        "Exit codes: 0 done, 1 failed while writing (failed containers named), 2 bad input or the datanode",
        "is running (nothing written)."})
public final class CgDnCommand extends OfflineCommand {
  /** Its line in {@code harness freon --help}; a constant, so the job jar's stand-in names it without this class. */
  public static final String HEADER =
      "Offline generator: one datanode's container replicas straight into its volumes while it is stopped.";

  @Option(names = "--index", paramLabel = "I", required = true,
      description = "This datanode's index, 0 .. --datanodes - 1.")
  int index;

  @Option(names = "--datanodes", paramLabel = "N", defaultValue = "3",
      description = "Number of datanodes the containers are spread over (default: ${DEFAULT-VALUE}).")
  int datanodes;

  @Option(names = "--random", description = "Seeded pseudo-random data (the default).")
  boolean random;

  @Option(names = "--zero", description = "Zero bytes instead of random data (checksums computed once).")
  boolean zero;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "24301",
      description = "Seed of the random data: block (c, j) holds SeededData(seed, c << 32 | j) "
          + "(default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = {"-t", "--threads"}, paramLabel = "N",
      description = "Containers written in parallel (default: one per core, at most one per container).")
  Integer threads;

  public CgDnCommand() {
  }

  @Override
  Workload<StoppedCluster> workload(OzoneConfiguration conf, Plan ids) {
    if (datanodes < 1) {
      throw new UsageException("--datanodes", "must be at least 1, was " + datanodes);
    }
    if (index < 0 || index >= datanodes) {
      throw new UsageException("--index", "must be 0 .. " + (datanodes - 1) + " (below --datanodes " + datanodes
          + "), was " + index);
    }
    if (ids.replicas() > datanodes) {
      throw new UsageException("--datanodes", "RATIS/" + ids.factor() + " needs at least " + ids.replicas()
          + " datanodes, was " + datanodes);
    }
    if (random && zero) {
      throw new UsageException("--zero", "cannot be combined with --random");
    }
    if (threads != null && threads < 1) {
      throw new UsageException("--threads", "must be at least 1, was " + threads);
    }
    int placed = CgDnPlan.placed(ids, index, datanodes).size();
    int threadCount = threads != null ? threads
        : Math.max(1, Math.min(placed, Runtime.getRuntime().availableProcessors()));
    boolean schemaV3 = conf.getObject(DatanodeConfiguration.class).getContainerSchemaV3Enabled();
    ContainerLayoutVersion layout = ContainerLayoutVersion.getConfiguredVersion(conf);
    OzoneClientConfig client = conf.getObject(OzoneClientConfig.class);
    int chunkSize = client.getStreamBufferSize();
    if (chunkSize < 1 || chunkSize > OzoneConsts.OZONE_SCM_CHUNK_MAX_SIZE) {
      throw new UsageException("ozone.client.stream.buffer.size", "the chunk size must be 1 byte .. "
          + Sizes.format(OzoneConsts.OZONE_SCM_CHUNK_MAX_SIZE) + ", was " + chunkSize);
    }
    return new CgDnWorkload(new CgDnPlan(ids, index, datanodes, zero, seed, threadCount, schemaV3, layout.name(),
        chunkSize, client.getChecksumType().name(), client.getBytesPerChecksum(), containerMaxSize(conf)));
  }

  @Override
  StoppedCluster target(OzoneConfiguration conf) {
    return StoppedCluster.datanode(conf);
  }
}
