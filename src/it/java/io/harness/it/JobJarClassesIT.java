package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.spi.ToolProvider;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * Every class the job jar's commands can reach is in harness.jar or on Hadoop's client class path (what
 * {@code hadoop jar} gives it): from the jar's entry points (its Main-Class and the classes its service files
 * name), the class references of the JDK's {@code jdeps} are followed through the jar; a reference that leaves
 * the jar must land on Hadoop's client class path or in the JDK. The only exceptions are the harness classes
 * below, which the job jar loads only where their libraries are.
 */
class JobJarClassesIT {
  /**
   * Harness classes (prefixes) that may name classes of other libraries (prefixes): the commands and clusters
   * that need them are stand-ins in the job jar, or are only loaded when those libraries are on the class path.
   */
  private static final List<String[]> ELSEWHERE = List.of(
      // freon cgscm / cgom / cgdn (stand-ins without Ozone's servers), --embedded ozone, the Ozone probe
      new String[] {"io.harness.freon.offline.", "org.apache.hadoop.hdds.", "org.apache.hadoop.ozone.",
          "com.google.protobuf."},
      new String[] {"io.harness.freon.embedded.", "org.apache.hadoop.hdds.", "org.apache.hadoop.ozone.",
          "org.apache.ozone.test."},
      new String[] {"io.harness.freon.context.OzoneProbe", "org.apache.hadoop.hdds.", "org.apache.hadoop.ozone."},
      // --embedded hdfs: MiniDFSCluster is in hadoop-minicluster's jars (bin/harness's lib/)
      new String[] {"io.harness.core.fs.MiniDfsProvider", "org.apache.hadoop.hdfs.MiniDFSCluster"});

  @Test
  void everyReachableClassIsInTheJarOrOnHadoopsClientClassPath() throws Exception {
    Path jar = Path.of(System.getProperty("harness.jobjar"));
    Set<String> inJar = classes(jar);
    Set<String> onHadoop = new HashSet<>();
    for (String j : HadoopClient.classPath()) {
      onHadoop.addAll(classes(Path.of(j)));
    }
    Map<String, Set<String>> refs = references(jar);

    Deque<String> todo = new ArrayDeque<>(entryClasses(jar));
    assertTrue(todo.size() > 10, "entry classes: " + todo);
    Set<String> seen = new HashSet<>(todo);
    Set<String> missing = new TreeSet<>();
    while (!todo.isEmpty()) {
      String c = todo.poll();
      assertTrue(inJar.contains(c), c + " is named by the job jar but not in it");
      for (String r : refs.getOrDefault(c, Set.of())) {
        if (inJar.contains(r)) {
          if (seen.add(r)) {
            todo.add(r);
          }
        } else if (!onHadoop.contains(r) && !excused(c, r)) {
          missing.add(r + " (from " + c + ")");
        }
      }
    }
    assertTrue(seen.size() > 500, "reached only " + seen.size() + " classes");
    assertEquals("", String.join("\n", missing), "classes the job jar's commands reach, neither in harness.jar "
        + "nor on Hadoop's client class path");
  }

  private static boolean excused(String from, String to) {
    for (String[] e : ELSEWHERE) {
      if (from.startsWith(e[0])) {
        for (int i = 1; i < e.length; i++) {
          if (to.startsWith(e[i])) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The Main-Class and every class a service file of the jar names. */
  private static Set<String> entryClasses(Path jar) throws IOException {
    Set<String> roots = new TreeSet<>();
    try (JarFile j = new JarFile(jar.toFile())) {
      String main = j.getManifest().getMainAttributes().getValue("Main-Class");
      assertTrue(main != null, "no Main-Class in " + jar);
      roots.add(main);
      for (ZipEntry e : j.stream().toList()) {
        if (e.getName().startsWith("META-INF/services/") && !e.isDirectory()) {
          try (InputStream in = j.getInputStream(e)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
              String name = line.replaceAll("#.*", "").trim();
              if (!name.isEmpty()) {
                roots.add(name);
              }
            }
          }
        }
      }
    }
    return roots;
  }

  /** The classes of a jar, by binary name (no multi-release versions). */
  private static Set<String> classes(Path jar) throws IOException {
    Set<String> names = new HashSet<>();
    try (ZipFile z = new ZipFile(jar.toFile())) {
      z.stream().map(ZipEntry::getName)
          .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/") && !n.endsWith("module-info.class"))
          .forEach(n -> names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
    }
    return names;
  }

  /** Each class of the jar and the classes it refers to, the JDK's left out ({@code jdeps -verbose}). */
  private static Map<String, Set<String>> references(Path jar) {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in "
        + System.getProperty("java.home")));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = jdeps.run(new PrintWriter(out), new PrintWriter(err), "-verbose", jar.toString());
    assertEquals(0, code, err.toString());
    Map<String, Set<String>> refs = new HashMap<>();
    String jarName = jar.getFileName().toString();
    for (String line : out.toString().split("\n")) {
      // "   a.B   -> c.D   harness.jar" | "... not found" | "... java.base" (or another place in the JDK)
      String[] f = line.trim().split("\\s+", 4);
      if (f.length == 4 && f[1].equals("->") && (f[3].equals(jarName) || f[3].equals("not found"))) {
        refs.computeIfAbsent(f[0], k -> new HashSet<>()).add(f[2]);
      }
    }
    assertTrue(refs.size() > 500, "jdeps gave references of only " + refs.size() + " classes:\n" + out);
    return refs;
  }
}
