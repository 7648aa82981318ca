/**
 * Multi-process HDFS and Ozone clusters under Testcontainers: {@link io.harness.containers.HdfsContainers}
 * (a namenode and N datanodes) and {@link io.harness.containers.OzoneContainers} (SCM, OM and N datanodes),
 * each service in a container and a JVM of its own, on the host network with loopback ports.
 */
package io.harness.containers;
