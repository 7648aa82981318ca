/**
 * Embedded clusters for JUnit 5 tests: {@link io.harness.junit.HarnessCluster} on a test class starts an HDFS or
 * Ozone cluster in the test's JVM for the class, and injects its {@link org.apache.hadoop.conf.Configuration},
 * file system {@link java.net.URI} and {@link io.harness.junit.ClusterInfo}, ready for the harness's Java API
 * ({@code io.harness.dfsio.Dfsio}, {@code io.harness.teragen.TeraGen}, ...).
 */
package io.harness.junit;
