package io.harness.freon.offline;

import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgscm}, and cgscm from Java: CLOSED containers in the SCM DB of a stopped cluster
 * ({@link CgScmWorkload}), with the options every offline generator shares ({@link OfflineOptions}) and the
 * containers' owner.
 *
 * <pre>{@code
 * RunOutcome r = new CgScm().containers(10).from(1).replication("THREE").run(scmConf);
 * }</pre>
 */
@Command(name = "cgscm", mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.options.VersionProvider.class,
    header = "Offline generator: CLOSED containers straight into the SCM DB of a stopped Ozone cluster.",
    description = {
        "Offline generator: CLOSED containers straight into the SCM DB of a stopped Ozone cluster.",
        "Run it with the SCM's configuration (-conf FILE, $OZONE_CONF_DIR, -D ozone.scm.db.dirs=DIR),",
        "and cgom / cgdn with the same --from, -n, --keys-per-container, --key-size and --replication.",
        "Exit codes: 0 done, 1 failed while writing, 2 bad input or the SCM is running (nothing written)."})
public final class CgScm extends OfflineOptions<CgScm, CgScm.Plan> {
  @Option(names = "--owner", paramLabel = "NAME",
      description = "Owner of the containers (default: the OM service id, as the OM allocates them: "
          + "ozone.om.service.ids, else omServiceIdDefault).")
  private String owner;

  /**
   * One cgscm run, checked: the common ids and sizes, and the containers' owner. Saved in the run's JSON as
   * {@code plan}.
   *
   * @param ids the containers, keys and replication all three generators share
   * @param owner the containers' owner (the OM service id unless {@code --owner} was given)
   */
  public record Plan(Ids ids, String owner) {}

  /** The defaults; {@code -n} must still be given ({@link #containers}). */
  public CgScm() {
    super("cgscm", Plan.class);
  }

  /** {@code --owner}. */
  public CgScm owner(String owner) {
    this.owner = owner;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    Ids ids = ids(conf);
    return new Plan(ids, owner != null ? owner : omServiceId(conf));
  }

  /** The first of {@code ozone.om.service.ids}, else the OM's default service id. */
  private static String omServiceId(Configuration conf) {
    String ids = StoppedCluster.setting(conf, "ozone.om.service.ids", "");
    if (!ids.isEmpty()) {
      return ids.split(",")[0].trim();
    }
    return "omServiceIdDefault";
  }

  @Override
  public CgScmWorkload workload(Plan plan, String root) {
    return new CgScmWorkload(plan);
  }

  @Override
  StoppedCluster directories(Configuration conf) {
    return StoppedCluster.service(conf, "scm", CgScmWorkload.SCM, ClusterDirs.SCM_DB_DIRS, CgScmWorkload.DB);
  }
}
