package io.harness.freon.offline;

import io.harness.core.cli.UsageException;
import io.harness.core.data.SeededData;
import io.harness.core.util.Sizes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hdds.client.BlockID;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.datanode.proto.ContainerProtos;
import org.apache.hadoop.hdds.protocol.datanode.proto.ContainerProtos.ChecksumType;
import org.apache.hadoop.hdds.protocol.datanode.proto.ContainerProtos.ContainerDataProto;
import org.apache.hadoop.hdds.scm.OzoneClientConfig;
import org.apache.hadoop.hdds.utils.db.BatchOperation;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.ozone.OzoneConsts;
import org.apache.hadoop.ozone.common.Checksum;
import org.apache.hadoop.ozone.container.common.helpers.BlockData;
import org.apache.hadoop.ozone.container.common.impl.ContainerDataYaml;
import org.apache.hadoop.ozone.container.common.impl.ContainerLayoutVersion;
import org.apache.hadoop.ozone.container.common.statemachine.DatanodeConfiguration;
import org.apache.hadoop.ozone.container.keyvalue.KeyValueContainerData;
import org.apache.hadoop.ozone.container.metadata.DatanodeStore;
import org.apache.hadoop.ozone.container.metadata.DatanodeStoreSchemaThreeImpl;
import org.apache.hadoop.ozone.container.metadata.DatanodeStoreSchemaTwoImpl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgdn}: the replicas of the generated containers that belong on one datanode,
 * written into its volumes while it is stopped: per container the directory
 * {@code <volume>/hdds/<clusterId>/current/containerDir<(id >> 9) & 255>/<id>} with
 * {@code metadata/<id>.container} (the YAML descriptor, state CLOSED, with its checksum) and
 * {@code chunks/} (FILE_PER_BLOCK: {@code <localId>.block}; FILE_PER_CHUNK: one file per chunk,
 * named as the client names chunks, {@code <localId>_chunk_<n>}), and the block metadata (chunk list
 * with checksums, block count, bytes used, BCSID) in the container DB: schema v3's per-volume DB
 * {@code <volume>/hdds/<clusterId>/<storageId>/container.db} with container-prefixed keys, or schema
 * v2's per-container {@code metadata/<id>-dn-container.db}.
 *
 * <p>Chunks are {@code ozone.client.stream.buffer.size} long (the client's chunk; the last one of a
 * block may be shorter) and their checksums are computed with Ozone's own {@link Checksum} for
 * {@code ozone.client.checksum.type} every {@code ozone.client.bytes.per.checksum} bytes, as the
 * client computes them. For {@code --zero} data the checksums of a chunk length are computed once.
 */
@Command(name = "cgdn", mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.cli.Harness.VersionProvider.class,
    description = {
        "Offline generator: the container replicas of one datanode (chunk files, .container descriptors,",
        "block metadata in the container RocksDB) straight into the volumes of a stopped datanode.",
        "Run it once per datanode with that datanode's configuration and --index 0 .. --datanodes - 1",
        "(any order, each index once), with the --from, -n, --keys-per-container, --key-size and",
        "--replication given to cgscm and cgom. Container c goes to the indexes (c + r) mod N, r < factor.",
        "Exit codes: 0 done, 1 failed while writing (failed containers named), 2 bad input or the datanode",
        "is running (nothing written)."})
public final class CgDnCommand extends OfflineGenerator {
  static final String DATANODE = "datanode";

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

  private final List<Volume> volumes = new ArrayList<>();
  private final List<Long> placed = new ArrayList<>();
  private String clusterId;
  private String datanodeUuid;
  private boolean schemaV3;
  private ContainerLayoutVersion layout;
  private int chunkSize;
  private ChecksumType checksumType;
  private int bytesPerChecksum;
  private long maxSize;
  private int threadCount;
  private final Map<Integer, ContainerProtos.ChecksumData> zeroChecksums = new ConcurrentHashMap<>();

  /** One data volume of the datanode. */
  private static final class Volume {
    final Path hddsRoot;
    final String storageId;
    final Path clusterDir;
    Path db;
    DatanodeStore store;

    Volume(Path hddsRoot, String storageId, Path clusterDir) {
      this.hddsRoot = hddsRoot;
      this.storageId = storageId;
      this.clusterDir = clusterDir;
    }
  }

