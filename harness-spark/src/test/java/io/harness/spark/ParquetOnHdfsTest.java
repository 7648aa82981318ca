package io.harness.spark;

/** The Parquet chain on a MiniDFSCluster (in its own JVM): hdfs:// to hdfs://. */
class ParquetOnHdfsTest extends ParquetChainTestBase {
  @Override
  String kind() {
    return "hdfs";
  }

  @Override
  String source() {
    return cluster.fileSystemUri() + "/spark/gen";
  }

  @Override
  String destination() {
    return cluster.fileSystemUri() + "/spark/copy";
  }
}
