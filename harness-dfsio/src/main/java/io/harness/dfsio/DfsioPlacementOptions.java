package io.harness.dfsio;

import picocli.CommandLine.Option;

/** Where dfsio's written blocks go: HDFS's storage and erasure coding policies, Ozone's replication. */
final class DfsioPlacementOptions {
  @Option(names = "-storagePolicy", paramLabel = "NAME",
      description = "HDFS only, with -write: the block storage policy of the data directory "
          + "(HOT, WARM, COLD, ONE_SSD, ALL_SSD, ...).")
  String storagePolicy;

  @Option(names = "-erasureCodePolicy", paramLabel = "NAME",
      description = "HDFS only, with -write: the erasure coding policy of the data directory "
          + "(e.g. RS-6-3-1024k); it must be enabled on the cluster.")
  String erasureCodePolicy;

  @Option(names = "--replication", paramLabel = "TYPE/FACTOR",
      description = "Ozone only (ofs://, o3fs://), with -write: the replication of the keys written: "
          + "RATIS/ONE, RATIS/THREE or EC/<codec>-<data>-<parity>-<chunk>, e.g. EC/rs-3-2-1024k "
          + "(an EC bucket's own replication wins, as Ozone decides).")
  String replication;
}
