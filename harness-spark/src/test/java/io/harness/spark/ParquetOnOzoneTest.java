package io.harness.spark;

/**
 * The Parquet chain on a MiniOzoneCluster (in its own JVM) through Ozone's shaded client on Spark's
 * shaded Hadoop: generate on {@code ofs://}, copy to {@code o3fs://} (the seed workload's scheme), so the
 * copy also crosses file systems.
 */
class ParquetOnOzoneTest extends ParquetChainTestBase {
  @Override
  String kind() {
    return "ozone";
  }

  @Override
  String source() {
    // ofs://host:port/ + vol1/bucket1
    return cluster.fileSystemUri() + cluster.rootPrefix().substring(1) + "/spark/gen";
  }

  @Override
  String destination() {
    // o3fs://bucket.volume.host:port/
    String[] vb = cluster.rootPrefix().substring(1).split("/");
    return "o3fs://" + vb[1] + "." + vb[0] + "." + cluster.fileSystemUri().getAuthority() + "/spark/copy";
  }
}
