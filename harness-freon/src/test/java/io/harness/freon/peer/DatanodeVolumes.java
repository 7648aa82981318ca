package io.harness.freon.peer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.MiniOzoneCluster;

/**
 * Datanode volumes for the offline datanode generators (harness's {@code freon cgdn}, Ozone's {@code vapor cgdn}):
 * one taken from a MiniOzoneCluster that was started and stopped (what a real datanode leaves: VERSION files, the
 * cluster directory, the volume DB), then a fresh copy of it per generator run, with a site file pointing a datanode
 * at it.
 */
public final class DatanodeVolumes {
  private DatanodeVolumes() {}

  /** Starts a 3-datanode MiniOzoneCluster under {@code work}, stops it, and returns a copy of datanode 0's data. */
  public static Path stoppedClusterVolume(Path work) throws Exception {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set("ozone.scm.container.size", "5GB");
    conf.set("hdds.datanode.volume.min.free.space", "1GB");
    conf.set("hdds.datanode.volume.min.free.space.percent", "0.001");
    conf.set("ozone.om.s3.grpc.server_enabled", "false");
    System.setProperty("test.build.data", work.resolve("cluster").toString());
    MiniOzoneCluster cluster = MiniOzoneCluster.newBuilder(conf).setNumDatanodes(3).build();
    try {
      cluster.waitForClusterToBeReady();
      OzoneConfiguration dn = new OzoneConfiguration(cluster.getHddsDatanodes().get(0).getConf());
      cluster.stop();
      Path data = Path.of(dn.getTrimmedStrings("hdds.datanode.dir")[0]);
      Path copy = work.resolve("pristine");
      copyTree(data, copy);
      return copy;
    } finally {
      cluster.shutdown();
    }
  }

  /**
   * {@code root} with a fresh copy of {@code pristine} in {@code data/}, an empty {@code meta/} and {@code site.xml}
   * naming both, with container schema v3 on or off ({@code schema} "v3" or "v2").
   */
  public static Path volume(Path pristine, Path root, String schema) throws IOException {
    copyTree(pristine, root.resolve("data"));
    Files.createDirectories(root.resolve("meta"));
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
    conf.set("hdds.datanode.dir", root.resolve("data").toString());
    conf.set("ozone.metadata.dirs", root.resolve("meta").toString());
    conf.set("ozone.scm.names", "localhost");
    conf.set("hdds.datanode.volume.min.free.space", "1GB");
    conf.set("hdds.datanode.volume.min.free.space.percent", "0.001");
    conf.setBoolean("hdds.datanode.container.schema.v3.enabled", schema.equals("v3"));
    try (OutputStream out = Files.newOutputStream(root.resolve("site.xml"))) {
      conf.writeXml(out);
    }
    return root;
  }

  /** The chunk files under a datanode data directory ({@code .../ID/chunks/*}): their sizes by container ID. */
  public static Map<Long, List<Long>> chunkSizes(Path data) throws IOException {
    Map<Long, List<Long>> out = new TreeMap<>();
    try (Stream<Path> s = Files.walk(data)) {
      for (Path p : s.filter(p -> p.getParent() != null && p.getParent().getFileName().toString().equals("chunks"))
          .filter(Files::isRegularFile).toList()) {
        long container = Long.parseLong(p.getParent().getParent().getFileName().toString());
        out.computeIfAbsent(container, c -> new ArrayList<>()).add(Files.size(p));
      }
    }
    out.values().forEach(l -> l.sort(Comparator.naturalOrder()));
    return out;
  }

  /** Bytes of the chunk files under a datanode data directory. */
  public static long chunkBytes(Path data) throws IOException {
    return chunkSizes(data).values().stream().flatMap(List::stream).mapToLong(Long::longValue).sum();
  }

  public static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  public static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
