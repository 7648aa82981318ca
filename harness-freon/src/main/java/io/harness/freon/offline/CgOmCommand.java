package io.harness.freon.offline;

import io.harness.core.cli.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.hadoop.hdds.client.BlockID;
import org.apache.hadoop.hdds.client.ReplicationConfig;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.StorageType;
import org.apache.hadoop.hdds.utils.TransactionInfo;
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
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgom}: a volume, a bucket and one key per generated block in the OM DB of a
 * stopped cluster.
 *
 * <p>Key {@code <prefix><containerId>-<localId>} has one block, {@code (containerId, localId)} of
 * {@code --key-size} bytes. In a FILE_SYSTEM_OPTIMIZED bucket the keys go to the file table (with the
 * directories of the prefix in the directory table); in a LEGACY or OBJECT_STORE bucket to the key
 * table (LEGACY also gets the prefix's directory keys). The bucket's used bytes and namespace grow
 * by what is added. Object ids are taken from a range the OM never hands out (transaction ids of
 * 2^53 and more), derived from the container ids, and update ids are the OM's last applied
 * transaction index, so the OM's later updates of these objects pass its update-id checks.
 */
@Command(name = "cgom", mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.cli.Harness.VersionProvider.class,
    description = {
        "Offline generator: volume, bucket and keys straight into the OM DB of a stopped Ozone cluster.",
        "Run it with the OM's configuration (-conf FILE, $OZONE_CONF_DIR, -D ozone.om.db.dirs=DIR), and",
        "cgscm / cgdn with the same --from, -n, --keys-per-container, --key-size and --replication.",
        "Exit codes: 0 done, 1 failed while writing, 2 bad input or the OM is running (nothing written)."})
public final class CgOmCommand extends OfflineGenerator {
  static final String OM = "OM";
  private static final long EPOCH_BITS = 2L << 62;
  private static final long GENERATED_BIT = 1L << 61;
  private static final int SLOT_BITS = 24;
  private static final long TOP_SLOT = (1L << SLOT_BITS) - 1;
  private static final int BATCH_KEYS = 10_000;

  @Option(names = "--volume", paramLabel = "NAME", defaultValue = "vol1",
      description = "Volume of the keys; created when missing (default: ${DEFAULT-VALUE}).")
  String volume;

  @Option(names = {"-b", "--bucket"}, paramLabel = "NAME", defaultValue = "bucket1",
      description = "Bucket of the keys; created when missing (default: ${DEFAULT-VALUE}).")
  String bucket;

  @Option(names = "--layout", paramLabel = "LAYOUT",
      description = "Layout of a bucket created here: FILE_SYSTEM_OPTIMIZED, LEGACY or OBJECT_STORE "
          + "(default: ozone.default.bucket.layout, FILE_SYSTEM_OPTIMIZED); an existing bucket keeps its "
          + "own and must match when this is given. ofs:// reads FILE_SYSTEM_OPTIMIZED and LEGACY buckets.")
  String layout;

  @Option(names = {"-p", "--prefix"}, paramLabel = "PREFIX", defaultValue = "cg/",
      description = "Key names are <prefix><containerId>-<localId>; '/' in the prefix makes directories "
          + "(default: ${DEFAULT-VALUE}).")
  String prefix;

  @Option(names = {"-u", "--user"}, paramLabel = "USER",
      description = "Owner of the keys and of a volume / bucket created here (default: this user).")
  String user;

  private Path dbParent;
  private String dbKey;
  private BucketLayout bucketLayout;
  private boolean createVolume;
  private boolean createBucket;
  private long updateId;
  private List<String> dirs;
  private String filePrefix;

  public CgOmCommand() {
  }

  @Override
  protected void check(OzoneConfiguration conf, Plan plan) throws Exception {
    checkName("--volume", volume);
    checkName("--bucket", bucket);
    splitPrefix();
    BucketLayout wanted = null;
    if (layout != null) {
      try {
        wanted = BucketLayout.valueOf(layout.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--layout", "must be FILE_SYSTEM_OPTIMIZED, LEGACY or OBJECT_STORE, was " + layout);
      }
    }
    ClusterDirs.refuseHa(conf, "om", "OM");
    ClusterDirs.Dir dir = ClusterDirs.serviceDir(conf, ClusterDirs.OM_DB_DIRS);
    ClusterDirs.requireDirectory(dir);
    dbParent = dir.path();
    dbKey = dir.key();
    Path version = dbParent.resolve("om").resolve("current").resolve("VERSION");
    Properties props = ClusterDirs.readVersion(version, dbKey, OM);
    ClusterDirs.required(props, "clusterID", version, dbKey);
    Path db = dbParent.resolve(OzoneConsts.OM_DB_NAME);
    ClusterDirs.requireDb(db, dbKey, OM);
    InUse.check(db.resolve("LOCK"), db, OM, dbKey);

    try (DBStore store = Stores.open(conf, OMDBDefinition.get(), OzoneConsts.OM_DB_NAME, dbParent, true, dbKey,
        OM)) {
      TransactionInfo tx = OMDBDefinition.TRANSACTION_INFO_TABLE_DEF.getTable(store)
          .get(OzoneConsts.TRANSACTION_INFO_KEY);
      updateId = tx == null ? 0 : tx.getTransactionIndex();
      OmVolumeArgs vol = OMDBDefinition.VOLUME_TABLE_DEF.getTable(store).get(volumeKey());
      OmBucketInfo bkt = vol == null ? null : OMDBDefinition.BUCKET_TABLE_DEF.getTable(store).get(bucketKey());
      createVolume = vol == null;
      createBucket = bkt == null;
      if (bkt != null) {
        if (bkt.getSourceVolume() != null) {
          throw new UsageException("--bucket", volume + "/" + bucket + " is a link to " + bkt.getSourceVolume()
              + "/" + bkt.getSourceBucket() + ": generate into the source bucket");
        }
        bucketLayout = bkt.getBucketLayout();
        if (wanted != null && wanted != bucketLayout) {
          throw new UsageException("--layout", volume + "/" + bucket + " exists with layout " + bucketLayout
              + ", not " + wanted);
        }
        long add = QuotaUtil.getReplicatedSize(plan.totalBytes(), plan.replicationConfig());
        if (bkt.getQuotaInBytes() >= 0 && bkt.getUsedBytes() + add > bkt.getQuotaInBytes()) {
          throw new UsageException("-n", "the keys need " + add + " bytes of " + volume + "/" + bucket
              + "'s quota of " + bkt.getQuotaInBytes() + " (" + bkt.getUsedBytes() + " used)");
        }
      } else {
        bucketLayout = wanted != null ? wanted : BucketLayout.fromString(
            conf.getTrimmed("ozone.default.bucket.layout", BucketLayout.FILE_SYSTEM_OPTIMIZED.name()));
      }
      if (bkt != null) {
        checkNoClash(store, plan, vol, bkt);
      }
    }
  }

  private void checkNoClash(DBStore store, Plan plan, OmVolumeArgs vol, OmBucketInfo bkt) throws Exception {
    if (bucketLayout == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
      Table<String, OmDirectoryInfo> dirTable = OMDBDefinition.DIRECTORY_TABLE_DEF.getTable(store);
      Table<String, OmKeyInfo> fileTable = OMDBDefinition.FILE_TABLE_DEF.getTable(store);
      long parent = bkt.getObjectID();
      for (String d : dirs) {
        String k = pathKey(vol.getObjectID(), bkt.getObjectID(), parent, d);
        OmDirectoryInfo info = dirTable.get(k);
        if (info == null) {
          if (fileTable.isExist(k)) {
            throw new UsageException("--prefix", "'" + d + "' of the prefix is a file in " + volume + "/" + bucket);
          }
          return; // a directory is missing: none of the keys can exist
        }
        parent = info.getObjectID();
      }
      for (int i = 0; i < plan.containers(); i++) {
        for (int j = 0; j < plan.keysPerContainer(); j++) {
          String name = filePrefix + plan.containerId(i) + "-" + Plan.localId(j);
          String k = pathKey(vol.getObjectID(), bkt.getObjectID(), parent, name);
          if (fileTable.isExist(k) || dirTable.isExist(k)) {
            throw new UsageException("--prefix", "key " + prefix + plan.containerId(i) + "-" + Plan.localId(j)
                + " already exists in " + volume + "/" + bucket);
          }
        }
      }
    } else {
      Table<String, OmKeyInfo> keyTable = OMDBDefinition.KEY_TABLE_DEF.getTable(store);
      for (int i = 0; i < plan.containers(); i++) {
        for (int j = 0; j < plan.keysPerContainer(); j++) {
          String name = Plan.keyName(prefix, plan.containerId(i), Plan.localId(j));
          if (keyTable.isExist(bucketKey() + "/" + name)) {
            throw new UsageException("--prefix", "key " + name + " already exists in " + volume + "/" + bucket);
          }
        }
      }
    }
  }

  @Override
  protected void generate(OzoneConfiguration conf, Plan plan, GenStats stats) throws Exception {
    String owner = user != null ? user : System.getProperty("user.name", "ozone");
    long now = System.currentTimeMillis();
    List<OzoneAcl> acls = Collections.singletonList(
        OzoneAcl.of(ACLIdentityType.USER, owner, OzoneAcl.AclScope.ACCESS, ACLType.ALL));
    long[] nextOther = {TOP_SLOT};
    long t0 = System.nanoTime();
    try (DBStore store = Stores.open(conf, OMDBDefinition.get(), OzoneConsts.OM_DB_NAME, dbParent, false, dbKey,
        OM)) {
      Table<String, OmVolumeArgs> volTable = OMDBDefinition.VOLUME_TABLE_DEF.getTable(store);
      Table<String, OmBucketInfo> bucketTable = OMDBDefinition.BUCKET_TABLE_DEF.getTable(store);
      Table<String, PersistedUserVolumeInfo> userTable = OMDBDefinition.USER_TABLE_DEF.getTable(store);
      Table<String, OmKeyInfo> keyTable = OMDBDefinition.KEY_TABLE_DEF.getTable(store);
      Table<String, OmKeyInfo> fileTable = OMDBDefinition.FILE_TABLE_DEF.getTable(store);
      Table<String, OmDirectoryInfo> dirTable = OMDBDefinition.DIRECTORY_TABLE_DEF.getTable(store);
      ReplicationConfig repl = plan.replicationConfig();

      BatchOperation batch = store.initBatchOperation();
      try {
        OmVolumeArgs vol = volTable.get(volumeKey());
        if (vol == null) {
          vol = OmVolumeArgs.newBuilder()
              .setVolume(volume).setAdminName(owner).setOwnerName(owner)
              .setCreationTime(now).setModificationTime(now)
              .setObjectID(otherId(plan, nextOther)).setUpdateID(updateId)
              .setQuotaInBytes(OzoneConsts.QUOTA_RESET).setQuotaInNamespace(OzoneConsts.QUOTA_RESET)
              .setAcls(acls)
              .build();
          PersistedUserVolumeInfo list = userTable.get(owner);
          List<String> names = new ArrayList<>(list == null ? List.of() : list.getVolumeNamesList());
          if (!names.contains(volume)) {
            names.add(volume);
          }
          userTable.putWithBatch(batch, owner, PersistedUserVolumeInfo.newBuilder()
              .addAllVolumeNames(names)
              .setObjectID(list == null ? vol.getObjectID() : list.getObjectID())
              .setUpdateID(updateId)
              .build());
        }
        OmBucketInfo bkt = bucketTable.get(bucketKey());
        if (bkt == null) {
          bkt = OmBucketInfo.newBuilder()
              .setVolumeName(volume).setBucketName(bucket)
              .setBucketLayout(bucketLayout)
              .setStorageType(StorageType.DISK).setIsVersionEnabled(false)
              .setCreationTime(now).setModificationTime(now)
              .setObjectID(otherId(plan, nextOther)).setUpdateID(updateId)
              .setOwner(owner)
              .setAcls(acls)
              .build();
          // a volume is only created together with its bucket
          vol = vol.toBuilder().incrUsedNamespace(1L).build();
          volTable.putWithBatch(batch, volumeKey(), vol);
        }

        long newNamespace = 0;
        long parent = bkt.getObjectID();
        String dirPath = "";
        for (String d : dirs) {
          dirPath = dirPath + d + "/";
          if (bucketLayout == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
            String k = pathKey(vol.getObjectID(), bkt.getObjectID(), parent, d);
            OmDirectoryInfo info = dirTable.get(k);
            if (info == null) {
              info = OmDirectoryInfo.newBuilder()
                  .setName(d).setOwner(owner)
                  .setCreationTime(now).setModificationTime(now)
                  .setObjectID(otherId(plan, nextOther)).setUpdateID(updateId)
                  .setParentObjectID(parent)
                  .setAcls(acls)
                  .build();
              dirTable.putWithBatch(batch, k, info);
              newNamespace++;
            }
            parent = info.getObjectID();
          } else if (bucketLayout == BucketLayout.LEGACY) {
            String k = bucketKey() + "/" + dirPath;
            if (!keyTable.isExist(k)) {
              keyTable.putWithBatch(batch, k, new OmKeyInfo.Builder()
                  .setVolumeName(volume).setBucketName(bucket).setKeyName(dirPath)
                  .setOwnerName(owner)
                  .setOmKeyLocationInfos(Collections.singletonList(new OmKeyLocationInfoGroup(0, new ArrayList<>())))
                  .setCreationTime(now).setModificationTime(now)
                  .setDataSize(0)
                  .setReplicationConfig(repl)
                  .setObjectID(otherId(plan, nextOther)).setUpdateID(updateId)
                  .setAcls(acls)
                  .build());
              newNamespace++;
            }
          }
        }

        int inBatch = 0;
        for (int i = 0; i < plan.containers(); i++) {
          long c = plan.containerId(i);
          long ts = System.nanoTime();
          for (int j = 0; j < plan.keysPerContainer(); j++) {
            long localId = Plan.localId(j);
            BlockID block = new BlockID(c, localId);
            block.setBlockCommitSequenceId(Plan.blockBcsid(j));
            OmKeyLocationInfo location = new OmKeyLocationInfo.Builder()
                .setBlockID(block).setLength(plan.keySize()).setOffset(0).build();
            String name = filePrefix + c + "-" + localId;
            OmKeyInfo.Builder key = new OmKeyInfo.Builder()
                .setVolumeName(volume).setBucketName(bucket)
                .setOwnerName(owner)
                .setOmKeyLocationInfos(Collections.singletonList(
                    new OmKeyLocationInfoGroup(0, new ArrayList<>(List.of(location)))))
                .setCreationTime(now).setModificationTime(now)
                .setDataSize(plan.keySize())
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
              keyTable.putWithBatch(batch, bucketKey() + "/" + keyName, key.build());
            }
            if (++inBatch >= BATCH_KEYS) {
              long tc = System.nanoTime();
              store.commitBatchOperation(batch);
              batch.close();
              batch = store.initBatchOperation();
              inBatch = 0;
              stats.dbNanos.add(System.nanoTime() - tc);
            }
          }
          stats.task(i, c, plan.containerBytes(), ts, System.nanoTime(), null);
          stats.containers.increment();
          stats.keys.add(plan.keysPerContainer());
          stats.bytes.add(plan.containerBytes());
        }
        newNamespace += plan.totalKeys();
        bkt = bkt.toBuilder()
            .setUsedBytes(bkt.getUsedBytes() + QuotaUtil.getReplicatedSize(plan.totalBytes(), repl))
            .setUsedNamespace(bkt.getUsedNamespace() + newNamespace)
            .build();
        bucketTable.putWithBatch(batch, bucketKey(), bkt);
        long tc = System.nanoTime();
        store.commitBatchOperation(batch);
        store.flushDB();
        stats.dbNanos.add(System.nanoTime() - tc);
        stats.figures.put("omDb", dbParent.resolve(OzoneConsts.OM_DB_NAME).toString());
        stats.figures.put("volume", volume);
        stats.figures.put("bucket", bucket);
        stats.figures.put("bucketLayout", bucketLayout.name());
        stats.figures.put("volumeCreated", createVolume);
        stats.figures.put("bucketCreated", createBucket);
        stats.figures.put("directoriesCreated", newNamespace - plan.totalKeys());
        stats.figures.put("updateId", updateId);
        stats.figures.put("firstKey", prefix + plan.from() + "-" + Plan.localId(0));
      } finally {
        batch.close();
      }
    }
    stats.workerNanos.add(System.nanoTime() - t0);
  }

  /** The object id of key {@code (containerId, localId)}: see the class comment. */
  static long keyId(long containerId, long localId) {
    return EPOCH_BITS | GENERATED_BIT | (containerId << SLOT_BITS) | localId;
  }

  /** Object ids of the volume, bucket and directories this run creates: from the top of its first container's slots. */
  private static long otherId(Plan plan, long[] next) {
    long slot = next[0]--;
    if (slot < Plan.MAX_KEYS_PER_CONTAINER) {
      throw new IllegalStateException("too many directories in the prefix");
    }
    return EPOCH_BITS | GENERATED_BIT | (plan.from() << SLOT_BITS) | slot;
  }

  private String volumeKey() {
    return OzoneConsts.OM_KEY_PREFIX + volume;
  }

  private String bucketKey() {
    return OzoneConsts.OM_KEY_PREFIX + volume + OzoneConsts.OM_KEY_PREFIX + bucket;
  }

  private static String pathKey(long volumeId, long bucketId, long parentId, String name) {
    return "/" + volumeId + "/" + bucketId + "/" + parentId + "/" + name;
  }

  private static void checkName(String option, String name) {
    try {
      org.apache.hadoop.hdds.scm.client.HddsClientUtils.verifyResourceName(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
  }

  private void splitPrefix() {
    if (prefix.startsWith("/")) {
      throw new UsageException("--prefix", "must not start with '/': it is relative to the bucket");
    }
    int slash = prefix.lastIndexOf('/');
    String dirPart = slash < 0 ? "" : prefix.substring(0, slash);
    filePrefix = prefix.substring(slash + 1);
    dirs = dirPart.isEmpty() ? List.of() : Arrays.asList(dirPart.split("/", -1));
    for (String d : dirs) {
      if (d.isEmpty() || d.equals(".") || d.equals("..")) {
        throw new UsageException("--prefix", "'" + prefix + "' has an empty, '.' or '..' directory name");
      }
    }
  }

  @Override
  protected String target() {
    return dbParent == null ? null : dbParent.resolve(OzoneConsts.OM_DB_NAME).toString();
  }

  @Override
  protected List<String> details(Plan plan, GenStats stats) {
    List<String> lines = new ArrayList<>();
    lines.add("keys " + stats.figures.get("firstKey") + " ... in " + volume + "/" + bucket + " ("
        + bucketLayout + (createBucket ? ", bucket created" : "") + (createVolume ? ", volume created" : "")
        + ", " + stats.figures.get("directoriesCreated") + " directories created) in " + stats.figures.get("omDb"));
    lines.add("metadata only: bytes and MB/s count the data the keys describe");
    lines.add("every key is one block (containerId, localId 1.." + plan.keysPerContainer() + ") of "
        + plan.keySize() + " bytes, RATIS/" + plan.factor() + "; update id " + updateId);
    return lines;
  }
}
