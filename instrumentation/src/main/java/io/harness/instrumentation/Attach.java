package io.harness.instrumentation;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code harness attach <pid> [--rules write,read,ozone] [--report FILE]}: loads the agent into a running
 * JVM through the JDK's Attach API. A second attach to the same JVM adds rule sets to the running agent.
 *
 * <p>Bad input (an unknown rule set, a pid that is no process, a process that is not a Java VM, a JVM
 * that does not accept attach) exits with code 2 and one line, and nothing is sent to any process: a
 * process that is not a Java VM is recognised before the Attach API would signal it (on Linux the API
 * sends SIGQUIT, which ends most other programs).
 */
public final class Attach {
  /** System property naming the agent jar when this class is not loaded from it. */
  public static final String AGENT_JAR_PROPERTY = "harness.instrumentation.jar";
  static final String USAGE = "usage: harness attach PID [--rules SET[,SET...]] [--report FILE] [--agent-jar JAR]";

  private Attach() {}

  /** Why an attach did not happen: the argument at fault, the reason, and the exit code (1 or 2). */
  public static final class Failure extends Exception {
    private final String argument;
    private final int exitCode;

    Failure(String argument, String reason, int exitCode) {
      super(argument + ": " + reason);
      this.argument = argument;
      this.exitCode = exitCode;
    }

    public String argument() {
      return argument;
    }

    /** The reason alone, without the argument's name. */
    public String reason() {
      return getMessage().substring(argument.length() + 2);
    }

    public int exitCode() {
      return exitCode;
    }
  }

  public static void main(String[] args) {
    int code = run(args, System.out, System.err);
    System.out.flush();
    System.err.flush();
    System.exit(code);
  }

  /** Parses {@code PID [--rules S] [--report F] [--agent-jar J]}, attaches, and returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    String pid = null;
    String rules = null;
    String report = null;
    String jar = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String value = i + 1 < args.length ? args[i + 1] : null;
      switch (a) {
        case "--rules", "--report", "--agent-jar" -> {
          if (value == null) {
            err.println("harness attach: " + a + ": needs a value");
            return 2;
          }
          i++;
          if (a.equals("--rules")) {
            rules = value;
          } else if (a.equals("--report")) {
            report = value;
          } else {
            jar = value;
          }
        }
        default -> {
          if (a.startsWith("-") || pid != null) {
            err.println("harness attach: unexpected argument '" + a + "' (" + USAGE + ")");
            return 2;
          }
          pid = a;
        }
      }
    }
    if (pid == null) {
      err.println("harness attach: PID: missing (" + USAGE + ")");
      return 2;
    }
    try {
      out.println(attach(pid, rules, report, jar == null ? null : Path.of(jar)));
      return 0;
    } catch (Failure f) {
      err.println("harness attach: " + f.getMessage());
      return f.exitCode();
    }
  }

  /**
   * Loads the agent into process {@code pid} with the rule sets {@code rules} (comma-separated; null:
   * the default sets) and, if given, the report file (made absolute here, so it names the same file in
   * the target). Returns the line to print.
   */
  public static String attach(String pid, String rules, String report, Path agentJar) throws Failure {
    List<String> sets;
    try {
      sets = AgentOptions.parseSets(rules);
    } catch (IllegalArgumentException e) {
      throw new Failure("--rules", e.getMessage().replaceFirst("^rules: ", ""), 2);
    }
    long id = parsePid(pid);
    Path jar = agentJar != null ? agentJar : defaultAgentJar()
        .orElseThrow(() -> new Failure("--agent-jar", "cannot find harness-instrumentation.jar: give "
            + "--agent-jar or -D" + AGENT_JAR_PROPERTY, 2));
    AgentJars.check(jar);
    if (report != null && AgentJars.sameFile(Path.of(report.replace("%p", String.valueOf(id))), jar)) {
      throw new Failure("--report", report + " is the agent jar the target loads (its reports would be appended to "
          + "it): give a file of its own", 2);
    }
    String reportFile = report == null ? null : Path.of(report).toAbsolutePath().toString();
    AgentOptions options = new AgentOptions(sets, reportFile, false);

    checkProcess(id);
    VirtualMachine vm;
    try {
      vm = VirtualMachine.attach(String.valueOf(id));
    } catch (AttachNotSupportedException | IOException e) {
      throw new Failure("PID", "process " + id + " does not accept attach: " + Agent.oneLine(e), 2);
    }
    try {
      vm.loadAgent(jar.toAbsolutePath().toString(), options.toAgentArgs());
    } catch (AgentLoadException | AgentInitializationException | IOException e) {
      throw new Failure("PID", "the agent failed in process " + id + " (see its stderr): "
          + Agent.oneLine(e), 1);
    } finally {
      try {
        vm.detach();
      } catch (IOException e) {
        // the agent is loaded; the connection is gone anyway
      }
    }
    return "harness attach: timing " + String.join(",", sets) + " in process " + id
        + "; its FileSystems report on its stderr when they close (and at exit)"
        + (reportFile == null ? "" : ", JSON lines also to " + reportFile);
  }

