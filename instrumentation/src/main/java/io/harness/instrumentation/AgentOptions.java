package io.harness.instrumentation;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The agent's options: {@code -javaagent:harness-instrumentation.jar[=OPTIONS]} and what
 * {@code harness attach} passes on. OPTIONS is a comma-separated list:
 *
 * <ul>
 *   <li>{@code rules=SET[,SET...]}: the rule sets, {@code write}, {@code read}, {@code ozone},
 *       {@code datanode} (the Ozone datanode's and its Ratis server's side) or {@code all} (default
 *       {@code write,ozone}); a word without {@code =} after {@code rules=} is one
 *       more set, so {@code rules=write,read,ozone} names three</li>
 *   <li>{@code report=FILE}: also append each report's JSON line to FILE ({@code %p} becomes the pid)</li>
 *   <li>{@code json=off}: no JSON line on stderr after each text report (the report file, if any, still gets
 *       them); {@code json=on} is the default. The harness's own runs use it: their counters go into the run's
 *       JSON</li>
 *   <li>{@code verbose}: Byteman's own trace on stderr</li>
 *   <li>{@code standby}: at JVM start ({@code -javaagent}), only take the JVM's class-retransformation
 *       capability, for a later load of the agent into this JVM ({@code --instrument} of {@code bin/harness}): no
 *       rule, no report. A JVM that gets that capability only when an agent attaches later throws away all of
 *       its compiled code at the agent's first class retransformation (the JIT has not recorded which compiled
 *       methods depend on which classes); with it from the start only the dependent methods are recompiled</li>
 * </ul>
 */
public final class AgentOptions {
  /** The rule sets, in report order. */
  public static final List<String> SETS = List.of("write", "read", "ozone", "datanode");
  public static final List<String> DEFAULT_SETS = List.of("write", "ozone");
  static final String ALL = "all";

  private final List<String> sets;
  private final String report;
  private final boolean verbose;
  private final boolean json;
  private final boolean standby;

  public AgentOptions(List<String> sets, String report, boolean verbose) {
    this(sets, report, verbose, true);
  }

  /** {@code json}: each report's JSON line on stderr too (the default). */
  public AgentOptions(List<String> sets, String report, boolean verbose, boolean json) {
    this(sets, report, verbose, json, false);
  }

  private AgentOptions(List<String> sets, String report, boolean verbose, boolean json, boolean standby) {
    this.sets = List.copyOf(sets);
    this.report = report;
    this.verbose = verbose;
    this.json = json;
    this.standby = standby;
  }

  /** Parses the agent's option string (null or empty: the defaults). */
  public static AgentOptions parse(String args) {
    List<String> sets = null;
    String report = null;
    boolean verbose = false;
    boolean json = true;
    boolean standby = false;
    if (args != null && !args.isBlank()) {
      String key = null;
      for (String token : args.split(",", -1)) {
        String t = token.trim();
        int eq = t.indexOf('=');
        if (eq < 0) {
          if ("verbose".equals(t)) {
            verbose = true;
            key = null;
          } else if ("standby".equals(t)) {
            standby = true;
            key = null;
          } else if ("rules".equals(key)) {
            sets.add(t);
          } else {
            throw new IllegalArgumentException(unknownOption(t));
          }
          continue;
        }
        key = t.substring(0, eq).trim();
        String value = t.substring(eq + 1).trim();
        switch (key) {
          case "rules" -> {
            sets = new ArrayList<>();
            sets.add(value);
          }
          case "report" -> {
            if (value.isEmpty()) {
              throw new IllegalArgumentException("report: no file given (report=FILE)");
            }
            report = value;
          }
          case "verbose" -> verbose = Boolean.parseBoolean(value);
          case "json" -> {
            if (!value.equals("on") && !value.equals("off")) {
              throw new IllegalArgumentException("json: on or off, not '" + value + "'");
            }
            json = value.equals("on");
          }
          default -> throw new IllegalArgumentException(unknownOption(key));
        }
      }
    }
    return new AgentOptions(sets == null ? DEFAULT_SETS : checkSets(sets), report, verbose, json, standby);
  }

  /** Parses a comma-separated list of rule sets ({@code write,read,ozone,datanode}, {@code all}). */
  public static List<String> parseSets(String csv) {
    if (csv == null) {
      return DEFAULT_SETS;
    }
    List<String> sets = new ArrayList<>();
    for (String s : csv.split(",", -1)) {
      sets.add(s.trim());
    }
    return checkSets(sets);
  }

  private static List<String> checkSets(List<String> given) {
    Set<String> chosen = new LinkedHashSet<>();
    for (String s : given) {
      String set = s.toLowerCase(Locale.ROOT);
      if (set.isEmpty()) {
        throw new IllegalArgumentException("rules: empty rule set name (valid: " + validSets() + ")");
      }
      if (ALL.equals(set)) {
        chosen.addAll(SETS);
      } else if (SETS.contains(set)) {
        chosen.add(set);
      } else {
        throw new IllegalArgumentException("rules: unknown rule set '" + s + "' (valid: " + validSets() + ")");
      }
    }
    // report order, whatever order they were named in
    List<String> ordered = new ArrayList<>();
    for (String set : SETS) {
      if (chosen.contains(set)) {
        ordered.add(set);
      }
    }
    return ordered;
  }

  private static String validSets() {
    return String.join(", ", SETS) + ", " + ALL;
  }

  private static String unknownOption(String name) {
    return "unknown agent option '" + name + "' (valid: rules=SET[,SET...], report=FILE, json=on|off, verbose, standby)";
  }

  public List<String> sets() {
    return sets;
  }

  public String report() {
    return report;
  }

  public boolean verbose() {
    return verbose;
  }

  /** Whether the agent only holds the JVM's retransformation capability (see the class comment). */
  public boolean standby() {
    return standby;
  }

  /** Whether each report's JSON line goes to stderr too. */
  public boolean json() {
    return json;
  }

  /**
   * The Byteman rule scripts the sets need (resources under io/harness/instrumentation/rules), in install order:
   * only the sets read and datanode are rules; the FileSystem calls, the write set and the ozone set are calls the
   * agent injects itself ({@code boot.Hooks}), so with the default sets Byteman's engine is not started at all.
   */
  public List<String> scripts() {
    Set<String> scripts = new LinkedHashSet<>();
    if (sets.contains("read")) {
      scripts.add("input");
    }
    if (sets.contains("datanode")) {
      scripts.add("datanode");
    }
    return List.copyOf(scripts);
  }

  /** The option string that gives these options back. */
  public String toAgentArgs() {
    StringBuilder b = new StringBuilder("rules=").append(String.join(",", sets));
    if (report != null) {
      b.append(",report=").append(report);
    }
    if (!json) {
      b.append(",json=off");
    }
    if (verbose) {
      b.append(",verbose");
    }
    return b.toString();
  }

  @Override
  public String toString() {
    return toAgentArgs();
  }
}
