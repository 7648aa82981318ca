package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.freon.embedded.MiniOzoneProvider;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps the docs from rotting: every harness command line in a fenced code block of README.md and docs/*.md.
 *
 * <ul>
 *   <li>In a shell block ({@code ```bash}), a line starting with {@code harness}, {@code ./harness} or
 *       {@code bin/harness} is run, in this JVM through the real entry point ({@code bin/harness} as a process for
 *       {@code spark}, which runs on its own class path), and must exit 0. A line ending in
 *       {@code # not run by DocsCommandsIT: REASON} is not run; its options are still checked.</li>
 *   <li>In any other block such a line is a synopsis: every option it names must be an option of that command
 *       (from its {@code --help}) or one of Hadoop's generic options.</li>
 * </ul>
 *
 * What a run line gets changed, and nothing else (docs/testing.md says the same): sizes are divided by 1024 and
 * capped at 1 MB, counts capped (-nrFiles 2, freon dfsg -n 20, the offline generators' -n 2, teragen rows and
 * --expect-rows 10000, -m 4, --records 100, --iteration 2, io500's --mdtest-easy-n, --mdtest-hard-n and
 * --ior-hard-segments 200), --duration capped at 2 s, --warmup and --stonewall at 1 s, loops
 * ({@code for ...; do}) run their body once; the placeholder hosts {@code hdfs://nn:8020} and
 * {@code ofs://om-host/} name a shared embedded cluster of their kind (3 datanodes), and {@code --embedded KIND[:N]}
 * gets the shared cluster of that kind and size instead of a new one; local outputs ({@code --run-dir},
 * {@code -resFile}, {@code --json}, {@code --csv}, {@code -o}, run folders) and, on the local file system, roots
 * go under a temporary folder, and a {@code --run-dir} / {@code -resFile} is added where the line has none;
 * {@code $CHECKSUM} is what the last teragen printed; {@code <run>} in a path is the newest run folder there; the
 * offline generators' lines run last, on the shared Ozone cluster stopped with its data kept, with the SCM's (for
 * cgscm, cgom) or datanode I's (cgdn --index I) site file as $OZONE_CONF_DIR.
 */
class DocsCommandsIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern HARNESS = Pattern.compile("^(\\./harness|harness|bin/harness|\\$HARNESS_HOME/bin/harness)\\s+(.*)$");
  private static final Pattern NOT_RUN = Pattern.compile("not run by DocsCommandsIT:\\s*(.+)");
  private static final Set<String> SHELL = Set.of("bash", "sh", "shell", "console");
  private static final Set<String> GENERIC = Set.of("-d", "-conf", "-fs", "-jt", "-files", "-libjars", "-archives");
  private static final Set<String> TWO_LEVEL = Set.of("freon", "spark");
  private static final Set<String> OFFLINE = Set.of("cgscm", "cgom", "cgdn");

  /** A harness line of a doc. */
  record DocLine(String file, int line, String text, boolean shell, String notRun) {
    String where() {
      return file + ":" + line;
    }
  }

  /** What {@code --help} says of a command: its option names (lower case) and which take a value. */
  record Options(Set<String> names, Set<String> valued) {}

  private final Map<String, Options> help = new HashMap<>();
  private final List<String> failures = new ArrayList<>();
  private String lastChecksum;
  private final Map<String, String> checksums = new HashMap<>();
  private Path work;
  private int counter;

  private static final List<Process> BACKGROUND = new ArrayList<>();

  @AfterAll
  static void stopClusters() {
    BACKGROUND.forEach(Process::destroyForcibly);
    DocsClusters.closeAll();
  }

  private static boolean background(DocLine l) {
    String t = l.text();
    int hash = commentStart(t);
    return (hash >= 0 ? t.substring(0, hash) : t).strip().endsWith("&");
  }

  /**
   * {@code harness ... &}: bin/harness as a process in the background (the docs' {@code harness cluster}); the next
   * lines start once the file its {@code --write-config} names is there.
   */
  private void startBackground(DocLine l, List<String> args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Cli.home().resolve("bin/harness").toString());
    cmd.addAll(args);
    Path log = work.resolve("background-" + (++counter) + ".log");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().remove("OZONE_CONF_DIR");
    io.harness.testkit.TestJvm.quick(pb.environment());
    Process p = pb.start();
    BACKGROUND.add(p);
    System.out.println("DocsCommandsIT: " + l.where() + ": started in the background: harness " + String.join(" ", args));
    String config = valueOf(args, "--write-config", null);
    long until = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(3);
    while (config != null && !Files.exists(Path.of(config)) && p.isAlive() && System.nanoTime() < until) {
      Thread.sleep(200);
    }
    if (!p.isAlive() || config != null && !Files.exists(Path.of(config))) {
      failures.add(l.where() + ": the background command " + (p.isAlive() ? "wrote no " + config : "exited "
          + p.exitValue()) + ": " + l.text() + "\n    output: " + Files.readString(log).strip());
    }
  }

  /** {@code kill %N}: SIGTERM to the N-th background command; it must stop as a signalled command does (143). */
  private void stopBackground(DocLine l) throws Exception {
    int n = Integer.parseInt(l.text().replaceAll("^kill %(\\d+).*", "$1"));
    if (n > BACKGROUND.size()) {
      failures.add(l.where() + ": no background command %" + n + ": " + l.text());
      return;
    }
    Process p = BACKGROUND.get(n - 1);
    p.destroy();
    if (!p.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)) {
      failures.add(l.where() + ": the background command did not stop within 2 minutes of SIGTERM");
      p.destroyForcibly();
      return;
    }
    System.out.println("DocsCommandsIT: " + l.where() + ": the background command exited " + p.exitValue());
    if (p.exitValue() != 143) {
      failures.add(l.where() + ": the background command exited " + p.exitValue() + " on SIGTERM, not 143");
    }
  }

  @Test
  void everyCommandLineOfTheDocsRuns(@TempDir Path tmp) throws Exception {
    work = tmp;
    List<DocLine> lines = docLines();
    assertTrue(lines.stream().anyMatch(l -> l.shell() && l.notRun() == null), "no runnable lines found");
    List<DocLine> offline = new ArrayList<>();
    int ran = 0;
    List<String> notRun = new ArrayList<>();
    for (DocLine l : lines) {
      if (l.text().startsWith("kill ")) {
        stopBackground(l);
        continue;
      }
      List<String> words = words(l);
      List<String> path = commandPath(words);
      Options opts = options(path);
      if (opts == null) {
        failures.add(l.where() + ": 'harness " + String.join(" ", path) + "' is not a command: " + l.text());
        continue;
      }
      checkOptions(l, words.subList(path.size(), words.size()), opts, path, !l.shell());
      if (!l.shell()) {
        continue;
      }
      if (l.notRun() != null) {
        notRun.add(l.where() + ": " + l.text());
        continue;
      }
      if (path.size() == 2 && path.get(0).equals("freon") && OFFLINE.contains(path.get(1))) {
        offline.add(l);
        continue;
      }
      run(l, words, path, opts, Map.of());
      ran++;
    }
    if (!offline.isEmpty()) {
      Map<String, Path> confDirs = stopOzoneKeepingData();
      for (DocLine l : offline) {
        List<String> words = words(l);
        List<String> path = commandPath(words);
        String which = path.get(1).equals("cgdn") ? "dn" + valueOf(words, "--index", "0") : "scm";
        run(l, words, path, options(path), Map.of("OZONE_CONF_DIR", confDirs.get(which).toString()));
        ran++;
      }
    }
    System.out.println("DocsCommandsIT: ran " + ran + " doc command line(s); not run (marked in the docs): "
        + notRun.size());
    notRun.forEach(s -> System.out.println("  not run: " + s));
    if (!failures.isEmpty()) {
      fail(failures.size() + " doc line(s) failed:\n" + String.join("\n", failures));
    }
  }

  // ---------------------------------------------------------------------------------------------- the docs

  static List<DocLine> docLines() throws IOException {
    List<Path> files = new ArrayList<>();
    files.add(ROOT.resolve("README.md"));
    try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    List<DocLine> out = new ArrayList<>();
    for (Path f : files) {
      List<String> text = Files.readAllLines(f);
      String name = ROOT.relativize(f).toString();
      boolean in = false;
      String lang = "";
      DocLine synopsis = null;
      for (int i = 0; i < text.size(); i++) {
        String raw = text.get(i);
        String t = raw.strip();
        if (t.startsWith("```")) {
          in = !in;
          lang = in ? t.substring(3).strip().toLowerCase(Locale.ROOT) : "";
          synopsis = null;
          continue;
        }
        if (!in) {
          continue;
        }
        boolean shell = SHELL.contains(lang);
        int first = i;
        while (shell && t.endsWith("\\") && i + 1 < text.size()) {
          t = t.substring(0, t.length() - 1) + " " + text.get(++i).strip();
        }
        if (shell && t.matches("^for .*;\\s*do$|^done$")) {
          continue;
        }
        if (shell && t.matches("^kill %\\d+.*")) {
          out.add(new DocLine(name, first + 1, t, true, null));
          continue;
        }
        if (HARNESS.matcher(t).matches()) {
          String notRun = null;
          int hash = commentStart(t);
          if (hash >= 0) {
            Matcher m = NOT_RUN.matcher(t.substring(hash));
            notRun = m.find() ? m.group(1).strip() : null;
          }
          DocLine l = new DocLine(name, first + 1, t, shell, notRun);
          out.add(l);
          synopsis = shell ? null : l;
        } else if (!shell && synopsis != null && !t.isEmpty() && Character.isWhitespace(raw.charAt(0))) {
          // a synopsis that goes on over several lines
          DocLine s = new DocLine(synopsis.file(), synopsis.line(), synopsis.text() + " " + t, false, null);
          out.set(out.size() - 1, s);
          synopsis = s;
        } else {
          synopsis = null;
        }
      }
    }
    return out;
  }

  /** Where a shell comment starts ({@code #} after a blank, outside quotes), or -1. */
  private static int commentStart(String s) {
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '#' && (i == 0 || Character.isWhitespace(s.charAt(i - 1)))) {
        return i;
      }
    }
    return -1;
  }

  /** The line's words after the harness launcher, as a shell splits them (quotes removed, no expansion). */
  static List<String> words(DocLine l) {
    String t = l.text();
    int hash = l.shell() ? commentStart(t) : -1;
    if (hash >= 0) {
      t = t.substring(0, hash);
    }
    Matcher m = HARNESS.matcher(t.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(t);
    }
    String rest = m.group(2).strip();
    if (rest.endsWith("&")) {
      rest = rest.substring(0, rest.length() - 1);
    }
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean any = false;
    char quote = 0;
    for (char c : rest.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          w.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        any = true;
      } else if (Character.isWhitespace(c)) {
        if (any || w.length() > 0) {
          out.add(w.toString());
        }
        w.setLength(0);
        any = false;
      } else {
        w.append(c);
      }
    }
    if (any || w.length() > 0) {
      out.add(w.toString());
    }
    return out;
  }

  /** The command's path: {@code dfsio}, {@code dfsio analyze}, {@code freon dfsg}, {@code spark copy} ... */
  private static List<String> commandPath(List<String> words) {
    List<String> path = new ArrayList<>();
    if (words.isEmpty()) {
      return path;
    }
    path.add(words.get(0).toLowerCase(Locale.ROOT));
    if (words.size() > 1 && (TWO_LEVEL.contains(path.get(0))
        || path.get(0).equals("dfsio") && words.get(1).equalsIgnoreCase("analyze"))) {
      path.add(words.get(1).toLowerCase(Locale.ROOT));
    }
    return path;
  }

  // ------------------------------------------------------------------------------------------- the options

  private Options options(List<String> path) throws Exception {
    String key = String.join(" ", path);
    if (help.containsKey(key)) {
      return help.get(key);
    }
    List<String> args = new ArrayList<>(path);
    args.add("--help");
    Run r = path.get(0).equals("spark")
        ? Cli.process(work, 120, args.toArray(new String[0]))
        : Cli.run(args.toArray(new String[0]));
    Options o = null;
    if (r.code() == 0 && r.out().startsWith("Usage: harness " + key)) {
      o = parseHelp(r.out());
    }
    help.put(key, o);
    return o;
  }

  private static final Pattern OPTION_LINE =
      Pattern.compile("^\\s+((?:--?[\\w\\[\\]-]+, )*--?[\\w\\[\\]-]+)(=\\S+|\\[=\\S+\\])?(?:\\s|$)");

  static Options parseHelp(String text) {
    Set<String> names = new java.util.HashSet<>();
    Set<String> valued = new java.util.HashSet<>();
    for (String line : text.split("\n")) {
      Matcher m = OPTION_LINE.matcher(line);
      if (!m.find()) {
        continue;
      }
      boolean takesValue = m.group(2) != null && !m.group(2).startsWith("[");
      for (String n : m.group(1).split(", ")) {
        for (String name : expandNo(n)) {
          names.add(name);
          if (takesValue) {
            valued.add(name);
          }
        }
      }
    }
    return new Options(names, valued);
  }

  private static List<String> expandNo(String n) {
    String l = n.toLowerCase(Locale.ROOT);
    if (l.startsWith("--[no-]")) {
      return List.of("--" + l.substring(7), "--no-" + l.substring(7));
    }
    return List.of(l);
  }

  private static final Pattern SYNOPSIS_OPTION = Pattern.compile("(?<![\\w<>-])(--\\[no-\\][\\w-]+|--?[A-Za-z][\\w-]*)");

  private void checkOptions(DocLine l, List<String> args, Options opts, List<String> path, boolean synopsis) {
    List<String> named = new ArrayList<>();
    if (synopsis) {
      Matcher m = SYNOPSIS_OPTION.matcher(String.join(" ", args));
      while (m.find()) {
        named.addAll(expandNo(m.group(1)));
      }
    } else {
      for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        if (!a.startsWith("-") || a.matches("-\\d.*")) {
          continue;
        }
        String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
        named.add(name);
        String lower = name.toLowerCase(Locale.ROOT);
        if (!a.contains("=") && (GENERIC.contains(lower) || opts.valued().contains(lower))) {
          i++;
        }
      }
    }
    for (String n : named) {
      String lower = n.toLowerCase(Locale.ROOT);
      // Hadoop's generic options, -Dkey=value among them, and the command's own
      if (GENERIC.contains(lower) || n.startsWith("-D") && n.length() > 2 || opts.names().contains(lower)) {
        continue;
      }
      failures.add(l.where() + ": " + n + " is not an option of 'harness " + String.join(" ", path) + "' (see its "
          + "--help): " + l.text());
    }
  }

  private static String valueOf(List<String> words, String option, String otherwise) {
    for (int i = 0; i < words.size() - 1; i++) {
      if (words.get(i).equalsIgnoreCase(option)) {
        return words.get(i + 1);
      }
    }
    return otherwise;
  }

  // --------------------------------------------------------------------------------------------- running

  private void run(DocLine l, List<String> words, List<String> path, Options opts, Map<String, String> env)
      throws Exception {
    List<String> args;
    String dir = firstPath(words, path);
    // $CHECKSUM: what the teragen that wrote this directory printed
    lastChecksum = checksums.get(dir);
    try {
      args = rewrite(words, path, opts);
    } catch (RuntimeException e) {
      failures.add(l.where() + ": cannot prepare the line (" + e.getMessage() + "): " + l.text());
      return;
    }
    if (background(l)) {
      startBackground(l, args);
      return;
    }
    Run r;
    if (path.get(0).equals("spark")) {
      r = Cli.process(work, 600, env, args.toArray(new String[0]));
    } else {
      Thread t = Thread.currentThread();
      ClassLoader before = t.getContextClassLoader();
      t.setContextClassLoader(DocsClusters.loader(work));
      try {
        r = Cli.run(env, args.toArray(new String[0]));
      } finally {
        t.setContextClassLoader(before);
      }
    }
    System.out.println("DocsCommandsIT: " + l.where() + ": exit " + r.code() + ": harness " + String.join(" ", args));
    if (r.code() != 0) {
      String why = r.code() == 2 ? "exit 2, bad input: the docs show a wrong command line" : "exit " + r.code();
      failures.add(l.where() + ": " + why + ": " + l.text() + "\n    ran: harness " + String.join(" ", args)
          + "\n    stderr: " + r.err().strip().replace("\n", "\n            "));
      return;
    }
    if (path.equals(List.of("teragen"))) {
      checksums.put(dir, Runs.latestResult(Path.of(valueOf(args, "--run-dir", null))).path("figures")
          .path("checksum").asText());
    }
  }

  /** The first path the line names after its command (not an option's value): teragen's OUT_DIR, teravalidate's DIR. */
  private static String firstPath(List<String> words, List<String> path) {
    for (int i = path.size(); i < words.size(); i++) {
      String w = words.get(i);
      if (w.startsWith("-")) {
        if (!w.contains("=") && GENERIC.contains(w.toLowerCase(Locale.ROOT))) {
          i++;
        }
        continue;
      }
      if (w.startsWith("/") || w.contains("://")) {
        return w;
      }
    }
    return null;
  }

  private static final Set<String> LOCAL_OUTPUTS =
      Set.of("--run-dir", "--csv", "-o", "--output", "--json", "-resfile", "--write-config", "--data");
  private static final Set<String> LOCAL_ROOTS = Set.of("--root", "--path", "-r", "--rpath");
  private static final Set<String> SAVED_RUN_COMMANDS = Set.of("analyze", "report", "compare", "experiment");

  List<String> rewrite(List<String> words, List<String> path, Options opts) throws IOException {
    String cmd = String.join(" ", path);
    String line = String.join(" ", words);
    boolean onCluster = line.contains("--embedded") || line.contains("hdfs://nn:8020")
        || line.contains("ofs://om-host") || words.contains("-conf")
        || words.contains("-fs") && !valueOf(words, "-fs", "").startsWith("file:");
    List<String> out = new ArrayList<>(path);
    int positional = 0;
    for (int i = path.size(); i < words.size(); i++) {
      String a = words.get(i);
      a = a.replace("$CHECKSUM", lastChecksum == null ? "$CHECKSUM" : lastChecksum);
      a = hosts(a);
      if (a.startsWith("-") && !a.matches("-\\d.*")) {
        String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
        String lower = name.toLowerCase(Locale.ROOT);
        boolean valued = GENERIC.contains(lower) || opts.valued().contains(lower);
        if (!valued || i + 1 >= words.size() && !a.contains("=")) {
          out.add(a);
          continue;
        }
        String value = a.contains("=") ? a.substring(a.indexOf('=') + 1) : words.get(++i);
        value = hosts(value.replace("$CHECKSUM", lastChecksum == null ? "$CHECKSUM" : lastChecksum));
        out.add(name);
        out.add(option(cmd, lower, value, onCluster));
        continue;
      }
      out.add(positional(cmd, positional++, a, onCluster));
    }
    if (opts.names().contains("--run-dir") && !has(out, "--run-dir")) {
      out.add("--run-dir");
      out.add(work.resolve("harness-runs").toString());
    }
    if (cmd.equals("dfsio") && !has(out, "-resfile")) {
      out.add("-resFile");
      out.add(work.resolve("TestDFSIO_results.log").toString());
    }
    if (!onCluster && cmd.equals("dfsio") && !has(out, "--root") && !line.contains("test.build.data")) {
      out.add("--root");
      out.add(work.resolve("benchmarks/TestDFSIO").toString());
    }
    if (!onCluster && cmd.equals("freon dfsg") && !has(out, "--path") && !has(out, "-r") && !has(out, "--rpath")) {
      out.add("--path");
      out.add(work.resolve("freon-dfsg").toString());
    }
    return out;
  }

  private static boolean has(List<String> args, String option) {
    return args.stream().anyMatch(a -> a.equalsIgnoreCase(option));
  }

  private String hosts(String a) {
    if (a.contains("hdfs://nn:8020")) {
      a = a.replace("hdfs://nn:8020", stripSlash(DocsClusters.get("hdfs", 3).fileSystemUri().toString()));
    }
    if (a.contains("ofs://om-host")) {
      a = a.replace("ofs://om-host", stripSlash(DocsClusters.get("ozone", 3).fileSystemUri().toString()));
    }
    return a;
  }

  private static String stripSlash(String s) {
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }

  private String option(String cmd, String name, String value, boolean onCluster) throws IOException {
    boolean offline = cmd.startsWith("freon cg");
    switch (name) {
      case "-filesize", "-size", "--record-size", "--key-size", "-s":
        return size(value);
      case "--size":
        return size(value);
      case "-nrfiles":
        return String.valueOf(Math.min(Long.parseLong(value), 2));
      case "-n", "--number-of-tests", "--containers":
        return String.valueOf(Math.min(Long.parseLong(value), offline ? 2 : 20));
      case "-m", "--maps":
        return String.valueOf(Math.min(Long.parseLong(value), 4));
      case "--records":
        return String.valueOf(Math.min(Long.parseLong(value), 100));
      case "--iteration", "--iterations":
        return String.valueOf(Math.min(Long.parseLong(value), 2));
      case "--expect-rows":
        return rows(value);
      case "--duration":
        return "2s";
      case "--warmup", "--stonewall":
        return "1s";
      case "--mdtest-easy-n", "--mdtest-hard-n", "--ior-hard-segments":
        return String.valueOf(Math.min(Long.parseLong(value), 200));
      case "-conf": {
        // a client file an earlier line (harness cluster --write-config) wrote under the test's folder
        Path written = Path.of(local(value));
        return Files.exists(written) ? written.toString() : value;
      }
      case "--group": {
        int eq = value.indexOf('=');
        StringBuilder b = new StringBuilder(value.substring(0, eq + 1));
        String[] patterns = value.substring(eq + 1).split(",");
        for (int j = 0; j < patterns.length; j++) {
          b.append(j == 0 ? "" : ",").append(local(patterns[j]));
        }
        return b.toString();
      }
      default:
        if (LOCAL_OUTPUTS.contains(name)) {
          return local(value);
        }
        if (!onCluster && LOCAL_ROOTS.contains(name)) {
          return local(value);
        }
        return value;
    }
  }

  private String positional(String cmd, int index, String a, boolean onCluster) throws IOException {
    if (cmd.equals("teragen") && index == 0 && a.matches("\\d+[kmbtKMBT]?")) {
      return rows(a);
    }
    if (SAVED_RUN_COMMANDS.contains(cmd)) {
      if (a.startsWith("experiments/")) {
        return ROOT.resolve(a).toString();
      }
      return local(a);
    }
    boolean data = cmd.equals("teragen") || cmd.equals("teravalidate") || cmd.startsWith("spark ")
        || cmd.equals("dfsio analyze");
    if (data && !onCluster && (a.startsWith("/") || a.startsWith("file:"))) {
      return local(a);
    }
    return a;
  }

  /** A local path of the line, under the test's folder; {@code <run>}: the newest run folder there. */
  private String local(String value) throws IOException {
    String v = value.startsWith("file://") ? value.substring("file://".length()) : value;
    Path p = work.resolve(v.startsWith("/") ? v.substring(1) : v);
    if (p.getFileName() != null && p.getFileName().toString().equals("<run>")) {
      p = Runs.latest(p.getParent());
    }
    return (value.startsWith("file://") ? "file://" : "") + p;
  }

  /** A size divided by 1024 and capped at 1 MB (at least 1 KB), in bytes. */
  static String size(String value) {
    Matcher m = Pattern.compile("(?i)(\\d+)\\s*([kmgt]?)b?").matcher(value.strip());
    if (!m.matches()) {
      return value;
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    int shift = switch (unit) {
      case "k" -> 10;
      case "m" -> 20;
      case "g" -> 30;
      case "t" -> 40;
      default -> 0;
    };
    long bytes = n << shift;
    long small = Math.max(Math.min(bytes >> 10, 1L << 20), 1024);
    return small + "B";
  }

  /** Teragen's rows: at most 10,000. */
  static String rows(String value) {
    Matcher m = Pattern.compile("(\\d+)([kmbtKMBT]?)").matcher(value);
    if (!m.matches()) {
      return value;
    }
    long n = Long.parseLong(m.group(1));
    long mult = switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "k" -> 1_000L;
      case "m" -> 1_000_000L;
      case "b" -> 1_000_000_000L;
      case "t" -> 1_000_000_000_000L;
      default -> 1L;
    };
    return String.valueOf(Math.min(n * mult, 10_000));
  }

  // ---------------------------------------------------------------------------- the offline generators

  /** Stops the shared Ozone cluster keeping its data; the site files of its SCM / OM ("scm") and datanodes. */
  private Map<String, Path> stopOzoneKeepingData() throws IOException {
    EmbeddedCluster ozone = DocsClusters.get("ozone", 3);
    MiniOzoneCluster mini = MiniOzoneProvider.miniCluster(ozone);
    Map<String, Path> dirs = new LinkedHashMap<>();
    dirs.put("scm", site(work.resolve("conf-scm"), mini.getConf()));
    for (int i = 0; i < mini.getHddsDatanodes().size(); i++) {
      dirs.put("dn" + i, site(work.resolve("conf-dn" + i), mini.getHddsDatanodes().get(i).getConf()));
    }
    ozone.stopKeepingData();
    return dirs;
  }

  private static Path site(Path dir, Configuration conf) throws IOException {
    Files.createDirectories(dir);
    try (OutputStream o = Files.newOutputStream(dir.resolve("ozone-site.xml"))) {
      conf.writeXml(o);
    }
    return dir;
  }
}
