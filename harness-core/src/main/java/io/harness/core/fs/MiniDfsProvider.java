package io.harness.core.fs;

import io.harness.core.base.LocalDirs;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** {@code --embedded hdfs[:N]}: a MiniDFSCluster with N datanodes in this JVM. */
public final class MiniDfsProvider implements EmbeddedClusterProvider {
  /**
   * Refuses to exist where Hadoop's mini cluster is not on the class path (the job jar under {@code hadoop jar}):
   * {@link java.util.ServiceLoader} then skips it, and {@code hdfs} is not an available kind there.
   */
  public MiniDfsProvider() {
    try {
      Class.forName("org.apache.hadoop.hdfs.MiniDFSCluster", false, MiniDfsProvider.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw (NoClassDefFoundError) new NoClassDefFoundError(e.getMessage()).initCause(e);
    }
  }

  @Override
  public String name() {
    return "hdfs";
  }

  @Override
  public EmbeddedCluster start(Configuration base, int datanodes) throws IOException {
    Path dir = Files.createTempDirectory("harness-embedded-hdfs-");
    try {
      return start(base, datanodes, dir, true);
    } catch (IOException | RuntimeException e) {
      LocalDirs.deleteOwnTempDir(dir);
      throw e;
    }
  }

  @Override
  public boolean startsInFolder() {
    return true;
  }

  @Override
  public EmbeddedCluster start(Configuration base, int datanodes, Path folder) throws IOException {
    return start(base, datanodes, folder, false);
  }

  /** With {@code ownTempDir}, closing the cluster removes {@code dir} too; else it keeps every file. */
  private static EmbeddedCluster start(Configuration base, int datanodes, Path dir, boolean ownTempDir)
      throws IOException {
    Configuration conf = new Configuration(base);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.toFile())
        .numDataNodes(datanodes)
        .build();
    try {
      cluster.waitActive();
    } catch (IOException | RuntimeException e) {
      if (ownTempDir) {
        cluster.shutdown(true);
      } else {
        cluster.shutdownDataNodes();
        cluster.shutdownNameNodes();
      }
      throw e;
    }
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
        if (!ownTempDir) {
          // not shutdown(false): it marks every file of the folder to be deleted when the JVM exits
          cluster.shutdownDataNodes();
          cluster.shutdownNameNodes();
          return;
        }
        try {
          cluster.shutdown(true);
        } finally {
          LocalDirs.deleteOwnTempDir(dir);
        }
      }
    };
  }
}
