package io.harness.freon.offline;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.base.UsageException;
import io.harness.core.records.Window;
import io.harness.core.workload.Figures;
import io.harness.core.engine.ItemLoop;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.hadoop.hdds.utils.TransactionInfo;
import org.apache.hadoop.hdds.utils.db.DBStore;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.ozone.OzoneConsts;
import org.apache.hadoop.ozone.om.codec.OMDBDefinition;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.hadoop.ozone.om.helpers.OmBucketInfo;
import org.apache.hadoop.ozone.om.helpers.OmDirectoryInfo;
import org.apache.hadoop.ozone.om.helpers.OmKeyInfo;
import org.apache.hadoop.ozone.om.helpers.OmVolumeArgs;
import org.apache.hadoop.ozone.om.helpers.QuotaUtil;

/**
 * cgom for the pipeline: a volume, a bucket and one key per generated block in the OM DB of a stopped
 * cluster, written by {@link OmKeys} one container at a time on core's {@link ItemLoop} (one thread: the keys
 * share the DB's batches).
 *
 * <p>Key {@code <prefix><containerId>-<localId>} has one block, {@code (containerId, localId)} of
 * {@code --key-size} bytes. In a FILE_SYSTEM_OPTIMIZED bucket the keys go to the file table (with the
 * directories of the prefix in the directory table); in a LEGACY or OBJECT_STORE bucket to the key
 * table (LEGACY also gets the prefix's directory keys). The bucket's used bytes and namespace grow
 * by what is added. Object ids are taken from a range the OM never hands out (transaction ids of
 * 2^53 and more), derived from the container ids, and update ids are the OM's last applied
 * transaction index, so the OM's later updates of these objects pass its update-id checks.
 */
final class CgOmWorkload extends NamedWorkload<StoppedCluster, CgOm.Plan> {
  static final String OM = "OM";
  static final String DB = OzoneConsts.OM_DB_NAME;

  private Path dbParent;
  private String dbKey;
  private BucketLayout bucketLayout;
  private long updateId;

  CgOmWorkload(CgOm.Plan plan) {
    super("freon", "cgom", plan);
  }

  @Override
  public java.util.Map<String, String> dataPaths(StoppedCluster target) {
    return target.dataPaths();
  }

  @Override
  public void preflight(StoppedCluster target) throws Exception {
    BucketLayout wanted = plan.layout() == null ? null : BucketLayout.valueOf(plan.layout());
    ClusterDirs.Dir dir = target.dir();
    ClusterDirs.requireDirectory(dir);
    dbParent = dir.path();
    dbKey = dir.key();
    Path version = dbParent.resolve("om").resolve("current").resolve("VERSION");
    Properties props = ClusterDirs.readVersion(version, dbKey, OM);
    ClusterDirs.required(props, "clusterID", version, dbKey);
    Path db = dbParent.resolve(OzoneConsts.OM_DB_NAME);
    ClusterDirs.requireDb(db, dbKey, OM);
    InUse.check(db.resolve("LOCK"), db, OM, dbKey);

    try (DBStore store = Stores.open(target.conf(), OMDBDefinition.get(), OzoneConsts.OM_DB_NAME, dbParent, true,
        dbKey, OM)) {
      TransactionInfo tx = OMDBDefinition.TRANSACTION_INFO_TABLE_DEF.getTable(store)
          .get(OzoneConsts.TRANSACTION_INFO_KEY);
      updateId = tx == null ? 0 : tx.getTransactionIndex();
      OmVolumeArgs vol = OMDBDefinition.VOLUME_TABLE_DEF.getTable(store).get(OmKeys.volumeKey(plan));
      OmBucketInfo bkt = vol == null ? null
          : OMDBDefinition.BUCKET_TABLE_DEF.getTable(store).get(OmKeys.bucketKey(plan));
      if (bkt == null) {
        bucketLayout = wanted != null ? wanted : BucketLayout.fromString(plan.defaultLayout());
        return;
      }
      String name = plan.volume() + "/" + plan.bucket();
      if (bkt.getSourceVolume() != null) {
        throw new UsageException("--bucket", name + " is a link to " + bkt.getSourceVolume() + "/"
            + bkt.getSourceBucket() + ": generate into the source bucket");
      }
      bucketLayout = bkt.getBucketLayout();
      if (wanted != null && wanted != bucketLayout) {
        throw new UsageException("--layout", name + " exists with layout " + bucketLayout + ", not " + wanted);
      }
      Ids ids = plan.ids();
      long add = QuotaUtil.getReplicatedSize(ids.totalBytes(), ids.replicationConfig());
      if (bkt.getQuotaInBytes() >= 0 && bkt.getUsedBytes() + add > bkt.getQuotaInBytes()) {
        throw new UsageException("-n", "the keys need " + add + " bytes of " + name + "'s quota of "
            + bkt.getQuotaInBytes() + " (" + bkt.getUsedBytes() + " used)");
      }
      checkNoClash(store, vol, bkt);
    }
  }

