package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import io.harness.core.run.Workload;
import java.util.Locale;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgom}: a volume, a bucket and one key per generated block in the OM DB of a stopped
 * cluster ({@link CgOmWorkload}).
 */
@Command(name = "cgom", header = CgOmCommand.HEADER, mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.cli.Harness.VersionProvider.class,
    description = {
        "Offline generator: volume, bucket and keys straight into the OM DB of a stopped Ozone cluster.",
        "Run it with the OM's configuration (-conf FILE, $OZONE_CONF_DIR, -D ozone.om.db.dirs=DIR), and",
        "cgscm / cgdn with the same --from, -n, --keys-per-container, --key-size and --replication.",
        "Exit codes: 0 done, 1 failed while writing, 2 bad input or the OM is running (nothing written)."})
public final class CgOmCommand extends OfflineCommand {
  /** Its line in {@code harness freon --help}; a constant, so the job jar's stand-in names it without this class. */
  public static final String HEADER =
      "Offline generator: volume, bucket and keys straight into the OM DB of a stopped Ozone cluster.";

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

  public CgOmCommand() {
  }

  @Override
  Workload<StoppedCluster> workload(OzoneConfiguration conf, Plan ids) {
    checkName("--volume", volume);
    checkName("--bucket", bucket);
    CgOmPlan.checkPrefix(prefix);
    BucketLayout wanted = null;
    if (layout != null) {
      try {
        wanted = BucketLayout.valueOf(layout.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--layout", "must be FILE_SYSTEM_OPTIMIZED, LEGACY or OBJECT_STORE, was " + layout);
      }
    }
    return new CgOmWorkload(new CgOmPlan(ids, volume, bucket, wanted == null ? null : wanted.name(),
        conf.getTrimmed("ozone.default.bucket.layout", BucketLayout.FILE_SYSTEM_OPTIMIZED.name()), prefix,
        user != null ? user : System.getProperty("user.name", "ozone")));
  }

  @Override
  StoppedCluster target(OzoneConfiguration conf) {
    return StoppedCluster.service(conf, "om", CgOmWorkload.OM, ClusterDirs.OM_DB_DIRS,
        org.apache.hadoop.ozone.OzoneConsts.OM_DB_NAME);
  }

  private static void checkName(String option, String name) {
    try {
      org.apache.hadoop.hdds.scm.client.HddsClientUtils.verifyResourceName(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
  }
}
