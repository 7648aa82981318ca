package io.harness.freon.offline;

import io.harness.core.records.TaskRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdds.client.BlockID;
import org.apache.hadoop.hdds.client.ReplicationConfig;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.StorageType;
import org.apache.hadoop.hdds.utils.db.BatchOperation;
import org.apache.hadoop.hdds.utils.db.DBStore;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.ozone.OzoneAcl;
import org.apache.hadoop.ozone.OzoneConsts;
import org.apache.hadoop.ozone.om.codec.OMDBDefinition;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.hadoop.ozone.om.helpers.OmBucketInfo;
import org.apache.hadoop.ozone.om.helpers.OmDirectoryInfo;
import org.apache.hadoop.ozone.om.helpers.OmKeyInfo;
import org.apache.hadoop.ozone.om.helpers.OmKeyLocationInfo;
import org.apache.hadoop.ozone.om.helpers.OmKeyLocationInfoGroup;
import org.apache.hadoop.ozone.om.helpers.OmVolumeArgs;
import org.apache.hadoop.ozone.om.helpers.QuotaUtil;
import org.apache.hadoop.ozone.security.acl.IAccessAuthorizer.ACLIdentityType;
import org.apache.hadoop.ozone.security.acl.IAccessAuthorizer.ACLType;
import org.apache.hadoop.ozone.storage.proto.OzoneManagerStorageProtos.PersistedUserVolumeInfo;

/**
 * cgom's writes to the OM DB: opened with the volume, the bucket and the prefix's directories put first
 * (those missing), then each container's keys ({@link #container}), a batch committed every
 * {@value #BATCH_KEYS} keys, and at the end the bucket's new usage with the last batch.
 */
final class OmKeys implements StoreEngine.Stores {
  private static final long EPOCH_BITS = 2L << 62;
  private static final long GENERATED_BIT = 1L << 61;
  private static final int SLOT_BITS = 24;
  private static final long TOP_SLOT = (1L << SLOT_BITS) - 1;
  private static final int BATCH_KEYS = 10_000;

  private final OzoneConfiguration conf;
  private final CgOm.Plan plan;
  private final Path dbParent;
  private final String dbKey;
  private final BucketLayout bucketLayout;
  private final long updateId;
  private final long now = System.currentTimeMillis();
  private final List<OzoneAcl> acls;
  private long nextOther = TOP_SLOT;

  private DBStore store;
  private BatchOperation batch;
  private int inBatch;
  private Table<String, OmKeyInfo> keyTable;
  private Table<String, OmKeyInfo> fileTable;
  private OmVolumeArgs vol;
  private OmBucketInfo bkt;
  private long parent;
  private String dirPath = "";
  private long directoriesCreated;
  private long dbNanos;
  private long workerNanos;

  OmKeys(OzoneConfiguration conf, CgOm.Plan plan, Path dbParent, String dbKey, BucketLayout bucketLayout,
      long updateId) {
    this.conf = conf;
    this.plan = plan;
    this.dbParent = dbParent;
    this.dbKey = dbKey;
    this.bucketLayout = bucketLayout;
    this.updateId = updateId;
    this.acls = Collections.singletonList(
        OzoneAcl.of(ACLIdentityType.USER, plan.owner(), OzoneAcl.AclScope.ACCESS, ACLType.ALL));
  }

  @Override
  public void open(Map<String, Object> extra) throws Exception {
    store = Stores.open(conf, OMDBDefinition.get(), OzoneConsts.OM_DB_NAME, dbParent, false, dbKey, CgOmWorkload.OM);
    try {
      keyTable = OMDBDefinition.KEY_TABLE_DEF.getTable(store);
      fileTable = OMDBDefinition.FILE_TABLE_DEF.getTable(store);
      batch = store.initBatchOperation();
      extra.put(CgOmFigures.OM_DB, dbParent.resolve(OzoneConsts.OM_DB_NAME).toString());
      extra.put(CgOmFigures.BUCKET_LAYOUT, bucketLayout.name());
      extra.put(CgOmFigures.UPDATE_ID, updateId);
      volumeAndBucket(extra);
      directories();
      extra.put(CgOmFigures.DIRECTORIES_CREATED, directoriesCreated);
    } catch (Exception | Error e) {
      if (batch != null) {
        batch.close();
      }
      store.close();
      throw e;
    }
  }

