package io.harness.instrumentation;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;

/**
 * The agent: {@code -javaagent:harness-instrumentation.jar[=rules=write,read,ozone,report=FILE]} at JVM
 * start ({@link #premain}), or loaded into a running JVM by {@code harness attach} ({@link #agentmain}).
 *
 * <p>It copies Byteman and the rule helper ({@code io.harness.instrumentation.boot}) out of its jar into
 * a private temporary jar on the bootstrap class path, so that rules injected into any class, the JDK's
 * included, reach one copy of the counters whatever class loader the instrumented code has; then it
 * starts Byteman's engine there with the rule scripts of the chosen sets. Nothing else of this jar goes
 * on the bootstrap path (the {@code harness attach} command needs picocli, which is not there).
 *
 * <p>Bad options stop a JVM at start with exit code 2 and one line on stderr; loaded by attach, the
 * agent prints the line and leaves the JVM alone.
 */
public final class Agent {
  static final String PREFIX = "harness-instrumentation: ";
  private static final String RUNTIME = "io.harness.instrumentation.boot.AgentRuntime";
  private static final String[] BOOT_PACKAGES = {"org/jboss/byteman/", "io/harness/instrumentation/boot/"};
  private static final String RULES = "/io/harness/instrumentation/rules/";

  private Agent() {}

  public static void premain(String args, Instrumentation inst) {
    AgentOptions options;
    try {
      options = AgentOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(PREFIX + e.getMessage());
      System.err.flush();
      System.exit(2);
      return;
    }
    if (options.standby()) {
      return; // holds the JVM's retransformation capability from its start, for a later load (AgentOptions)
    }
    try {
      started(start(options, inst));
    } catch (Exception e) {
      // the JVM runs on, untimed: say so in one line
      System.err.println(PREFIX + "not started: " + oneLine(e));
    }
  }

  public static void agentmain(String args, Instrumentation inst) throws Exception {
    AgentOptions options;
    try {
      options = AgentOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(PREFIX + e.getMessage());
      return;
    }
    if (options.standby()) {
      return;
    }
    try {
      started(start(options, inst));
    } catch (Exception e) {
      System.err.println(PREFIX + "not started: " + oneLine(e));
      throw e; // the attaching side reports the failure
    }
  }

  private static void started(String[] sets) {
    System.err.println(PREFIX + "timing " + String.join(",", sets)
        + "; each FileSystem reports when it closes (and at exit)");
  }

  /** Starts (or extends) the engine; returns the rule sets reported from now on. */
  static String[] start(AgentOptions options, Instrumentation inst) throws Exception {
    Class<?> runtime = bootRuntime(inst);
    List<String> scripts = options.scripts();
    String[] names = new String[scripts.size()];
    String[] texts = new String[scripts.size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = scripts.get(i) + ".btm";
      texts[i] = script(names[i]);
    }
    String report = options.report() == null ? null
        : options.report().replace("%p", String.valueOf(ProcessHandle.current().pid()));
    Method start = runtime.getMethod("start", Instrumentation.class, String[].class, String[].class,
        String[].class, String.class, boolean.class, boolean.class);
    try {
      return (String[]) start.invoke(null, inst, options.sets().toArray(new String[0]), names, texts,
          report, options.verbose(), options.json());
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      throw cause instanceof Exception ? (Exception) cause : e;
    }
  }

  /** The runtime class from the bootstrap class path, putting it there first if it is not. */
  private static Class<?> bootRuntime(Instrumentation inst) throws IOException, ClassNotFoundException {
    try {
      return Class.forName(RUNTIME, true, null); // loaded before (a second attach)
    } catch (ClassNotFoundException e) {
      // not on the bootstrap class path yet
    }
    Path boot = bootJar(ownJar());
    inst.appendToBootstrapClassLoaderSearch(new JarFile(boot.toFile()));
    return Class.forName(RUNTIME, true, null);
  }

  /** The jar this class was loaded from. */
  static Path ownJar() throws IOException {
    CodeSource source = Agent.class.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      throw new IOException("cannot tell which jar the agent was loaded from");
    }
    Path path;
    try {
      path = Path.of(source.getLocation().toURI());
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw new IOException("cannot tell which jar the agent was loaded from: " + source.getLocation());
    }
    if (!Files.isRegularFile(path)) {
      throw new IOException("the agent must run from harness-instrumentation.jar, not " + path);
    }
    return path;
  }

  /** A private temporary jar holding the classes that go on the bootstrap class path. */
  private static Path bootJar(Path agentJar) throws IOException {
    Path boot = Files.createTempFile("harness-instrumentation-boot-", ".jar");
    boot.toFile().deleteOnExit();
    int copied = 0;
    try (JarFile in = new JarFile(agentJar.toFile());
         JarOutputStream out = new JarOutputStream(Files.newOutputStream(boot))) {
      for (Enumeration<JarEntry> entries = in.entries(); entries.hasMoreElements(); ) {
        JarEntry e = entries.nextElement();
        if (e.isDirectory() || !inBootPackage(e.getName())) {
          continue;
        }
        // stored, not deflated again: the copy is made at every JVM start
        ZipEntry copy = new ZipEntry(e.getName());
        copy.setMethod(ZipEntry.STORED);
        copy.setSize(e.getSize());
        copy.setCompressedSize(e.getSize());
        copy.setCrc(e.getCrc());
        out.putNextEntry(copy);
        try (InputStream data = in.getInputStream(e)) {
          data.transferTo(out);
        }
        out.closeEntry();
        copied++;
      }
    }
    if (copied == 0) {
      throw new IOException(agentJar + " holds no Byteman classes: not the agent jar");
    }
    return boot;
  }

  private static boolean inBootPackage(String name) {
    for (String p : BOOT_PACKAGES) {
      if (name.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  private static String script(String name) throws IOException {
    try (InputStream in = Agent.class.getResourceAsStream(RULES + name)) {
      if (in == null) {
        throw new IOException("rule script " + name + " missing from the agent jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static String oneLine(Throwable e) {
    String s = e.getMessage() == null ? e.toString() : e.getMessage();
    return s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
  }
}
