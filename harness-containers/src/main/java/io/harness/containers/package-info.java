/**
 * Multi-process HDFS, Ozone, YARN and Spark standalone clusters under Testcontainers:
 * {@link io.harness.containers.HdfsContainers} (a namenode and N datanodes), {@link io.harness.containers.OzoneContainers}
 * (SCM, OM and N datanodes), next to either {@link io.harness.containers.YarnContainers} (a ResourceManager, a
 * JobHistoryServer, N NodeManagers), and {@link io.harness.containers.SparkContainers} (a master and N workers), each
 * service in a container and a JVM of its own, on the host network with loopback ports.
 */
package io.harness.containers;
