package io.harness.core.target;

import org.apache.hadoop.conf.Configuration;

/** Starts one kind of embedded cluster; found with {@link java.util.ServiceLoader}. */
public interface EmbeddedClusterProvider {
  /** The name used on the command line: {@code --embedded NAME[:datanodes]}. */
  String name();

  /** Starts the cluster and waits until it takes writes. */
  EmbeddedCluster start(Configuration base, int datanodes) throws Exception;
}
