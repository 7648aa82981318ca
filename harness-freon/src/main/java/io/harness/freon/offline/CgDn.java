package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgdn}, and cgdn from Java: the replicas of the generated containers that belong on one
 * datanode, written into its volumes while it is stopped ({@link CgDnWorkload}), with the options every offline
 * generator shares ({@link OfflineOptions}), this datanode's place among the datanodes, the data and the threads.
 *
 * <pre>{@code
 * RunOutcome r = new CgDn().containers(10).from(1).index(0).datanodes(3).run(datanodeConf);
 * }</pre>
 */
@Command(name = "cgdn", mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.options.VersionProvider.class,
    header = "Offline generator: one datanode's container replicas straight into its volumes while it is stopped.",
    description = {
        "Offline generator: the container replicas of one datanode (chunk files, .container descriptors,",
        "block metadata in the container RocksDB) straight into the volumes of a stopped datanode.",
        "Run it once per datanode with that datanode's configuration and --index 0 .. --datanodes - 1",
        "(any order, each index once), with the --from, -n, --keys-per-container, --key-size and",
        "--replication given to cgscm and cgom. Container c goes to the indexes (c + r) mod N, r < factor.",
        "Exit codes: 0 done, 1 failed while writing (failed containers named), 2 bad input or the datanode",
        "is running (nothing written)."})
public final class CgDn extends OfflineOptions<CgDn, CgDn.Plan> {
  @Option(names = "--index", paramLabel = "I", required = true,
      description = "This datanode's index, 0 .. --datanodes - 1.")
  private int index;

  @Option(names = "--datanodes", paramLabel = "N",
      description = "Number of datanodes the containers are spread over (default: ${DEFAULT-VALUE}).")
  private int datanodes = 3;

  @Option(names = "--random", description = "Seeded pseudo-random data (the default).")
  private boolean random;

  @Option(names = "--zero", description = "Zero bytes instead of random data (checksums computed once).")
  private boolean zero;

  @Option(names = "--seed", paramLabel = "N",
      description = "Seed of the random data: block (c, j) holds SeededData(seed, c << 32 | j) "
          + "(default: ${DEFAULT-VALUE}).")
  private long seed = 24301;

  @Option(names = {"-t", "--threads"}, paramLabel = "N",
      description = "Containers written in parallel (default: one per core, at most one per container).")
  private Integer threads;

  /**
   * One cgdn run, checked: the common ids and sizes, this datanode's place among the datanodes, the data
   * ({@code --zero} or seeded random), the threads, and what the datanode's configuration says about its
   * containers (schema v3 or v2, layout, the client's chunk size and checksums, the containers' maximum size).
   * Saved in the run's JSON as {@code plan}.
   *
   * @param ids the containers, keys and replication all three generators share
   * @param index this datanode's index
   * @param datanodes how many datanodes the containers are spread over
   * @param zero zero bytes instead of seeded random data
   * @param seed the random data's seed
   * @param threads containers written in parallel
   * @param schemaV3 schema v3 (one DB per volume) rather than v2 (one DB per container)
   * @param layout the container layout, {@code FILE_PER_BLOCK} or {@code FILE_PER_CHUNK}
   * @param chunkSize bytes per chunk ({@code ozone.client.stream.buffer.size})
   * @param checksumType {@code ozone.client.checksum.type}
   * @param bytesPerChecksum {@code ozone.client.bytes.per.checksum}
   * @param containerMaxSize the containers' maximum size, in their descriptors
   */
  public record Plan(Ids ids, int index, int datanodes, boolean zero, long seed, int threads, boolean schemaV3,
      String layout, int chunkSize, String checksumType, int bytesPerChecksum, long containerMaxSize) {

    /** The containers with a replica on this datanode, in id order. */
    List<Long> placed() {
      return placed(ids, index, datanodes);
    }

    static List<Long> placed(Ids ids, int index, int datanodes) {
      List<Long> placed = new ArrayList<>();
      for (int i = 0; i < ids.containers(); i++) {
        if (ids.placedOn(ids.containerId(i), index, datanodes)) {
          placed.add(ids.containerId(i));
        }
      }
      return placed;
    }
  }

  /** The defaults; {@code -n} and {@code --index} must still be given ({@link #containers}, {@link #index}). */
  public CgDn() {
    super("cgdn", Plan.class);
  }

  /** {@code --index}: this datanode's, 0 .. {@code --datanodes} - 1. */
  public CgDn index(int index) {
    this.index = index;
    return this;
  }

  /** {@code --datanodes}. */
  public CgDn datanodes(int datanodes) {
    this.datanodes = datanodes;
    return this;
  }

  /** {@code --zero}: zero bytes instead of seeded random data. */
  public CgDn zero() {
    this.zero = true;
    return this;
  }

  /** {@code --seed}. */
  public CgDn seed(long seed) {
    this.seed = seed;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    Ids ids = ids(conf);
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
    int placed = Plan.placed(ids, index, datanodes).size();
    int given = threads != null ? threads : threadsOr(0);
    int threadCount = given > 0 ? given : Math.max(1, Math.min(placed, Runtime.getRuntime().availableProcessors()));
    StoppedCluster.Format format = StoppedCluster.format(conf);
    return new Plan(ids, index, datanodes, zero, seed, threadCount, format.schemaV3(), format.layout(),
        format.chunkSize(), format.checksumType(), format.bytesPerChecksum(), containerMaxSize(conf));
  }

  @Override
  public CgDnWorkload workload(Plan plan, String root) {
    return new CgDnWorkload(plan);
  }

  @Override
  StoppedCluster directories(Configuration conf) {
    return StoppedCluster.datanode(conf);
  }
}
