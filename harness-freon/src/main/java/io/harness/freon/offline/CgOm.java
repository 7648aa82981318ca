package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgom}, and cgom from Java: a volume, a bucket and one key per generated block in the OM DB of
 * a stopped cluster ({@link CgOmWorkload}), with the options every offline generator shares
 * ({@link OfflineOptions}).
 *
 * <pre>{@code
 * RunOutcome r = new CgOm().containers(10).from(1).volume("vol1").bucket("bucket1").run(omConf);
 * }</pre>
 */
@Command(name = "cgom", mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.options.VersionProvider.class,
    header = "Offline generator: volume, bucket and keys straight into the OM DB of a stopped Ozone cluster.",
    description = {
        "Offline generator: volume, bucket and keys straight into the OM DB of a stopped Ozone cluster.",
        "Run it with the OM's configuration (-conf FILE, $OZONE_CONF_DIR, -D ozone.om.db.dirs=DIR), and",
        "cgscm / cgdn with the same --from, -n, --keys-per-container, --key-size and --replication.",
        "Exit codes: 0 done, 1 failed while writing, 2 bad input or the OM is running (nothing written)."})
public final class CgOm extends OfflineOptions<CgOm, CgOm.Plan> {
  @Option(names = "--volume", paramLabel = "NAME",
      description = "Volume of the keys; created when missing (default: ${DEFAULT-VALUE}).")
  private String volume = "vol1";

  @Option(names = {"-b", "--bucket"}, paramLabel = "NAME",
      description = "Bucket of the keys; created when missing (default: ${DEFAULT-VALUE}).")
  private String bucket = "bucket1";

  @Option(names = "--layout", paramLabel = "LAYOUT",
      description = "Layout of a bucket created here: FILE_SYSTEM_OPTIMIZED, LEGACY or OBJECT_STORE "
          + "(default: ozone.default.bucket.layout, FILE_SYSTEM_OPTIMIZED); an existing bucket keeps its "
          + "own and must match when this is given. ofs:// reads FILE_SYSTEM_OPTIMIZED and LEGACY buckets.")
  private String layout;

  @Option(names = {"-p", "--prefix"}, paramLabel = "PREFIX",
      description = "Key names are <prefix><containerId>-<localId>; '/' in the prefix makes directories "
          + "(default: ${DEFAULT-VALUE}).")
  private String prefix = "cg/";

  @Option(names = {"-u", "--user"}, paramLabel = "USER",
      description = "Owner of the keys and of a volume / bucket created here (default: this user).")
  private String user;

  /**
   * One cgom run, checked: the common ids and sizes, the volume and bucket, the layout asked for a bucket
   * created here (null: the configuration's default, {@code defaultLayout}), the keys' prefix and their owner.
   * Saved in the run's JSON as {@code plan}.
   *
   * @param ids the containers, keys and replication all three generators share
   * @param volume the keys' volume
   * @param bucket the keys' bucket
   * @param layout {@code --layout}, or null
   * @param defaultLayout {@code ozone.default.bucket.layout}
   * @param prefix key names are {@code <prefix><containerId>-<localId>}
   * @param owner owner of the keys and of a volume or bucket created here
   */
  public record Plan(Ids ids, String volume, String bucket, String layout, String defaultLayout, String prefix,
      String owner) {

    /** The directories of the prefix ({@code a/b/c-} has {@code a, b}). */
    List<String> dirs() {
      return dirs(prefix);
    }

    static List<String> dirs(String prefix) {
      int slash = prefix.lastIndexOf('/');
      String dirPart = slash < 0 ? "" : prefix.substring(0, slash);
      return dirPart.isEmpty() ? List.of() : Arrays.asList(dirPart.split("/", -1));
    }

    /** The prefix's part after its last directory. */
    String filePrefix() {
      return prefix.substring(prefix.lastIndexOf('/') + 1);
    }

    /** The first key's name. */
    String firstKey() {
      return Ids.keyName(prefix, ids.from(), Ids.localId(0));
    }
  }

  /** The defaults; {@code -n} must still be given ({@link #containers}). */
  public CgOm() {
    super("cgom", Plan.class);
  }

  /** {@code --volume}. */
  public CgOm volume(String volume) {
    this.volume = volume;
    return this;
  }

  /** {@code --bucket}. */
  public CgOm bucket(String bucket) {
    this.bucket = bucket;
    return this;
  }

  /** {@code --layout}: FILE_SYSTEM_OPTIMIZED, LEGACY or OBJECT_STORE, of a bucket created here. */
  public CgOm layout(String layout) {
    this.layout = layout;
    return this;
  }

  /** {@code --prefix}. */
  public CgOm prefix(String prefix) {
    this.prefix = prefix;
    return this;
  }

  /** {@code --user}. */
  public CgOm user(String user) {
    this.user = user;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    Ids ids = ids(conf);
    checkName("--volume", volume);
    checkName("--bucket", bucket);
    checkPrefix(prefix);
    String wanted = null;
    if (layout != null) {
      try {
        wanted = CgOmWorkload.layout(layout);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--layout", "must be FILE_SYSTEM_OPTIMIZED, LEGACY or OBJECT_STORE, was " + layout);
      }
    }
    return new Plan(ids, volume, bucket, wanted, StoppedCluster.setting(conf, "ozone.default.bucket.layout",
        "FILE_SYSTEM_OPTIMIZED"), prefix, user != null ? user : System.getProperty("user.name", "ozone"));
  }

  private static void checkName(String option, String name) {
    try {
      CgOmWorkload.verifyName(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
  }

  /** Checks {@code --prefix}: relative to the bucket, with no empty, {@code .} or {@code ..} directory. */
  private static void checkPrefix(String prefix) {
    if (prefix.startsWith("/")) {
      throw new UsageException("--prefix", "must not start with '/': it is relative to the bucket");
    }
    for (String d : Plan.dirs(prefix)) {
      if (d.isEmpty() || d.equals(".") || d.equals("..")) {
        throw new UsageException("--prefix", "'" + prefix + "' has an empty, '.' or '..' directory name");
      }
    }
  }

  @Override
  public CgOmWorkload workload(Plan plan, String root) {
    return new CgOmWorkload(plan);
  }

  @Override
  StoppedCluster directories(Configuration conf) {
    return StoppedCluster.service(conf, "om", CgOmWorkload.OM, ClusterDirs.OM_DB_DIRS, CgOmWorkload.DB);
  }
}