  private void volumeAndBucket(Map<String, Object> extra) throws Exception {
    Table<String, OmVolumeArgs> volTable = OMDBDefinition.VOLUME_TABLE_DEF.getTable(store);
    Table<String, OmBucketInfo> bucketTable = OMDBDefinition.BUCKET_TABLE_DEF.getTable(store);
    Table<String, PersistedUserVolumeInfo> userTable = OMDBDefinition.USER_TABLE_DEF.getTable(store);
    String owner = plan.owner();
    vol = volTable.get(volumeKey(plan));
    extra.put(CgOmFigures.VOLUME_CREATED, vol == null);
    if (vol == null) {
      vol = OmVolumeArgs.newBuilder()
          .setVolume(plan.volume()).setAdminName(owner).setOwnerName(owner)
          .setCreationTime(now).setModificationTime(now)
          .setObjectID(otherId()).setUpdateID(updateId)
          .setQuotaInBytes(OzoneConsts.QUOTA_RESET).setQuotaInNamespace(OzoneConsts.QUOTA_RESET)
          .setAcls(acls)
          .build();
      PersistedUserVolumeInfo list = userTable.get(owner);
      List<String> names = new ArrayList<>(list == null ? List.of() : list.getVolumeNamesList());
      if (!names.contains(plan.volume())) {
        names.add(plan.volume());
      }
      userTable.putWithBatch(batch, owner, PersistedUserVolumeInfo.newBuilder()
          .addAllVolumeNames(names)
          .setObjectID(list == null ? vol.getObjectID() : list.getObjectID())
          .setUpdateID(updateId)
          .build());
    }
    bkt = bucketTable.get(bucketKey(plan));
    extra.put(CgOmFigures.BUCKET_CREATED, bkt == null);
    if (bkt == null) {
      bkt = OmBucketInfo.newBuilder()
          .setVolumeName(plan.volume()).setBucketName(plan.bucket())
          .setBucketLayout(bucketLayout)
          .setStorageType(StorageType.DISK).setIsVersionEnabled(false)
          .setCreationTime(now).setModificationTime(now)
          .setObjectID(otherId()).setUpdateID(updateId)
          .setOwner(owner)
          .setAcls(acls)
          .build();
      // a volume is only created together with its bucket
      vol = vol.toBuilder().incrUsedNamespace(1L).build();
      volTable.putWithBatch(batch, volumeKey(plan), vol);
    }
  }

  /** The prefix's directories that are missing. */
  private void directories() throws Exception {
    Table<String, OmDirectoryInfo> dirTable = OMDBDefinition.DIRECTORY_TABLE_DEF.getTable(store);
    parent = bkt.getObjectID();
    for (String d : plan.dirs()) {
      dirPath = dirPath + d + "/";
      if (bucketLayout == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
        String k = pathKey(vol.getObjectID(), bkt.getObjectID(), parent, d);
        OmDirectoryInfo info = dirTable.get(k);
        if (info == null) {
          info = OmDirectoryInfo.newBuilder()
              .setName(d).setOwner(plan.owner())
              .setCreationTime(now).setModificationTime(now)
              .setObjectID(otherId()).setUpdateID(updateId)
              .setParentObjectID(parent)
              .setAcls(acls)
              .build();
          dirTable.putWithBatch(batch, k, info);
          directoriesCreated++;
        }
        parent = info.getObjectID();
      } else if (bucketLayout == BucketLayout.LEGACY) {
        String k = bucketKey(plan) + "/" + dirPath;
        if (!keyTable.isExist(k)) {
          keyTable.putWithBatch(batch, k, new OmKeyInfo.Builder()
              .setVolumeName(plan.volume()).setBucketName(plan.bucket()).setKeyName(dirPath)
              .setOwnerName(plan.owner())
              .setOmKeyLocationInfos(Collections.singletonList(new OmKeyLocationInfoGroup(0, new ArrayList<>())))
              .setCreationTime(now).setModificationTime(now)
              .setDataSize(0)
              .setReplicationConfig(plan.ids().replicationConfig())
              .setObjectID(otherId()).setUpdateID(updateId)
              .setAcls(acls)
              .build());
          directoriesCreated++;
        }
      }
    }
  }

