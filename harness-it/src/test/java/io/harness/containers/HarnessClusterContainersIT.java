package io.harness.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.ContainerMount;
import io.harness.core.records.TaskRecord;
import io.harness.core.workload.RunOutcome;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.EmbeddedClusterProvider;
import io.harness.dfsio.Dfsio;
import io.harness.junit.ClusterInfo;
import io.harness.junit.HarnessCluster;
import io.harness.junit.HarnessCluster.Kind;
import io.harness.junit.HarnessCluster.Processes;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * {@code @HarnessCluster(processes = CONTAINERS)}: a namenode and three datanodes, each in a container of its own,
 * started through the {@code hdfs-containers} provider; the annotation's settings on the servers, and dfsio write
 * and verified read through the Java API on the cluster.
 */
@HarnessCluster(kind = Kind.HDFS, datanodes = 3, processes = Processes.CONTAINERS,
    conf = {"dfs.blocksize=8m", "dfs.namenode.fs-limits.max-component-length=64"})
class HarnessClusterContainersIT {
  private static final String MAX_COMPONENT = "dfs.namenode.fs-limits.max-component-length";
  private static final Pattern DESCRIPTION = Pattern.compile(
      "HDFS in containers: namenode \\+ 3 datanodes \\(image (harness-cluster:[0-9a-f]+); logs in (/.+)/logs\\)");
  private static final int FILES = 4;
  private static final long FILE_BYTES = 16L << 20;
  private static final long BLOCK = 8L << 20;

