package io.harness.junit;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.EmbeddedClusterProvider;
import java.lang.reflect.AnnotatedElement;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.TestAbortedException;

/**
 * The JUnit 5 extension behind {@link HarnessCluster} (registered by the annotation; there is no need to name it).
 * Before all tests of an annotated class it starts the cluster through the {@link EmbeddedClusterProvider} named
 * by the kind ({@code hdfs}, {@code ozone}; with {@code processes = CONTAINERS}, {@code hdfs-containers},
 * {@code ozone-containers}), keeps it in the class's extension store, and stops it (and removes its data) when the
 * class is done, after its {@code @AfterAll} methods. It resolves parameters of these types:
 *
 * <ul>
 *   <li>{@link Configuration}: the cluster's client configuration, a new copy for each parameter;
 *   <li>{@link URI}: the cluster's file system;
 *   <li>{@link ClusterInfo}: both, the root prefix and what was started.
 * </ul>
 *
 * The annotation's {@code conf} entries are in the provider's base configuration with the source
 * {@link EmbeddedClusterProvider#SETTING_SOURCE}, its {@code image} under {@link EmbeddedClusterProvider#IMAGE_KEY}.
 * A cluster that does not start fails every test of the class; it is started once, not once per test. A provider
 * that aborts (a JUnit assumption: no Docker engine) skips the class.
 */
public final class HarnessClusterExtension implements BeforeAllCallback, ParameterResolver {
  private static final Namespace NAMESPACE = Namespace.create(HarnessClusterExtension.class);

  /** JUnit creates the extension. */
  public HarnessClusterExtension() {}

