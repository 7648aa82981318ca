/**
 * Clusters for JUnit 5 tests: {@link io.harness.junit.HarnessCluster} on a test class starts an HDFS or Ozone
 * cluster for the class (in the test's JVM, or each service in a container of its own), and injects its
 * {@link org.apache.hadoop.conf.Configuration}, file system {@link java.net.URI} and
 * {@link io.harness.junit.ClusterInfo}, ready for the harness's Java API ({@code io.harness.dfsio.Dfsio},
 * {@code io.harness.teragen.TeraGen}, ...).
 */
package io.harness.junit;