  public CgDnCommand() {
  }

  @Override
  protected void check(OzoneConfiguration conf, Plan plan) throws Exception {
    if (datanodes < 1) {
      throw new UsageException("--datanodes", "must be at least 1, was " + datanodes);
    }
    if (index < 0 || index >= datanodes) {
      throw new UsageException("--index", "must be 0 .. " + (datanodes - 1) + " (below --datanodes " + datanodes
          + "), was " + index);
    }
    if (plan.replicas() > datanodes) {
      throw new UsageException("--datanodes", "RATIS/" + plan.factor() + " needs at least " + plan.replicas()
          + " datanodes, was " + datanodes);
    }
    if (random && zero) {
      throw new UsageException("--zero", "cannot be combined with --random");
    }
    if (threads != null && threads < 1) {
      throw new UsageException("--threads", "must be at least 1, was " + threads);
    }
    for (int i = 0; i < plan.containers(); i++) {
      if (plan.placedOn(plan.containerId(i), index, datanodes)) {
        placed.add(plan.containerId(i));
      }
    }
    threadCount = threads != null ? threads
        : Math.max(1, Math.min(placed.size(), Runtime.getRuntime().availableProcessors()));

    schemaV3 = conf.getObject(DatanodeConfiguration.class).getContainerSchemaV3Enabled();
    layout = ContainerLayoutVersion.getConfiguredVersion(conf);
    OzoneClientConfig client = conf.getObject(OzoneClientConfig.class);
    chunkSize = client.getStreamBufferSize();
    checksumType = client.getChecksumType();
    bytesPerChecksum = client.getBytesPerChecksum();
    if (chunkSize < 1 || chunkSize > OzoneConsts.OZONE_SCM_CHUNK_MAX_SIZE) {
      throw new UsageException("ozone.client.stream.buffer.size", "the chunk size must be 1 byte .. "
          + Sizes.format(OzoneConsts.OZONE_SCM_CHUNK_MAX_SIZE) + ", was " + chunkSize);
    }
    maxSize = containerMaxSize(conf);

    for (ClusterDirs.Dir root : ClusterDirs.datanodeVolumes(conf)) {
      ClusterDirs.requireDirectory(root);
      Path hdds = root.path().getFileName() != null && root.path().getFileName().toString().equals("hdds")
          ? root.path() : root.path().resolve("hdds");
      Path versionFile = hdds.resolve("VERSION");
      Properties version = ClusterDirs.readVersion(versionFile, root.key(), "datanode volume");
      String cid = ClusterDirs.required(version, OzoneConsts.CLUSTER_ID, versionFile, root.key());
      String uuid = ClusterDirs.required(version, OzoneConsts.DATANODE_UUID, versionFile, root.key());
      String storageId = ClusterDirs.required(version, OzoneConsts.STORAGE_ID, versionFile, root.key());
      if (clusterId == null) {
        clusterId = cid;
        datanodeUuid = uuid;
      } else if (!clusterId.equals(cid) || !datanodeUuid.equals(uuid)) {
        throw new UsageException(root.key(), versionFile + " is of cluster " + cid + ", datanode " + uuid
            + ", not of cluster " + clusterId + ", datanode " + datanodeUuid + " as the other volumes");
      }
      Path clusterDir = hdds.resolve(cid);
      if (!Files.isDirectory(clusterDir)) {
        throw new UsageException(root.key(), "no " + clusterDir + ": the volume was formatted before SCM HA "
            + "(hdds/<scmId>) or never used; only volumes with hdds/<clusterId> are supported");
      }
      Volume v = new Volume(hdds, storageId, clusterDir);
      if (schemaV3) {
        v.db = findDb(conf, v, cid, root.key());
        InUse.check(v.db.resolve("LOCK"), v.db, DATANODE, root.key());
      }
      volumes.add(v);
    }
    Path idDir = datanodeIdDir(conf);
    if (idDir != null) {
      Path witnessed = idDir.resolve(OzoneConsts.WITNESSED_CONTAINER_DB_NAME);
      InUse.check(witnessed.resolve("LOCK"), witnessed, DATANODE, ClusterDirs.DATANODE_ID_DIR);
    }

    Map<Volume, Long> need = new HashMap<>();
    for (long c : placed) {
      for (Volume v : volumes) {
        Path dir = containerDir(v, c);
        if (Files.exists(dir)) {
          throw new UsageException("--from", "container " + c + " already exists on this datanode: " + dir);
        }
      }
      need.merge(volumeOf(c), plan.containerBytes(), Long::sum);
    }
    for (Map.Entry<Volume, Long> e : need.entrySet()) {
      long free = Files.getFileStore(e.getKey().hddsRoot).getUsableSpace();
      if (e.getValue() > free) {
        throw new UsageException("-n", "the containers for " + e.getKey().hddsRoot + " need "
            + Sizes.format(e.getValue()) + ", the disk has " + Sizes.format(free) + " free");
      }
    }
  }

