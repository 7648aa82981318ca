package io.harness.freon.offline;

import io.harness.core.base.SeededData;
import io.harness.core.records.TaskRecorder;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdds.client.BlockID;
import org.apache.hadoop.hdds.protocol.datanode.proto.ContainerProtos;
import org.apache.hadoop.hdds.protocol.datanode.proto.ContainerProtos.ChecksumType;
import org.apache.hadoop.hdds.protocol.datanode.proto.ContainerProtos.ContainerDataProto;
import org.apache.hadoop.hdds.utils.db.BatchOperation;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.ozone.OzoneConsts;
import org.apache.hadoop.ozone.common.Checksum;
import org.apache.hadoop.ozone.container.common.helpers.BlockData;
import org.apache.hadoop.ozone.container.common.impl.ContainerDataYaml;
import org.apache.hadoop.ozone.container.common.impl.ContainerLayoutVersion;
import org.apache.hadoop.ozone.container.keyvalue.KeyValueContainerData;
import org.apache.hadoop.ozone.container.metadata.DatanodeStore;
import org.apache.hadoop.ozone.container.metadata.DatanodeStoreSchemaTwoImpl;

/**
 * One cgdn thread: its chunk buffer and checksum calculator, the replicas it writes one container at a time
 * ({@link #container}), and where its time went, noted in its task record after each container. The bytes
 * of each chunk count in the thread's record when the chunk is written (so the run's per-second series
 * follows the data, not the containers' ends).
 *
 * <p>A container is its directory with {@code chunks/} (FILE_PER_BLOCK: {@code <localId>.block};
 * FILE_PER_CHUNK: one file per chunk, named as the client names chunks, {@code <localId>_chunk_<n>}), the
 * block metadata (chunk list with checksums, block count, bytes used, BCSID) in the container DB (schema v3's
 * volume DB with container-prefixed keys, or schema v2's {@code metadata/<id>-dn-container.db}), and last
 * {@code metadata/<id>.container} (the YAML descriptor, state CLOSED, with its checksum): a container without
 * it is not loaded. Chunks are the client's chunk size (the last one of a block may be shorter); their
 * checksums are Ozone's own {@link Checksum}, as the client computes them.
 */
final class ContainerWriter {
  private final Datanode dn;
  private final CgDn.Plan plan;
  private final ContainerLayoutVersion layout;
  /** Two chunk buffers: the filler thread prepares the next chunk in one while this thread writes the other. */
  private final byte[][] bufs;
  private final Checksum checksum;
  private final ThreadPoolExecutor filler;
  private long fillNanos;
  private long checksumNanos;
  private long cacheHits;
  private long writeNanos;
  private long dbNanos;
  private long workerNanos;