  @Override
  public void beforeAll(ExtensionContext context) {
    cluster(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return (type == Configuration.class || type == URI.class || type == ClusterInfo.class)
        && owner(context).isPresent();
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    ClusterInfo cluster = cluster(context);
    Class<?> type = parameter.getParameter().getType();
    if (type == Configuration.class) {
      return cluster.configuration();
    }
    if (type == URI.class) {
      return cluster.fileSystemUri();
    }
    if (type == ClusterInfo.class) {
      return cluster;
    }
    throw new ParameterResolutionException("@HarnessCluster does not resolve " + type.getName());
  }

  /** The cluster of the class {@code context} belongs to, started on first use. */
  private static ClusterInfo cluster(ExtensionContext context) {
    ExtensionContext owner = owner(context).orElseThrow(() -> new ExtensionConfigurationException(
        "no @HarnessCluster on " + context.getRequiredTestClass().getName() + " or a class enclosing it"));
    Class<?> testClass = owner.getRequiredTestClass();
    HarnessCluster spec = annotation(testClass).orElseThrow();
    return owner.getStore(NAMESPACE)
        .getOrComputeIfAbsent(testClass, c -> start(spec, testClass), Started.class)
        .info();
  }

  /**
   * The class-level context whose class carries the annotation: {@code context}'s own class, else (a
   * {@code @Nested} class) the nearest enclosing class's.
   */
  private static Optional<ExtensionContext> owner(ExtensionContext context) {
    for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
      Optional<AnnotatedElement> element = c.getElement();
      if (element.isPresent() && element.get() instanceof Class<?> type && annotation(type).isPresent()) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  private static Optional<HarnessCluster> annotation(Class<?> type) {
    return AnnotationSupport.findAnnotation(type, HarnessCluster.class);
  }

  private static Started start(HarnessCluster spec, Class<?> testClass) {
    boolean containers = spec.processes() == HarnessCluster.Processes.CONTAINERS;
    String where = "@HarnessCluster(kind = " + spec.kind() + (containers ? ", processes = CONTAINERS" : "")
        + ") on " + testClass.getName();
    if (spec.datanodes() < 1) {
      throw new ExtensionConfigurationException(where + ": datanodes must be at least 1, was " + spec.datanodes());
    }
    if (!containers && !spec.image().isBlank()) {
      throw new ExtensionConfigurationException(where + ": image = \"" + spec.image()
          + "\" needs processes = CONTAINERS (an embedded cluster runs in the test's JVM)");
    }
    Configuration base = baseConfiguration(spec.conf(), where);
    if (containers) {
      base.set(EmbeddedClusterProvider.IMAGE_KEY, spec.image().trim(), "@HarnessCluster image");
    }
    String name = spec.kind().providerName() + (containers ? "-containers" : "");
    EmbeddedClusterProvider provider = provider(name, where, hint(spec.kind(), containers));
    EmbeddedCluster cluster;
    try {
      cluster = provider.start(base, spec.datanodes());
    } catch (TestAbortedException e) {
      // the provider's own skip (no Docker engine): the class is skipped, not failed
      throw e;
    } catch (LinkageError e) {
      throw new ExtensionConfigurationException(where + ": the '" + provider.name()
          + "' provider is missing classes (" + e + "); " + hint(spec.kind(), containers), e);
    } catch (Exception e) {
      throw new IllegalStateException(where + ": the cluster (" + spec.datanodes()
          + " datanode(s)) did not start: " + e, e);
    }
    return new Started(new ClusterInfo(spec.kind(), spec.datanodes(), cluster), cluster);
  }

  /** Hadoop's defaults with the annotation's {@code key=value} settings over them. */
  static Configuration baseConfiguration(String[] settings, String where) {
    Configuration base = new Configuration();
    for (String setting : settings) {
      int eq = setting.indexOf('=');
      if (eq <= 0 || setting.substring(0, eq).isBlank()) {
        throw new ExtensionConfigurationException(where + ": conf entry '" + setting
            + "' is not key=value");
      }
      EmbeddedClusterProvider.set(base, setting.substring(0, eq).trim(), setting.substring(eq + 1).trim());
    }
    return base;
  }

  /** The provider called {@code name}, from {@link ServiceLoader}; providers that cannot load are skipped. */
  private static EmbeddedClusterProvider provider(String name, String where, String hint) {
    List<String> found = new ArrayList<>();
    Throwable unloadable = null;
    Iterator<EmbeddedClusterProvider> it = ServiceLoader.load(EmbeddedClusterProvider.class).iterator();
    while (true) {
      EmbeddedClusterProvider p;
      try {
        if (!it.hasNext()) {
          break;
        }
        p = it.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        // a provider whose cluster classes are not on this class path
        if (unloadable == null) {
          unloadable = e;
        }
        continue;
      }
      if (p.name().equalsIgnoreCase(name)) {
        return p;
      }
      found.add(p.name());
    }
    ExtensionConfigurationException e = new ExtensionConfigurationException(where
        + ": no embedded cluster provider named '" + name + "' on the class path (found: "
        + (found.isEmpty() ? "none" : String.join(", ", found)) + "); " + hint);
    if (unloadable != null) {
      e.addSuppressed(unloadable);
    }
    throw e;
  }

  private static String hint(HarnessCluster.Kind kind, boolean containers) {
    if (containers) {
      return "add io.harness.storage:harness-containers as a test dependency (its providers start the "
          + "services in containers; they need a Docker engine)";
    }
    return switch (kind) {
      case HDFS -> "the HDFS provider is harness-core's and needs org.apache.hadoop:hadoop-minicluster and "
          + "junit:junit on the test class path (io.harness.storage:harness-junit brings both)";
      case OZONE -> "the Ozone provider is in io.harness.storage:harness-freon: add it as a test dependency "
          + "(with the org.apache.ozone:ozone-main BOM imported)";
    };
  }

  /** A started cluster in the class's store: JUnit closes it when the class is done. */
  private record Started(ClusterInfo info, EmbeddedCluster cluster) implements ExtensionContext.Store.CloseableResource {
    @Override
    public void close() {
      cluster.close();
    }
  }
}