  /** The schema v3 DB of a volume: on the volume itself or on one of the separate DB volumes. */
  private static Path findDb(OzoneConfiguration conf, Volume v, String cid, String key) {
    List<Path> candidates = new ArrayList<>();
    candidates.add(v.clusterDir.resolve(v.storageId).resolve(OzoneConsts.CONTAINER_DB_NAME));
    for (Path dbRoot : ClusterDirs.datanodeDbVolumes(conf)) {
      candidates.add(dbRoot.resolve("db").resolve(cid).resolve(v.storageId).resolve(OzoneConsts.CONTAINER_DB_NAME));
    }
    for (Path p : candidates) {
      if (Files.exists(p.resolve("CURRENT"))) {
        return p;
      }
    }
    throw new UsageException(key, "no schema v3 container DB for volume " + v.hddsRoot + " (looked at "
        + candidates + "): was the datanode started with hdds.datanode.container.schema.v3.enabled=true? "
        + "If it uses schema v2, give -D hdds.datanode.container.schema.v3.enabled=false");
  }

  private static Path datanodeIdDir(OzoneConfiguration conf) {
    for (String key : new String[] {ClusterDirs.DATANODE_ID_DIR, ClusterDirs.METADATA_DIRS}) {
      java.util.Collection<String> dirs = conf.getTrimmedStringCollection(key);
      if (!dirs.isEmpty()) {
        return Path.of(dirs.iterator().next()).toAbsolutePath();
      }
    }
    return null;
  }

  private Volume volumeOf(long containerId) {
    return volumes.get((int) Math.floorMod(containerId, (long) volumes.size()));
  }

  private static Path containerDir(Volume v, long containerId) {
    return v.clusterDir.resolve("current").resolve("containerDir" + ((containerId >> 9) & 0xFF))
        .resolve(Long.toString(containerId));
  }

  @Override
  protected void generate(OzoneConfiguration conf, Plan plan, GenStats stats) throws Exception {
    stats.figures.put("datanodeUuid", datanodeUuid);
    stats.figures.put("clusterId", clusterId);
    stats.figures.put("index", index);
    stats.figures.put("datanodes", datanodes);
    stats.figures.put("data", zero ? "zero" : "random");
    stats.figures.put("seed", seed);
    stats.figures.put("schema", schemaV3 ? "3" : "2");
    stats.figures.put("layout", layout.name());
    stats.figures.put("chunkSize", chunkSize);
    stats.figures.put("checksumType", checksumType.name());
    stats.figures.put("bytesPerChecksum", bytesPerChecksum);
    stats.figures.put("threads", threadCount);
    stats.figures.put("containerIds", placed);
    if (placed.isEmpty()) {
      return;
    }
    try {
      if (schemaV3) {
        for (Volume v : volumes) {
          try {
            v.store = new DatanodeStoreSchemaThreeImpl(conf, v.db.toString(), false);
          } catch (IOException | RuntimeException e) {
            if (InUse.isLockError(e)) {
              throw InUse.inUse(v.db, DATANODE, ClusterDirs.DATANODE_DIRS, "RocksDB: " + e.getMessage());
            }
            throw e;
          }
        }
      }
      ExecutorService pool = Executors.newFixedThreadPool(threadCount, r -> {
        Thread t = new Thread(r, "cgdn-" + index);
        t.setDaemon(true);
        return t;
      });
      try {
        List<Future<?>> futures = new ArrayList<>();
        ThreadLocal<Worker> workers = ThreadLocal.withInitial(Worker::new);
        for (int i = 0; i < placed.size(); i++) {
          final int ordinal = i;
          final long c = placed.get(i);
          futures.add(pool.submit(() -> {
            long start = System.nanoTime();
            String error = null;
            try {
              workers.get().container(conf, plan, c, stats);
              stats.containers.increment();
            } catch (Exception | Error e) {
              error = e + " (remove what it left in " + containerDir(volumeOf(c), c)
                  + " before generating it again)";
            }
            long end = System.nanoTime();
            stats.workerNanos.add(end - start);
            stats.task(ordinal, c, error == null ? plan.containerBytes() : 0, start, end, error);
          }));
        }
        for (Future<?> f : futures) {
          f.get();
        }
      } finally {
        pool.shutdownNow();
      }
    } finally {
      for (Volume v : volumes) {
        if (v.store != null) {
          long t = System.nanoTime();
          try {
            v.store.flushDB();
          } finally {
            v.store.stop();
            v.store = null;
            stats.figures.merge("dbCloseSeconds", (System.nanoTime() - t) / 1e9,
                (a, b) -> (Double) a + (Double) b);
          }
        }
      }
    }
  }