  ContainerWriter(Datanode dn) {
    this.dn = dn;
    this.plan = dn.plan;
    this.layout = ContainerLayoutVersion.valueOf(plan.layout());
    this.bufs = new byte[][] {new byte[plan.chunkSize()], new byte[plan.chunkSize()]};
    this.checksum = new Checksum(ChecksumType.valueOf(plan.checksumType()), plan.bytesPerChecksum());
    // one filler thread per cgdn thread, gone after a second without work (so a finished run leaves none)
    this.filler = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
      Thread t = new Thread(r, Thread.currentThread().getName() + "-filler");
      t.setDaemon(true);
      return t;
    });
    filler.allowCoreThreadTimeOut(true);
  }

  /** A chunk made ready by the filler thread: its bytes in {@code buf}, its checksum, and what that took. */
  private record Ready(byte[] buf, int len, ContainerProtos.ChecksumData sum, long fillNanos, long checksumNanos,
      boolean cached) {}

  /** Writes container {@code c}'s replica; a failure names what it left behind. */
  void container(long c, TaskRecorder rec) throws IOException {
    long start = System.nanoTime();
    Datanode.Volume v = dn.volumeOf(c);
    Path base = Datanode.containerDir(v, c);
    try {
      write(c, v, base, rec);
    } catch (Exception | Error e) {
      throw new IOException(e + " (remove what it left in " + base + " before generating it again)", e);
    } finally {
      workerNanos += System.nanoTime() - start;
      rec.noteTotal(OfflineTotals.WORKER_NANOS, workerNanos);
      rec.noteTotal(OfflineTotals.FILL_NANOS, fillNanos);
      rec.noteTotal(OfflineTotals.CHECKSUM_NANOS, checksumNanos);
      rec.noteTotal(OfflineTotals.CHECKSUM_CACHE_HITS, cacheHits);
      rec.noteTotal(OfflineTotals.WRITE_NANOS, writeNanos);
      rec.noteTotal(OfflineTotals.DB_NANOS, dbNanos);
    }
  }

  private void write(long c, Datanode.Volume v, Path base, TaskRecorder rec) throws IOException {
    Ids ids = plan.ids();
    Path meta = base.resolve(OzoneConsts.CONTAINER_META_PATH);
    Path chunks = base.resolve(OzoneConsts.STORAGE_DIR_CHUNKS);
    Files.createDirectories(meta);
    Files.createDirectories(chunks);
    KeyValueContainerData data = new KeyValueContainerData(c, layout, plan.containerMaxSize(), originPipeline(c),
        dn.datanodeUuid);
    data.setSchemaVersion(plan.schemaV3() ? OzoneConsts.SCHEMA_V3 : OzoneConsts.SCHEMA_V2);
    data.setMetadataPath(meta.toString());
    data.setChunksPath(chunks.toString());

    List<BlockData> blocks = new ArrayList<>(ids.keysPerContainer());
    for (int j = 0; j < ids.keysPerContainer(); j++) {
      blocks.add(block(c, j, chunks, rec));
    }

    long t0 = System.nanoTime();
    DatanodeStore store = v.store;
    if (!plan.schemaV3()) {
      Path db = meta.resolve(c + OzoneConsts.DN_CONTAINER_DB);
      store = new DatanodeStoreSchemaTwoImpl(dn.conf, db.toString(), false);
    }
    try {
      Table<String, BlockData> blockTable = store.getBlockDataTable();
      Table<String, Long> metadata = store.getMetadataTable();
      try (BatchOperation batch = store.getBatchHandler().initBatchOperation()) {
        for (BlockData b : blocks) {
          blockTable.putWithBatch(batch, data.getBlockKey(b.getLocalID()), b);
        }
        metadata.putWithBatch(batch, data.getBlockCountKey(), (long) ids.keysPerContainer());
        metadata.putWithBatch(batch, data.getBytesUsedKey(), ids.containerBytes());
        metadata.putWithBatch(batch, data.getBcsIdKey(), ids.containerBcsid());
        metadata.putWithBatch(batch, data.getPendingDeleteBlockCountKey(), 0L);
        metadata.putWithBatch(batch, data.getPendingDeleteBlockBytesKey(), 0L);
        store.getBatchHandler().commitBatchOperation(batch);
      }
    } finally {
      if (!plan.schemaV3()) {
        store.flushDB();
        store.stop();
      }
    }
    dbNanos += System.nanoTime() - t0;

    // the descriptor last: a container without it is not loaded by the datanode
    data.setState(ContainerDataProto.State.CLOSED);
    Path file = meta.resolve(c + OzoneConsts.CONTAINER_EXTENSION);
    Path tmp = meta.resolve(c + OzoneConsts.CONTAINER_EXTENSION + ".tmp");
    ContainerDataYaml.createContainerFile(data, tmp.toFile());
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
  }

  private BlockData block(long c, int j, Path chunks, TaskRecorder rec) throws IOException {
    Ids ids = plan.ids();
    long localId = Ids.localId(j);
    BlockData block = new BlockData(new BlockID(c, localId));
    List<ContainerProtos.ChunkInfo> infos = new ArrayList<>();
    SeededData seeded = plan.zero() ? null : new SeededData(plan.seed(), Ids.stream(c, localId));
    FileChannel blockFile = null;
    try {
      if (layout == ContainerLayoutVersion.FILE_PER_BLOCK) {
        blockFile = FileChannel.open(chunks.resolve(localId + ".block"), StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE);
      }
      // the filler makes chunk k + 1 ready (seeded bytes and checksum) while this thread writes chunk k
      Future<Ready> next = filler.submit(() -> prepare(bufs[0], seeded, 0));
      long offset = 0;
      int n = 0;
      try {
        while (offset < ids.keySize()) {
          Ready ready = await(next);
          fillNanos += ready.fillNanos();
          checksumNanos += ready.checksumNanos();
          cacheHits += ready.cached() ? 1 : 0;
          long following = offset + ready.len();
          byte[] spare = ready.buf() == bufs[0] ? bufs[1] : bufs[0];
          next = following < ids.keySize() ? filler.submit(() -> prepare(spare, seeded, following)) : null;
          String name = localId + "_chunk_" + (++n);
          long t = System.nanoTime();
          if (blockFile != null) {
            writeFully(blockFile, ByteBuffer.wrap(ready.buf(), 0, ready.len()), offset);
          } else {
            try (FileChannel ch = FileChannel.open(chunks.resolve(name), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE)) {
              writeFully(ch, ByteBuffer.wrap(ready.buf(), 0, ready.len()), 0);
            }
          }
          writeNanos += System.nanoTime() - t;
          rec.addBytes(ready.len());
          infos.add(ContainerProtos.ChunkInfo.newBuilder()
              .setChunkName(name).setOffset(offset).setLen(ready.len()).setChecksumData(ready.sum()).build());
          offset = following;
        }
      } finally {
        if (next != null) {
          next.cancel(false);
          awaitQuietly(next); // its buffer is the next block's: no fill may still run into it
        }
      }
    } finally {
      if (blockFile != null) {
        blockFile.close();
      }
    }
    block.setChunks(infos);
    block.setBlockCommitSequenceId(Ids.blockBcsid(j));
    return block;
  }

  /** On the filler thread: the chunk of the block at {@code offset}, in {@code into}, with its checksum. */
  private Ready prepare(byte[] into, SeededData seeded, long offset) throws IOException {
    int len = (int) Math.min(plan.chunkSize(), plan.ids().keySize() - offset);
    long fill = 0;
    if (seeded != null) {
      long t = System.nanoTime();
      seeded.fill(into, 0, len, offset);
      fill = System.nanoTime() - t;
    }
    if (plan.zero()) {
      ContainerProtos.ChecksumData cached = dn.zeroChecksums.get(len);
      if (cached != null) {
        return new Ready(into, len, cached, fill, 0, true);
      }
    }
    long t = System.nanoTime();
    ContainerProtos.ChecksumData sum = checksum.computeChecksum(ByteBuffer.wrap(into, 0, len)).getProtoBufMessage();
    long sumNanos = System.nanoTime() - t;
    if (plan.zero()) {
      dn.zeroChecksums.putIfAbsent(len, sum);
    }
    return new Ready(into, len, sum, fill, sumNanos, false);
  }

  private static Ready await(Future<Ready> ready) throws IOException {
    try {
      return ready.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while the next chunk was prepared");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    }
  }

  private static void awaitQuietly(Future<Ready> ready) {
    try {
      ready.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | java.util.concurrent.CancellationException e) {
      // the block failed already, or its next chunk was not needed
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
}
