package io.harness.core.run;

/**
 * What a run works on, as its result names it: a Hadoop file system ({@link io.harness.core.target.Target}),
 * Spark's cluster with its file systems, or a stopped Ozone cluster's directories. Closing it ends what the
 * run started (an embedded cluster, a client).
 */
public interface RunTarget extends AutoCloseable {
  /** The URI or place, e.g. {@code hdfs://nn:8020}, {@code ofs://om/}. */
  String location();

  /** One line: {@code embedded MiniOzoneCluster, 3 datanode(s)}, or the URI's scheme. */
  String description();

  @Override
  void close();
}