  /** Puts the keys of container {@code c}; notes the thread's DB and worker time. */
  void container(long c, TaskRecorder rec) throws Exception {
    long start = System.nanoTime();
    Ids ids = plan.ids();
    ReplicationConfig repl = ids.replicationConfig();
    for (int j = 0; j < ids.keysPerContainer(); j++) {
      long localId = Ids.localId(j);
      BlockID block = new BlockID(c, localId);
      block.setBlockCommitSequenceId(Ids.blockBcsid(j));
      OmKeyLocationInfo location = new OmKeyLocationInfo.Builder()
          .setBlockID(block).setLength(ids.keySize()).setOffset(0).build();
      String name = plan.filePrefix() + c + "-" + localId;
      OmKeyInfo.Builder key = new OmKeyInfo.Builder()
          .setVolumeName(plan.volume()).setBucketName(plan.bucket())
          .setOwnerName(plan.owner())
          .setOmKeyLocationInfos(Collections.singletonList(
              new OmKeyLocationInfoGroup(0, new ArrayList<>(List.of(location)))))
          .setCreationTime(now).setModificationTime(now)
          .setDataSize(ids.keySize())
          .setReplicationConfig(repl)
          .setObjectID(keyId(c, localId)).setUpdateID(updateId)
          .setAcls(acls)
          .setFile(true);
      if (bucketLayout == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
        key.setKeyName(name).setParentObjectID(parent);
        fileTable.putWithBatch(batch, pathKey(vol.getObjectID(), bkt.getObjectID(), parent, name), key.build());
      } else {
        String keyName = dirPath + name;
        key.setKeyName(keyName);
        keyTable.putWithBatch(batch, bucketKey(plan) + "/" + keyName, key.build());
      }
      if (++inBatch >= BATCH_KEYS) {
        long t = System.nanoTime();
        store.commitBatchOperation(batch);
        batch.close();
        batch = store.initBatchOperation();
        inBatch = 0;
        dbNanos += System.nanoTime() - t;
      }
    }
    workerNanos += System.nanoTime() - start;
    rec.noteTotal(OfflineTotals.DB_NANOS, dbNanos);
    rec.noteTotal(OfflineTotals.WORKER_NANOS, workerNanos);
  }

  @Override
  public void close(boolean complete, Map<String, Object> extra) throws Exception {
    try (DBStore s = store) {
      try (BatchOperation b = batch) {
        extra.put(CgOmFigures.COMMITTED, false);
        if (complete) {
          Ids ids = plan.ids();
          bkt = bkt.toBuilder()
              .setUsedBytes(bkt.getUsedBytes() + QuotaUtil.getReplicatedSize(ids.totalBytes(), ids.replicationConfig()))
              .setUsedNamespace(bkt.getUsedNamespace() + directoriesCreated + ids.totalKeys())
              .build();
          OMDBDefinition.BUCKET_TABLE_DEF.getTable(s).putWithBatch(b, bucketKey(plan), bkt);
          s.commitBatchOperation(b);
          s.flushDB();
          extra.put(CgOmFigures.COMMITTED, true);
        }
      }
    }
  }

  /** The object id of key {@code (containerId, localId)}: see {@link CgOmWorkload}. */
  static long keyId(long containerId, long localId) {
    return EPOCH_BITS | GENERATED_BIT | (containerId << SLOT_BITS) | localId;
  }

  /** Object ids of the volume, bucket and directories this run creates: from the top of its first container's slots. */
  private long otherId() {
    long slot = nextOther--;
    if (slot < Ids.MAX_KEYS_PER_CONTAINER) {
      throw new IllegalStateException("too many directories in the prefix");
    }
    return EPOCH_BITS | GENERATED_BIT | (plan.ids().from() << SLOT_BITS) | slot;
  }

  static String volumeKey(CgOm.Plan plan) {
    return OzoneConsts.OM_KEY_PREFIX + plan.volume();
  }

  static String bucketKey(CgOm.Plan plan) {
    return OzoneConsts.OM_KEY_PREFIX + plan.volume() + OzoneConsts.OM_KEY_PREFIX + plan.bucket();
  }

  static String pathKey(long volumeId, long bucketId, long parentId, String name) {
    return "/" + volumeId + "/" + bucketId + "/" + parentId + "/" + name;
  }
}
