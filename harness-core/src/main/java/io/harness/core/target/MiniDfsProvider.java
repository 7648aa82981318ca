package io.harness.core.target;

import io.harness.core.util.LocalDirs;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** {@code --embedded hdfs[:N]}: a MiniDFSCluster with N datanodes in this JVM. */
public final class MiniDfsProvider implements EmbeddedClusterProvider {
  @Override
  public String name() {
    return "hdfs";
  }

  @Override
  public EmbeddedCluster start(Configuration base, int datanodes) throws IOException {
    Path dir = Files.createTempDirectory("harness-embedded-hdfs-");
    Configuration conf = new Configuration(base);
    try {
      MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.toFile())
          .numDataNodes(datanodes)
          .build();
      cluster.waitActive();
      Configuration client = new Configuration(cluster.getConfiguration(0));
      URI uri = cluster.getURI();
      client.set("fs.defaultFS", uri.toString());
      return new EmbeddedCluster() {
        @Override
        public Configuration configuration() {
          return client;
        }

        @Override
        public URI fileSystemUri() {
          return uri;
        }

        @Override
        public String rootPrefix() {
          return "";
        }

        @Override
        public String description() {
          return "MiniDFSCluster, " + datanodes + " datanode(s)";
        }

        @Override
        public Configuration serverConfiguration() {
          return cluster.getConfiguration(0);
        }

        @Override
        public void close() {
          try {
            cluster.shutdown(true);
          } finally {
            LocalDirs.deleteOwnTempDir(dir);
          }
        }
      };
    } catch (IOException | RuntimeException e) {
      LocalDirs.deleteOwnTempDir(dir);
      throw e;
    }
  }
}
