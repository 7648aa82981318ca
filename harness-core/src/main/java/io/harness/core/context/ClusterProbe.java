package io.harness.core.context;

import java.net.URI;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a cluster's context from its servers, for the file systems of some schemes; found with
 * {@link java.util.ServiceLoader}, by scheme ({@link ClusterProbes} picks the first that {@link #handles} it).
 * HDFS's is in this module; Ozone's comes with the Ozone client (harness-freon).
 */
public interface ClusterProbe {
  /** Whether this probe reads clusters behind {@code scheme} ({@code hdfs}, {@code ofs}). */
  boolean handles(String scheme);

  /** What {@link ContextBuilder}'s system is for these clusters ({@code HDFS}, {@code Ozone}). */
  String system();

  /**
   * The fields the probe tries to learn (as {@link ContextBuilder#unknown} names them): each one still missing
   * when the probe runs out of time is unknown for that reason.
   */
  List<String> fields();

  /**
   * Learns what it can into {@code into}; a fact it cannot learn is {@link ContextBuilder#unknown} with the
   * reason, never a failure. Runs on a thread of its own and may be abandoned when it takes too long.
   */
  void probe(Request request, ContextBuilder into) throws Exception;

  /**
   * What a probe works from.
   *
   * @param fs the run's file system, open
   * @param uri the file system's URI
   * @param root the run's root, qualified
   * @param conf the run's client configuration
   * @param server an embedded cluster's server configuration (it knows what a remote cluster may not tell), or
   *     null
   */
  record Request(FileSystem fs, URI uri, Path root, Configuration conf, Configuration server) {}
}
