package io.harness.it;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.EmbeddedClusterProvider;
import io.harness.core.fs.MiniDfsProvider;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The embedded clusters DocsCommandsIT's lines share: one per kind and datanode count, started on first use and
 * stopped by {@link #closeAll()}. A doc line's {@code --embedded KIND[:N]} gets one of these (through
 * {@link #loader}, which puts {@link Hdfs} and {@link Ozone} before the real providers), so one cluster start
 * serves many lines; the placeholder hosts of the docs ({@code hdfs://nn:8020}, {@code ofs://om-host/}) name the
 * 3-datanode one of their kind.
 */
public final class DocsClusters {
  /** Ozone's settings for every shared Ozone cluster: small blocks and containers, so the offline generators' lines
   * (whose key and container sizes default to the cluster's) write megabytes, not gigabytes. */
  static final Map<String, String> OZONE_SETTINGS = Map.of(
      "ozone.scm.block.size", "4MB",
      "ozone.scm.container.size", "16MB");

  private static final Map<String, EmbeddedCluster> STARTED = new LinkedHashMap<>();

  private DocsClusters() {}

  static synchronized EmbeddedCluster get(String kind, int datanodes) {
    String key = kind + ":" + datanodes;
    EmbeddedCluster c = STARTED.get(key);
    if (c == null) {
      try {
        Configuration base = new Configuration();
        if (kind.equals("ozone")) {
          OZONE_SETTINGS.forEach(base::set);
          c = new MiniOzoneProvider().start(base, datanodes);
        } else {
          c = new MiniDfsProvider().start(base, datanodes);
        }
      } catch (Exception e) {
        throw new IllegalStateException("could not start the shared " + key + " cluster", e);
      }
      STARTED.put(key, c);
    }
    return c;
  }

  static synchronized boolean started(String kind, int datanodes) {
    return STARTED.containsKey(kind + ":" + datanodes);
  }

  static synchronized void closeAll() {
    for (EmbeddedCluster c : STARTED.values()) {
      try {
        c.close();
      } catch (RuntimeException e) {
        System.err.println("DocsCommandsIT: stopping a cluster: " + e);
      }
    }
    STARTED.clear();
  }

  /**
   * A class loader (for the thread that runs a doc line) whose service file for {@link EmbeddedClusterProvider}
   * lists the shared providers first: {@code EmbeddedSpec} finds them through the thread's context class loader.
   */
  static ClassLoader loader(Path dir) {
    String name = "META-INF/services/" + EmbeddedClusterProvider.class.getName();
    Path file = dir.resolve("docs-providers");
    try {
      Files.writeString(file, Hdfs.class.getName() + "\n" + Ozone.class.getName() + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ClassLoader parent = DocsClusters.class.getClassLoader();
    return new ClassLoader(parent) {
      @Override
      public Enumeration<URL> getResources(String resource) throws IOException {
        if (!resource.equals(name)) {
          return super.getResources(resource);
        }
        List<URL> urls = new ArrayList<>();
        urls.add(file.toUri().toURL());
        urls.addAll(Collections.list(super.getResources(resource)));
        return Collections.enumeration(urls);
      }
    };
  }

  /** {@code --embedded hdfs[:N]} on a shared MiniDFSCluster. */
  public static final class Hdfs implements EmbeddedClusterProvider {
    @Override
    public String name() {
      return "hdfs";
    }

    @Override
    public EmbeddedCluster start(Configuration base, int datanodes) {
      return new Kept(get("hdfs", datanodes));
    }
  }

  /** {@code --embedded ozone[:N]} on a shared MiniOzoneCluster. */
  public static final class Ozone implements EmbeddedClusterProvider {
    @Override
    public String name() {
      return "ozone";
    }

    @Override
    public EmbeddedCluster start(Configuration base, int datanodes) {
      return new Kept(get("ozone", datanodes));
    }
  }

  /** A shared cluster as one line sees it: closing it leaves it running for the next line. */
  private record Kept(EmbeddedCluster shared) implements EmbeddedCluster {
    @Override
    public Configuration configuration() {
      return new Configuration(shared.configuration());
    }

    @Override
    public URI fileSystemUri() {
      return shared.fileSystemUri();
    }

    @Override
    public String rootPrefix() {
      return shared.rootPrefix();
    }

    @Override
    public String description() {
      return shared.description() + " (shared by DocsCommandsIT's lines)";
    }

    @Override
    public Configuration serverConfiguration() {
      return shared.serverConfiguration();
    }

    @Override
    public void close() {}
  }
}