  @Test
  void eachServiceRunsInAContainerOfItsOwn(ClusterInfo cluster, Configuration conf, URI uri) throws Exception {
    assertTrue(uri.toString().matches("hdfs://127\\.0\\.0\\.1:\\d+"), uri.toString());
    assertEquals(uri, FileSystem.getDefaultUri(conf));
    assertEquals("", cluster.rootPrefix());
    assertEquals("/bench", cluster.path("bench"));
    Matcher d = DESCRIPTION.matcher(cluster.description());
    assertTrue(d.matches(), cluster.description());
    assertEquals(ClusterImage.project().name(), d.group(1), "the project's image, for image = \"\"");
    try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(uri, conf)) {
      assertEquals(3, fs.getDataNodeStats().length, "live datanodes");
    }
    List<Container> running = containersUnder(root(cluster));
    assertEquals(4, running.size(), running.toString());
    assertEquals(1, running.stream()
        .filter(c -> c.getCommand().contains("org.apache.hadoop.hdfs.server.namenode.NameNode")).count());
    assertEquals(3, running.stream()
        .filter(c -> c.getCommand().contains("org.apache.hadoop.hdfs.server.datanode.DataNode")).count());
  }

  @Test
  void theConfEntriesReachTheServers(ClusterInfo cluster, Configuration conf) throws Exception {
    assertEquals("8m", conf.get("dfs.blocksize"));
    assertEquals("64", conf.get(MAX_COMPONENT));
    Path root = root(cluster);
    for (String service : List.of("nn", "dn1", "dn2", "dn3")) {
      Configuration site = new Configuration(false);
      site.addResource(new org.apache.hadoop.fs.Path(root.resolve("conf/" + service + "/hdfs-site.xml").toUri()));
      assertEquals("64", site.get(MAX_COMPONENT), service);
      assertEquals("8m", site.get("dfs.blocksize"), service);
      assertNull(site.get(EmbeddedClusterProvider.IMAGE_KEY), service + ": the image is no server setting");
    }
    // the namenode enforces its limit: a client that does not know it gets the namenode's refusal
    Configuration plain = cluster.configuration();
    plain.unset(MAX_COMPONENT);
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), plain)) {
      assertTrue(fs.mkdirs(new org.apache.hadoop.fs.Path("/" + "a".repeat(64))));
      IOException refused = assertThrows(IOException.class,
          () -> fs.mkdirs(new org.apache.hadoop.fs.Path("/" + "b".repeat(65))));
      assertTrue(refused.getMessage().contains("maximum path component name limit"), refused.getMessage());
    }
  }

  @Test
  void dfsioWritesAndAVerifiedReadFindsEveryByte(Configuration conf, ClusterInfo cluster) throws Exception {
    String root = cluster.path("dfsio");
    RunOutcome write = Dfsio.write().files(FILES).fileSize("16MB").root(root).run(conf);
    assertEquals(0, write.exitCode());
    assertEquals(0, write.aggregate().failedTasks());
    assertEquals(FILES * FILE_BYTES, write.aggregate().bytes());
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), conf)) {
      for (int i = 0; i < FILES; i++) {
        FileStatus file = fs.getFileStatus(new org.apache.hadoop.fs.Path(root + "/io_data/test_io_" + i));
        assertEquals(FILE_BYTES, file.getLen(), file.getPath().toString());
        assertEquals(BLOCK, file.getBlockSize(), "the annotation's dfs.blocksize");
        assertEquals(FILE_BYTES / BLOCK, fs.getFileBlockLocations(file, 0, file.getLen()).length);
        // (the namenode may count a block's third replica only a moment after the file is closed)
        assertEquals(3, file.getReplication(), "replication 3 on 3 datanodes");
      }
    }

    // every byte read is checked against the data the write's seed gave
    RunOutcome read = Dfsio.read().verify().files(FILES).fileSize("16MB").root(root).run(conf);
    assertEquals(0, read.exitCode());
    assertEquals(List.of(), read.records().failed());
    assertEquals(Collections.nCopies(FILES, FILE_BYTES),
        read.records().tasks().stream().map(TaskRecord::bytes).toList(), "bytes read by each task");
    assertEquals(FILES * FILE_BYTES, read.aggregate().bytes());
  }

  /**
   * The provider itself, with an image named through {@code harness.containers.image} (the project's, by name):
   * closing the cluster stops its containers and deletes its folder.
   */
  @Test
  void closeStopsTheContainersAndDeletesTheFolder() throws Exception {
    String image = ClusterImage.project().name();
    Configuration base = new Configuration();
    base.set(EmbeddedClusterProvider.IMAGE_KEY, image);
    EmbeddedCluster one = new HdfsContainersProvider().start(base, 1);
    Path root;
    try {
      assertTrue(one.description().startsWith("HDFS in containers: namenode + 1 datanode (image " + image + ";"),
          one.description());
      root = Path.of(one.description().replaceAll(".*; logs in (/.+)/logs\\)$", "$1"));
      assertTrue(root.getFileName().toString().startsWith("harness-hdfs-containers-"), root.toString());
      assertEquals(2, containersUnder(root).size());
    } finally {
      one.close();
    }
    assertFalse(Files.exists(root), root + " deleted");
    assertEquals(List.of(), containersUnder(root));
  }

  @Test
  void bothProvidersAreRegistered() {
    List<String> names = ServiceLoader.load(EmbeddedClusterProvider.class).stream()
        .map(p -> p.get().name()).toList();
    assertTrue(names.containsAll(List.of("hdfs-containers", "ozone-containers")), names.toString());
  }

  /** The cluster's folder, from its description ("...; logs in ROOT/logs)"). */
  private static Path root(ClusterInfo cluster) {
    Matcher d = DESCRIPTION.matcher(cluster.description());
    assertTrue(d.matches(), cluster.description());
    return Path.of(d.group(2));
  }

  /** The running containers with a folder of {@code root} mounted. */
  private static List<Container> containersUnder(Path root) {
    List<Container> all = DockerClientFactory.instance().client().listContainersCmd().exec();
    return all.stream()
        .filter(c -> c.getMounts() != null && c.getMounts().stream()
            .map(ContainerMount::getSource)
            .anyMatch(source -> source != null && source.startsWith(root + "/")))
        .toList();
  }
}
