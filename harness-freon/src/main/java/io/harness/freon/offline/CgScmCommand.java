package io.harness.freon.offline;

import io.harness.core.run.Workload;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgscm}: CLOSED containers in the SCM DB of a stopped cluster ({@link CgScmWorkload}).
 */
@Command(name = "cgscm", header = CgScmCommand.HEADER, mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.cli.Harness.VersionProvider.class,
    description = {
        "Offline generator: CLOSED containers straight into the SCM DB of a stopped Ozone cluster.",
        "Run it with the SCM's configuration (-conf FILE, $OZONE_CONF_DIR, -D ozone.scm.db.dirs=DIR),",
        "and cgom / cgdn with the same --from, -n, --keys-per-container, --key-size and --replication.",
        "Exit codes: 0 done, 1 failed while writing, 2 bad input or the SCM is running (nothing written)."})
public final class CgScmCommand extends OfflineCommand {
  /** Its line in {@code harness freon --help}; a constant, so the job jar's stand-in names it without this class. */
  public static final String HEADER =
      "Offline generator: CLOSED containers straight into the SCM DB of a stopped Ozone cluster.";

  @Option(names = "--owner", paramLabel = "NAME",
      description = "Owner of the containers (default: the OM service id, as the OM allocates them: "
          + "ozone.om.service.ids, else omServiceIdDefault).")
  String owner;

  public CgScmCommand() {
  }

  @Override
  Workload<StoppedCluster> workload(OzoneConfiguration conf, Plan ids) {
    return new CgScmWorkload(new CgScmPlan(ids, owner != null ? owner : omServiceId(conf)));
  }

  @Override
  StoppedCluster target(OzoneConfiguration conf) {
    return StoppedCluster.service(conf, "scm", CgScmWorkload.SCM, ClusterDirs.SCM_DB_DIRS, CgScmWorkload.DB);
  }

  static String omServiceId(OzoneConfiguration conf) {
    String ids = conf.getTrimmed("ozone.om.service.ids", "");
    if (!ids.isEmpty()) {
      return ids.split(",")[0].trim();
    }
    return "omServiceIdDefault";
  }
}
