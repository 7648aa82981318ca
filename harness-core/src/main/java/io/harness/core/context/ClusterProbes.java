package io.harness.core.context;

import io.harness.core.base.Bounded;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;

/**
 * Describes a run's cluster once, at its start: the client's settings, the block size and replication its
 * files get, and what the {@link ClusterProbe} of the file system's scheme learns from the servers, all within
 * {@value #SECONDS} s. What is not learned by then is unknown ("no answer within ..."); nothing here fails a
 * run.
 */
public final class ClusterProbes {
  /** How long describing a cluster may take, all probes together. */
  public static final long SECONDS = 5;

  private ClusterProbes() {}

  /** A step of a probe that may fail. */
  @FunctionalInterface
  public interface Step {
    void run() throws Exception;
  }

  /** The context of the cluster behind {@code request}'s file system. */
  public static ClusterContext describe(ClusterProbe.Request request) {
    String scheme = request.uri().getScheme();
    ClusterProbe probe = find(scheme);
    String system = probe != null ? probe.system() : "file".equals(scheme) ? ClusterContext.LOCAL : scheme;
    ContextBuilder into = new ContextBuilder(system, request.root().toString());
    List<String> expected = new ArrayList<>(List.of("blockSize"));
    if (probe != null) {
      expected.addAll(probe.fields());
    }
    String reason = "not told by the " + system + " client";
    try {
      into.clientSettings(ClientSettings.of(request.conf()));
      Bounded.call("cluster context", SECONDS, () -> {
        Path at = existing(request.fs(), request.root());
        learn(into, () -> into.blockSize(request.fs().getDefaultBlockSize(at)), "blockSize");
        if (!ClusterContext.OZONE.equals(system)) {
          learn(into, () -> into.replication(request.fs().getDefaultReplication(at)), "replication");
        }
        if (probe != null) {
          probe.probe(request, into);
        }
        return null;
      });
    } catch (Exception | LinkageError e) {
      reason = reason(e);
    }
    return into.build(expected, reason);
  }

  /** The context of a target that could not be reached or asked: its system and why. */
  public static ClusterContext unknown(String system, String root, String reason) {
    return new ContextBuilder(system, root).unknown("cluster", reason).build();
  }

  /** The first probe that handles {@code scheme}, or null; a probe whose classes are missing here is skipped. */
  static ClusterProbe find(String scheme) {
    Iterator<ClusterProbe> it = ServiceLoader.load(ClusterProbe.class, ClusterProbes.class.getClassLoader())
        .iterator();
    while (true) {
      try {
        if (!it.hasNext()) {
          return null;
        }
        ClusterProbe p = it.next();
        if (p.handles(scheme)) {
          return p;
        }
      } catch (ServiceConfigurationError | LinkageError e) {
        // a probe whose client is not on this class path: not available here
      }
    }
  }

  /** Runs {@code step}; when it fails, each of {@code fields} is unknown for its reason. */
  public static void learn(ContextBuilder into, Step step, String... fields) {
    try {
      step.run();
    } catch (Exception | LinkageError e) {
      String why = reason(e);
      for (String f : fields) {
        into.unknown(f, why);
      }
    }
  }

  /** {@code path}, or its nearest ancestor that exists (whose settings a new file there inherits). */
  public static Path existing(FileSystem fs, Path path) throws IOException {
    Path p = path;
    while (p.getParent() != null && !fs.exists(p)) {
      p = p.getParent();
    }
    return p;
  }

  /** {@code host:port} with a wildcard or missing host replaced by {@code host}. */
  public static String onHost(String address, String host) {
    int colon = address.lastIndexOf(':');
    String h = colon < 0 ? address : address.substring(0, colon);
    String port = colon < 0 ? "" : address.substring(colon);
    return (h.isEmpty() || h.equals("0.0.0.0") ? host : h) + port;
  }

  /** Why a fact was not learned, in one short line: a refusal says so. */
  public static String reason(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && (t.getMessage() == null || t instanceof java.util.concurrent.ExecutionException)) {
      t = t.getCause();
    }
    String message = t.getMessage() == null ? "" : t.getMessage().lines().findFirst().orElse("");
    if (message.length() > 160) {
      message = message.substring(0, 157) + "...";
    }
    String what = t instanceof AccessControlException ? "refused (needs more rights)"
        : t instanceof FileNotFoundException ? "not found" : t.getClass().getSimpleName();
    return message.isEmpty() ? what : what + ": " + message;
  }
}