  /** One thread's buffer and checksum calculator. */
  private final class Worker {
    private final byte[] buf = new byte[chunkSize];
    private final Checksum checksum = new Checksum(checksumType, bytesPerChecksum);

    void container(OzoneConfiguration conf, Plan plan, long c, GenStats stats) throws IOException {
      Volume v = volumeOf(c);
      Path base = containerDir(v, c);
      Path meta = base.resolve(OzoneConsts.CONTAINER_META_PATH);
      Path chunks = base.resolve(OzoneConsts.STORAGE_DIR_CHUNKS);
      Files.createDirectories(meta);
      Files.createDirectories(chunks);
      KeyValueContainerData data = new KeyValueContainerData(c, layout, maxSize, originPipeline(c), datanodeUuid);
      data.setSchemaVersion(schemaV3 ? OzoneConsts.SCHEMA_V3 : OzoneConsts.SCHEMA_V2);
      data.setMetadataPath(meta.toString());
      data.setChunksPath(chunks.toString());

      List<BlockData> blocks = new ArrayList<>(plan.keysPerContainer());
      for (int j = 0; j < plan.keysPerContainer(); j++) {
        blocks.add(block(plan, c, j, chunks, stats));
      }

      long t0 = System.nanoTime();
      DatanodeStore store = v.store;
      if (!schemaV3) {
        Path db = meta.resolve(c + OzoneConsts.DN_CONTAINER_DB);
        store = new DatanodeStoreSchemaTwoImpl(conf, db.toString(), false);
      }
      try {
        Table<String, BlockData> blockTable = store.getBlockDataTable();
        Table<String, Long> metadata = store.getMetadataTable();
        try (BatchOperation batch = store.getBatchHandler().initBatchOperation()) {
          for (BlockData b : blocks) {
            blockTable.putWithBatch(batch, data.getBlockKey(b.getLocalID()), b);
          }
          metadata.putWithBatch(batch, data.getBlockCountKey(), (long) plan.keysPerContainer());
          metadata.putWithBatch(batch, data.getBytesUsedKey(), plan.containerBytes());
          metadata.putWithBatch(batch, data.getBcsIdKey(), plan.containerBcsid());
          metadata.putWithBatch(batch, data.getPendingDeleteBlockCountKey(), 0L);
          metadata.putWithBatch(batch, data.getPendingDeleteBlockBytesKey(), 0L);
          store.getBatchHandler().commitBatchOperation(batch);
        }
      } finally {
        if (!schemaV3) {
          store.flushDB();
          store.stop();
        }
      }
      stats.dbNanos.add(System.nanoTime() - t0);

      // the descriptor last: a container without it is not loaded by the datanode
      data.setState(ContainerDataProto.State.CLOSED);
      Path file = meta.resolve(c + OzoneConsts.CONTAINER_EXTENSION);
      Path tmp = meta.resolve(c + OzoneConsts.CONTAINER_EXTENSION + ".tmp");
      ContainerDataYaml.createContainerFile(data, tmp.toFile());
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
      stats.keys.add(plan.keysPerContainer());
    }

