package io.harness.freon;

import io.harness.core.cli.AbsentCommand;
import io.harness.core.cli.CommandGroup;
import io.harness.freon.offline.CgDnCommand;
import io.harness.freon.offline.CgOmCommand;
import io.harness.freon.offline.CgScmCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code harness freon}: Ozone's Freon workloads, as the harness runs them. */
@Command(name = "freon", mixinStandardHelpOptions = true,
    header = "Freon's generators: dfsg (files through any Hadoop file system), cgscm / cgom / cgdn (offline).",
    description = {"Freon-style generators: dfsg writes many files through any Hadoop file system;",
        "cgscm, cgom and cgdn write containers, keys and chunk data straight into a stopped Ozone cluster's "
            + "SCM DB, OM DB and datanode volumes."})
public final class FreonCommand extends CommandGroup {
  /**
   * The offline generators, where Ozone's server libraries are on the class path (bin/harness); in the job jar on
   * a plain Hadoop cluster, where their method signatures could not even be reflected on, stand-ins that say so.
   */
  @Override
  public void addSubcommands(CommandLine own) {
    for (String serverClass : new String[] {"org.apache.hadoop.hdds.scm.metadata.SCMDBDefinition",
        "org.apache.hadoop.ozone.om.codec.OMDBDefinition",
        "org.apache.hadoop.ozone.container.keyvalue.KeyValueContainerData"}) {
      try {
        Class.forName(serverClass, false, FreonCommand.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        String[][] absent = {
            {"cgscm", CgScmCommand.HEADER}, {"cgom", CgOmCommand.HEADER}, {"cgdn", CgDnCommand.HEADER}};
        for (String[] a : absent) {
          own.addSubcommand(a[0], AbsentCommand.of(a[0], a[1], "Ozone's server jars are not on this class path "
              + "(a Hadoop client's): run bin/harness freon " + a[0] + " instead."));
        }
        return;
      }
    }
    own.addSubcommand(new CgScmCommand());
    own.addSubcommand(new CgOmCommand());
    own.addSubcommand(new CgDnCommand());
  }

}