  private void checkNoClash(DBStore store, OmVolumeArgs vol, OmBucketInfo bkt) throws Exception {
    Ids ids = plan.ids();
    String name = plan.volume() + "/" + plan.bucket();
    if (bucketLayout == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
      Table<String, OmDirectoryInfo> dirTable = OMDBDefinition.DIRECTORY_TABLE_DEF.getTable(store);
      Table<String, OmKeyInfo> fileTable = OMDBDefinition.FILE_TABLE_DEF.getTable(store);
      long parent = bkt.getObjectID();
      for (String d : plan.dirs()) {
        String k = OmKeys.pathKey(vol.getObjectID(), bkt.getObjectID(), parent, d);
        OmDirectoryInfo info = dirTable.get(k);
        if (info == null) {
          if (fileTable.isExist(k)) {
            throw new UsageException("--prefix", "'" + d + "' of the prefix is a file in " + name);
          }
          return; // a directory is missing: none of the keys can exist
        }
        parent = info.getObjectID();
      }
      for (int i = 0; i < ids.containers(); i++) {
        for (int j = 0; j < ids.keysPerContainer(); j++) {
          String k = OmKeys.pathKey(vol.getObjectID(), bkt.getObjectID(), parent,
              plan.filePrefix() + ids.containerId(i) + "-" + Ids.localId(j));
          if (fileTable.isExist(k) || dirTable.isExist(k)) {
            throw new UsageException("--prefix", "key " + Ids.keyName(plan.prefix(), ids.containerId(i),
                Ids.localId(j)) + " already exists in " + name);
          }
        }
      }
    } else {
      Table<String, OmKeyInfo> keyTable = OMDBDefinition.KEY_TABLE_DEF.getTable(store);
      for (int i = 0; i < ids.containers(); i++) {
        for (int j = 0; j < ids.keysPerContainer(); j++) {
          String key = Ids.keyName(plan.prefix(), ids.containerId(i), Ids.localId(j));
          if (keyTable.isExist(OmKeys.bucketKey(plan) + "/" + key)) {
            throw new UsageException("--prefix", "key " + key + " already exists in " + name);
          }
        }
      }
    }
  }

  @Override
  public Prepared prepare(StoppedCluster target, Settings settings) {
    Ids ids = plan.ids();
    OmKeys keys = new OmKeys(target.conf(), plan, dbParent, dbKey, bucketLayout, updateId);
    ItemLoop loop = new ItemLoop(ids.containers(), 1, Window.NONE, false, "freon cgom", "containers", "container",
        (i, rec) -> {
          keys.container(ids.containerId((int) i), rec);
          return ids.containerBytes();
        });
    String line = "freon cgom: " + ids.totalKeys() + " key(s) " + plan.firstKey() + " ... of " + ids.keySize()
        + " bytes (containers " + ids.from() + ".." + ids.last() + ", RATIS/" + ids.factor() + ") into "
        + plan.volume() + "/" + plan.bucket() + " (" + bucketLayout + ") in " + target.location();
    return new Prepared(new StoreEngine(loop, keys), line, null);
  }

  @Override
  public Figures figures(RunRecords records) {
    return CgOmFigures.of(plan, records);
  }

  /** Checks a volume or bucket name as the OM does: an {@link IllegalArgumentException} says what is wrong. */
  static void verifyName(String name) {
    org.apache.hadoop.hdds.scm.client.HddsClientUtils.verifyResourceName(name);
  }

  /** The name of the bucket layout {@code text} names (any case), or an {@link IllegalArgumentException}. */
  static String layout(String text) {
    return BucketLayout.valueOf(text.trim().toUpperCase(java.util.Locale.ROOT)).name();
  }
}
