package io.harness.instrumentation.boot;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;

/**
 * When and where {@link Registry}'s counters are reported: on stderr as text plus one JSON line (the line only
 * with the agent option {@code json=on}, the default; appended to the report file when one was given), at a file system's close and at JVM exit. Loaded by the bootstrap
 * class loader with the registry; uses nothing but the JDK.
 */
final class Reports {
  private static final String HADOOP_HOOKS = "org.apache.hadoop.util.ShutdownHookManager";
  /** Below FileSystem's cache hook (10): runs after the cached file systems were closed. */
  private static final int HADOOP_HOOK_PRIORITY = -1000;
  private static final Object REPORT_LOCK = new Object();

  private static volatile String reportFile;
  private static volatile boolean jsonOnStderr = true;
  private static volatile boolean hadoopHook;
  private static volatile boolean hadoopHookTried;

  private Reports() {}

  static void reportFile(String file) {
    if (file != null && !file.isEmpty()) {
      reportFile = file;
    }
  }

  /** Whether each report's JSON line goes to stderr after its text (the agent option {@code json}). */
  static void jsonOnStderr(boolean on) {
    jsonOnStderr = on;
  }

  static String reportFile() {
    return reportFile;
  }

  /** Prints the record's report (and appends its JSON line to the report file) unless it shows nothing new. */
  static void report(FsRecord r, String event) {
    synchronized (REPORT_LOCK) {
      long total = r.totalCalls();
      if (r.reportedCalls >= 0 && r.reportedCalls == total) {
        return;
      }
      r.reportedCalls = total;
      boolean[] sets = Registry.active;
      String json = Report.json(r, event, sets);
      System.err.print(Report.text(r, sets)
          + (jsonOnStderr ? Registry.JSON_PREFIX + json + System.lineSeparator() : ""));
      System.err.flush();
      String file = reportFile;
      if (file != null) {
        append(file, json);
      }
    }
  }

  /** At JVM exit: every FileSystem not reported since its last calls, the unknown bucket and the datanode scope if used. */
  static void reportAtExit() {
    for (FsRecord r : Registry.RECORDS) {
      report(r, r.closed ? "close" : "exit");
    }
    if (Registry.UNKNOWN.totalCalls() > 0) {
      report(Registry.UNKNOWN, "exit");
    }
    if (Registry.DATANODE.totalCalls() > 0) {
      report(Registry.DATANODE, "exit");
    }
  }

  /** Whether Hadoop's shutdown hook manager will call {@link #reportAtExit()}. */
  static boolean hadoopHookRegistered() {
    return hadoopHook;
  }

  /**
   * JVM shutdown hooks run concurrently, and Hadoop closes its cached file systems in its own hook: the
   * exit report runs in that hook too, at a lower priority, so a file system closed there is reported
   * as closed, once.
   */
  static void registerHadoopHook(Object fs) {
    if (!hadoopHookTried) {
      registerHadoopHook(fs.getClass().getClassLoader());
    }
  }

  /**
   * Registers the exit report with the Hadoop hook manager {@code loader} sees, once per JVM (the first FileSystem's
   * class loader, or the harness's own before its run's tasks start: a first registration costs ms of reflection).
   */
  static void registerHadoopHook(ClassLoader loader) {
    if (hadoopHookTried) {
      return;
    }
    synchronized (REPORT_LOCK) {
      if (hadoopHookTried) {
        return;
      }
      hadoopHookTried = true;
    }
    try {
      Class<?> c = Class.forName(HADOOP_HOOKS, true, loader);
      Object manager = c.getMethod("get").invoke(null);
      Method add = c.getMethod("addShutdownHook", Runnable.class, int.class);
      add.invoke(manager, new AtExit(), HADOOP_HOOK_PRIORITY);
      hadoopHook = true;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      // no Hadoop hook manager (or shutting down already): the agent's JVM hook reports instead
    }
  }

  /** Whether {@code loader} sees Hadoop's hook manager (without initialising it). */
  static boolean hadoopHooksVisible(ClassLoader loader) {
    try {
      Class.forName(HADOOP_HOOKS, false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** The exit report as Hadoop's hook (a class, not a lambda: no bootstrap of a call site at the first stream). */
  private static final class AtExit implements Runnable {
    @Override
    public void run() {
      reportAtExit();
    }
  }

  private static void append(String file, String line) {
    byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
    try (OutputStream out = new FileOutputStream(file, true)) {
      out.write(bytes); // one write: lines of concurrent JVMs do not interleave
    } catch (IOException e) {
      System.err.println("harness-instrumentation: cannot append to report file " + file + ": " + e);
    }
  }
}
