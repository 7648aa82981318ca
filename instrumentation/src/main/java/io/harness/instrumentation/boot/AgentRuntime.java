package io.harness.instrumentation.boot;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.instrument.Instrumentation;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jboss.byteman.agent.Retransformer;
import org.jboss.byteman.modules.NonModuleSystem;

/**
 * Starts Byteman's rule engine in this JVM, once, and installs rule scripts into it, at start or later
 * (a second {@code harness attach} adds rule sets to a running agent).
 *
 * <p>Loaded by the bootstrap class loader, like Byteman's own classes here, so rules injected into any
 * class (JDK classes included) find the engine and {@link TimingHelper}. The agent class, loaded by the
 * system class loader, calls it by reflection with JDK types only.
 */
public final class AgentRuntime {
  private static final String COMPILE_TO_BYTECODE = "org.jboss.byteman.compile.to.bytecode";
  private static final String VERBOSE = "org.jboss.byteman.verbose";
  private static Retransformer transformer;
  private static final Set<String> INSTALLED = new LinkedHashSet<>();
  private static boolean exitHook;

  private AgentRuntime() {}

  /**
   * Installs the scripts not installed yet and reports {@code sets} from now on.
   *
   * @param sets the rule sets asked for (reported in every FileSystem's report)
   * @param scriptNames the scripts' names (one per script; a script already installed is skipped)
   * @param scriptTexts the scripts' texts
   * @param reportFile a file the JSON lines are appended to, or null
   * @param verbose Byteman's verbose trace
   * @param json each report's JSON line on stderr too
   * @return the rule sets reported from now on
   */
  public static synchronized String[] start(Instrumentation inst, String[] sets, String[] scriptNames,
      String[] scriptTexts, String reportFile, boolean verbose, boolean json) throws Exception {
    Reports.reportFile(reportFile);
    Reports.jsonOnStderr(json);
    List<String> names = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < scriptNames.length; i++) {
      if (!INSTALLED.contains(scriptNames[i])) {
        names.add(scriptNames[i]);
        texts.add(scriptTexts[i]);
      }
    }
    // the FileSystem calls (always), the output calls (sets write and ozone: the Ozone waits are charged to the
    // FileSystem of the output call they happen in) and the Ozone client's waits are injected calls (Hooks)
    int hooks = Hooks.FS;
    for (String set : sets) {
      if (Ops.SET_WRITE.equals(set) || Ops.SET_OZONE.equals(set)) {
        hooks |= Hooks.OUTPUT;
      }
      if (Ops.SET_OZONE.equals(set)) {
        hooks |= Hooks.OZONE;
      }
    }
    Hooks.install(inst, hooks);
    if (names.isEmpty()) {
      // nothing for Byteman (the sets read and datanode are its rules): its engine stays off
    } else if (transformer == null) {
      // read by Byteman's classes when they are initialised: set before the first one is used
      System.setProperty(COMPILE_TO_BYTECODE, "true");
      if (verbose) {
        System.setProperty(VERBOSE, "true");
      }
      // socket classes loaded before the transformer exists cannot deadlock with it (a Byteman fact)
      new Socket().close();
      NonModuleSystem modules = new NonModuleSystem();
      modules.initialize("");
      Retransformer t = new Retransformer(inst, modules, names, texts, inst.isRedefineClassesSupported());
      inst.addTransformer(t, true);
      transformer = t;
      // classes loaded before now (the JDK's, and all of them on attach) get their rules injected
      t.installBootScripts();
    } else {
      StringWriter log = new StringWriter();
      transformer.installScript(texts, names, new PrintWriter(log));
      if (verbose) {
        System.err.print(log);
      }
    }
    INSTALLED.addAll(names);
    if (!exitHook) {
      Runtime.getRuntime().addShutdownHook(new Thread(AgentRuntime::exitReport, "harness-instrumentation-exit"));
      exitHook = true;
    }
    for (String set : sets) {
      Registry.activate(set);
    }
    return Registry.activeSets();
  }

  /** Whether the engine runs in this JVM. */
  public static synchronized boolean started() {
    return exitHook;
  }

  /** Whether Byteman's rule engine runs in this JVM (only for the sets that are rules: read, datanode). */
  public static synchronized boolean rulesStarted() {
    return transformer != null;
  }

  private static void exitReport() {
    // When Hadoop's hook manager took the exit report, it runs there, after Hadoop closed its cached
    // file systems; this JVM hook runs at the same time as Hadoop's and must not report them first.
    if (!Reports.hadoopHookRegistered()) {
      Reports.reportAtExit();
    }
  }
}