  /**
   * Loads the agent into this JVM (for a workload's {@code --instrument}): the JDK allows that only to a
   * JVM started with {@code -Djdk.attach.allowAttachSelf=true}. The agent jar is {@link #defaultAgentJar()}.
   * Afterwards {@link Timings} reads the counters. Returns the line to print.
   *
   * @param argument the option named in a failure's message (e.g. "--instrument")
   */
  public static String loadIntoThisJvm(String argument, String rules, String report) throws Failure {
    return loadIntoThisJvm(argument, rules, report, true);
  }

  /**
   * {@link #loadIntoThisJvm(String, String, String)}; {@code json} false: the reports' JSON lines do not go to
   * stderr (a harness run puts the counters into its own JSON).
   */
  public static String loadIntoThisJvm(String argument, String rules, String report, boolean json)
      throws Failure {
    List<String> sets;
    try {
      sets = AgentOptions.parseSets(rules);
    } catch (IllegalArgumentException e) {
      throw new Failure(argument, e.getMessage().replaceFirst("^rules: ", ""), 2);
    }
    Path jar = defaultAgentJar().orElseThrow(() -> new Failure(argument, "cannot find "
        + "harness-instrumentation.jar (set -D" + AGENT_JAR_PROPERTY + ")", 2));
    AgentJars.check(jar);
    if (!Boolean.getBoolean("jdk.attach.allowAttachSelf")) {
      throw new Failure(argument, "loading the agent into this JVM needs -Djdk.attach.allowAttachSelf=true "
          + "when it starts", 2);
    }
    String reportFile = report == null ? null : Path.of(report).toAbsolutePath().toString();
    AgentOptions options = new AgentOptions(sets, reportFile, false, json);
    long self = ProcessHandle.current().pid();
    try {
      closeOneFileFirst(jar);
      VirtualMachine vm = VirtualMachine.attach(String.valueOf(self));
      try {
        vm.loadAgent(jar.toAbsolutePath().toString(), options.toAgentArgs());
      } finally {
        vm.detach();
      }
    } catch (AttachNotSupportedException | AgentLoadException | AgentInitializationException | IOException e) {
      throw new Failure(argument, "cannot load the agent into this JVM: " + Agent.oneLine(e), 1);
    }
    return "harness-instrumentation: timing " + String.join(",", sets) + " in this JVM";
  }

  /**
   * Loads the classes a {@link RandomAccessFile} needs to close, before the agent comes. The JDK's cleaner
   * thread closes unreachable jar files while it holds ZipFile's lock on the table of open files; the first
   * such close in a JVM loads a class, which goes through Byteman's transformer, which waits for the lock
   * on Byteman's script repository. Byteman holds that lock while it installs its rules, and then opens a
   * jar file: each waits for the other, and the load never ends (seen as a run that hung at start with
   * {@code --instrument}).
   */
  private static void closeOneFileFirst(Path jar) throws IOException {
    new RandomAccessFile(jar.toFile(), "r").close();
  }

  private static long parsePid(String pid) throws Failure {
    long id;
    try {
      id = Long.parseLong(pid.trim());
    } catch (NumberFormatException e) {
      throw new Failure("PID", "not a process id: '" + pid + "'", 2);
    }
    if (id <= 0) {
      throw new Failure("PID", "not a process id: '" + pid + "'", 2);
    }
    return id;
  }

  /** The process exists, is not this one, and (where /proc tells) runs a Java VM. */
  private static void checkProcess(long id) throws Failure {
    if (ProcessHandle.of(id).isEmpty()) {
      throw new Failure("PID", "no process with pid " + id, 2);
    }
    if (id == ProcessHandle.current().pid()) {
      throw new Failure("PID", id + " is this process", 2);
    }
    Path maps = Path.of("/proc", String.valueOf(id), "maps");
    if (!Files.isDirectory(Path.of("/proc", "self"))) {
      return; // no procfs: the Attach API alone decides
    }
    String text;
    try {
      text = Files.readString(maps, java.nio.charset.StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      if (ProcessHandle.of(id).isEmpty()) {
        throw new Failure("PID", "no process with pid " + id, 2);
      }
      throw new Failure("PID", "cannot inspect process " + id + " (another user's?): "
          + Agent.oneLine(e), 2);
    }
    if (!text.contains("/libjvm.so")) {
      throw new Failure("PID", "process " + id + " is not a Java VM", 2);
    }
  }

  /**
   * The agent jar: the {@value #AGENT_JAR_PROPERTY} system property, else the jar this class was loaded
   * from when it is the agent jar (the distribution's lib/ holds it).
   */
  public static Optional<Path> defaultAgentJar() {
    return AgentJars.find();
  }
}