    private BlockData block(Plan plan, long c, int j, Path chunks, GenStats stats) throws IOException {
      long localId = Plan.localId(j);
      BlockID id = new BlockID(c, localId);
      BlockData block = new BlockData(id);
      List<ContainerProtos.ChunkInfo> infos = new ArrayList<>();
      SeededData seeded = zero ? null : new SeededData(seed, Plan.stream(c, localId));
      FileChannel blockFile = null;
      try {
        if (layout == ContainerLayoutVersion.FILE_PER_BLOCK) {
          blockFile = FileChannel.open(chunks.resolve(localId + ".block"), StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE);
        }
        long offset = 0;
        int n = 0;
        while (offset < plan.keySize()) {
          int len = (int) Math.min(chunkSize, plan.keySize() - offset);
          String name = localId + "_chunk_" + (++n);
          if (seeded != null) {
            long t = System.nanoTime();
            seeded.fill(buf, 0, len, offset);
            stats.fillNanos.add(System.nanoTime() - t);
          }
          ContainerProtos.ChecksumData sum = checksum(len, stats);
          long t = System.nanoTime();
          if (blockFile != null) {
            writeFully(blockFile, ByteBuffer.wrap(buf, 0, len), offset);
          } else {
            try (FileChannel ch = FileChannel.open(chunks.resolve(name), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE)) {
              writeFully(ch, ByteBuffer.wrap(buf, 0, len), 0);
            }
          }
          stats.writeNanos.add(System.nanoTime() - t);
          stats.bytes.add(len);
          infos.add(ContainerProtos.ChunkInfo.newBuilder()
              .setChunkName(name).setOffset(offset).setLen(len).setChecksumData(sum).build());
          offset += len;
        }
      } finally {
        if (blockFile != null) {
          blockFile.close();
        }
      }
      block.setChunks(infos);
      block.setBlockCommitSequenceId(Plan.blockBcsid(j));
      return block;
    }

    private ContainerProtos.ChecksumData checksum(int len, GenStats stats) throws IOException {
      if (zero) {
        ContainerProtos.ChecksumData cached = zeroChecksums.get(len);
        if (cached != null) {
          stats.checksumCacheHits.increment();
          return cached;
        }
      }
      long t = System.nanoTime();
      ContainerProtos.ChecksumData sum = checksum.computeChecksum(ByteBuffer.wrap(buf, 0, len)).getProtoBufMessage();
      stats.checksumNanos.add(System.nanoTime() - t);
      if (zero) {
        zeroChecksums.putIfAbsent(len, sum);
      }
      return sum;
    }
  }

  private static void writeFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
    long pos = position;
    while (b.hasRemaining()) {
      pos += ch.write(b, pos);
    }
  }

  /** A stand-in origin pipeline, the same on every replica of a container. */
  private static String originPipeline(long containerId) {
    return UUID.nameUUIDFromBytes(("harness-offline-container-" + containerId).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  @Override
  protected String target() {
    return volumes.isEmpty() ? null : volumes.get(0).hddsRoot.toString();
  }

  @Override
  protected List<String> details(Plan plan, GenStats s) {
    List<String> lines = new ArrayList<>();
    lines.add("datanode " + datanodeUuid + " = index " + index + " of " + datanodes + ": containers " + placed
        + " on " + volumes.size() + " volume(s)");
    lines.add("schema v" + (schemaV3 ? 3 : 2) + ", " + layout.name() + ", chunks of " + chunkSize + " bytes, "
        + checksumType + " every " + bytesPerChecksum + " bytes, " + (zero ? "zero data" : "random data (seed "
        + seed + ")") + ", " + threadCount + " thread(s)");
    long worker = s.workerNanos.sum();
    lines.add(String.format(Locale.ROOT, "worker time %.3f s: data %s, checksums %s%s, chunk writes %s, DB %s",
        worker / 1e9, pct(GenStats.share(s.fillNanos.sum(), worker)), pct(s.checksumShare()),
        zero ? " (" + s.checksumCacheHits.sum() + " cached)" : "",
        pct(GenStats.share(s.writeNanos.sum(), worker)), pct(GenStats.share(s.dbNanos.sum(), worker))));
    return lines;
  }
}
