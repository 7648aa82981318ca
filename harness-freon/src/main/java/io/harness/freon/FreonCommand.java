package io.harness.freon;

import io.harness.core.cli.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code harness freon}: Ozone's Freon workloads, as the harness runs them. Its commands are the workloads whose
 * options classes name {@code freon} as their group ({@code dfsg}, {@code cgscm}, {@code cgom}, {@code cgdn}).
 */
@Command(name = "freon", mixinStandardHelpOptions = true,
    header = "Freon's generators: dfsg (files through any Hadoop file system), cgscm / cgom / cgdn (offline).",
    description = {"Freon-style generators: dfsg writes many files through any Hadoop file system;",
        "cgscm, cgom and cgdn write containers, keys and chunk data straight into a stopped Ozone cluster's "
            + "SCM DB, OM DB and datanode volumes."})
public final class FreonCommand extends CommandGroup {
}
