/**
 * Multi-process HDFS, Ozone and YARN clusters under Testcontainers: {@link io.harness.containers.HdfsContainers}
 * (a namenode and N datanodes), {@link io.harness.containers.OzoneContainers} (SCM, OM and N datanodes) and, next to
 * either, {@link io.harness.containers.YarnContainers} (a ResourceManager, a JobHistoryServer, N NodeManagers),
 * each service in a container and a JVM of its own, on the host network with loopback ports.
 */
package io.harness.containers;
