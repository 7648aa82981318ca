package io.harness.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Starts one cluster for the annotated test class, before all its tests, and stops it after all of them; test
 * methods, lifecycle methods ({@code @BeforeAll}, {@code @BeforeEach}, ...) and constructors get its
 * {@link org.apache.hadoop.conf.Configuration}, its file system {@link java.net.URI} and a {@link ClusterInfo} as
 * parameters.
 *
 * <pre>{@code
 * @HarnessCluster(kind = Kind.OZONE, datanodes = 3, conf = {"ozone.scm.block.size=64MB"})
 * class OzoneBenchIT {
 *   @Test
 *   void writeAndRead(Configuration conf, ClusterInfo cluster) throws Exception {
 *     String root = cluster.path("bench");   // "/vol1/bucket1/bench" on Ozone, "/bench" on HDFS
 *     RunOutcome w = Dfsio.write().files(4).fileSize("64MB").root(root).run(conf);
 *     assertEquals(0, w.exitCode());
 *   }
 * }
 * }</pre>
 *
 * <p>The cluster comes from harness-core's {@link io.harness.core.fs.EmbeddedClusterProvider} SPI, found with
 * {@link java.util.ServiceLoader} by the kind's name: {@code hdfs} (a MiniDFSCluster, in harness-core; this module
 * brings its class path) or {@code ozone} (a MiniOzoneCluster with volume {@code vol1} and bucket {@code bucket1},
 * in {@code io.harness.storage:harness-freon}: add that module as a test dependency). A kind with no provider on
 * the class path fails the class before any test runs, naming the artifact to add.
 *
 * <p>{@code processes = Processes.CONTAINERS} starts a multi-process cluster instead, every service in a container
 * and a JVM of its own (provider {@code hdfs-containers} or {@code ozone-containers}, in
 * {@code io.harness.storage:harness-containers}: add it as a test dependency; it needs a Docker engine):
 *
 * <pre>{@code
 * @HarnessCluster(kind = Kind.HDFS, datanodes = 3, processes = Processes.CONTAINERS)
 * class HdfsInContainersIT { ... }
 * }</pre>
 *
 * <p>{@link org.junit.jupiter.api.Nested @Nested} classes share their enclosing class's cluster unless they carry their own annotation.
 * The annotation is inherited by subclasses.
 *
 * @see ClusterInfo
 * @see HarnessClusterExtension
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(HarnessClusterExtension.class)
public @interface HarnessCluster {

  /** The kind of cluster: HDFS or Ozone. */
  Kind kind();

  /** Datanodes of the cluster (at least 1; default 3). */
  int datanodes() default 3;

  /**
   * Settings laid over Hadoop's defaults in the base configuration the cluster is started with, each
   * {@code "key=value"} (the value is everything after the first {@code =}). They reach the servers (with
   * {@link Processes#CONTAINERS}, as settings in every service's site file) and the injected client
   * {@link org.apache.hadoop.conf.Configuration}. A setting the embedded Ozone cluster would
   * otherwise choose for a small cluster on one machine (replication with fewer than 3 datanodes, container size,
   * heartbeat interval) is left as given here.
   */
  String[] conf() default {};

  /** Where the cluster's services run: in the test's JVM (the default) or each in a container of its own. */
  Processes processes() default Processes.EMBEDDED;

  /**
   * The image the services run in, with {@link Processes#CONTAINERS} only: empty (the default) is the project's
   * own image, built from the test's class path when it does not exist yet (the servers are then the Hadoop and
   * Ozone versions the test itself uses); otherwise an existing image: one of the project's built before, or for
   * {@link Kind#OZONE} an {@code apache/ozone} image such as {@code apache/ozone:2.0.0}. Given with {@link Processes#EMBEDDED}, it fails the class.
   */
  String image() default "";

  /** The kinds of cluster; each names its {@link io.harness.core.fs.EmbeddedClusterProvider}. */
  enum Kind {
    /** A MiniDFSCluster: one NameNode and the datanodes; provider {@code hdfs} (harness-core). */
    HDFS("hdfs"),
    /**
     * A MiniOzoneCluster: one SCM, one OM and the datanodes, with volume {@code vol1} and bucket {@code bucket1}
     * (FILE_SYSTEM_OPTIMIZED) created, reached through {@code ofs://}; provider {@code ozone} (harness-freon).
     */
    OZONE("ozone");

    private final String providerName;

    Kind(String providerName) {
      this.providerName = providerName;
    }

    /** The provider's name, as {@code --embedded} takes it on the command line. */
    public String providerName() {
      return providerName;
    }
  }

  /** Where a cluster's services run. */
  enum Processes {
    /** Every service inside the test's JVM, as in-process mini clusters (fast; what {@code --embedded} starts). */
    EMBEDDED,
    /**
     * Every service (namenode, datanodes; SCM, OM, datanodes) in a container and a JVM of its own, on the host
     * network, through the provider named by the kind plus {@code -containers}. Needs a reachable Docker engine
     * (without one the class is skipped, or fails when {@code HARNESS_REQUIRE_DOCKER=1}) and
     * {@code io.harness.storage:harness-containers} as a test dependency. The first use on a machine builds the
     * images (minutes for the JRE base, once); an HDFS cluster then starts in 10 to 20 s, an Ozone one in
     * about 90 s.
     */
    CONTAINERS
  }
}
