package io.harness.containers.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.containers.ClusterImage;
import io.harness.containers.OzoneContainers;
import io.harness.containers.YarnContainers;
import io.harness.testkit.Rounds;
import io.harness.testkit.Runs;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A benchmark, not a test: {@code freon dfsg} on an Ozone of containers (SCM, OM, 3 datanodes) with a YARN of
 * containers next to it (ResourceManager, JobHistoryServer, 3 NodeManagers), from a client JVM of its own as
 * {@code hadoop jar harness.jar} runs (the cluster's client configuration, Hadoop's client class path and Ozone's
 * file system jar, as {@code HADOOP_CLASSPATH} adds it): the local engine (the threads in the client JVM), then
 * {@code --engine mapreduce --clients 1, 2, 3} (each client a map with the same threads), then 3 clients whose
 * barrier does not wait ({@code --barrier-timeout 1ms --count-late}). Prints files/s of each, and for the clients'
 * runs how far apart the clients were ready (the maps' JVMs up) and how far apart their first tasks started.
 *
 * Every other round runs them in the opposite order; the median files/s of each with the rounds' range comes last,
 * with its ratio to the first case's ("within noise" where the rounds' spread exceeds the gap: {@link Rounds}).
 *
 * <p>Arguments: JOB_JAR CLIENT_CLASSPATH_FILE OZONE_FS_JAR [files sizeKB threads rounds] (default 300 64 4 1).
 */
public final class DfsgClientsYarnBench {
  private static final Pattern FILES_PER_SECOND = Pattern.compile("Files/second:?\\s*([0-9.]+)");

  private DfsgClientsYarnBench() {}

  public static void main(String[] args) throws Exception {
    Path jobJar = Path.of(args[0]).toAbsolutePath();
    List<String> jars = new ArrayList<>(List.of(args[2]));
    jars.addAll(List.of(Files.readString(Path.of(args[1])).trim().split(File.pathSeparator)));
    int files = args.length > 3 ? Integer.parseInt(args[3]) : 300;
    int sizeKb = args.length > 4 ? Integer.parseInt(args[4]) : 64;
    int threads = args.length > 5 ? Integer.parseInt(args[5]) : 4;
    int rounds = args.length > 6 ? Integer.parseInt(args[6]) : 1;
    Path work = Files.createTempDirectory("harness-bench-dfsg-yarn-");
    int code = 1;
    ClusterImage image = ClusterImage.project();
    try (OzoneContainers ozone = OzoneContainers.start(work.resolve("ozone"), 3, image, Map.of(),
            Duration.ofMinutes(5));
        // the jobs' staging directory (and the history's, under it) in the ready bucket: ofs's /tmp is a volume
        // of its own that no one created
        YarnContainers yarn = YarnContainers.start(work.resolve("yarn"), ozone, 3, image,
            Map.of("yarn.app.mapreduce.am.staging-dir", ozone.rootPrefix() + "/yarn-staging"),
            Duration.ofMinutes(5))) {
      System.out.printf(Locale.ROOT, "dfsg on Ozone (3 datanodes) + YARN (3 NodeManagers) in containers, started in"
          + " %.1f s + %.1f s: %d files x %d KB, %d threads per client, %d round(s)%n", ozone.startSeconds(),
          yarn.startSeconds(), files, sizeKb, threads, rounds);
      Path runs = work.resolve("runs");
      List<String> common = List.of("freon", "dfsg", "-n", "" + files, "-s", sizeKb + "KB", "-t", "" + threads,
          "--path", ozone.rootPrefix() + "/dfsg", "--run-dir", runs.toString());
      Map<String, List<String>> cases = new LinkedHashMap<>();
      cases.put("local engine", List.of("--engine", "local"));
      for (int c = 1; c <= 3; c++) {
        cases.put("--clients " + c, List.of("--engine", "mapreduce", "--clients", "" + c));
      }
      cases.put("--clients 3, no wait", List.of("--engine", "mapreduce", "--clients", "3", "--barrier-timeout", "1ms",
          "--count-late"));
      List<String> table = new ArrayList<>();
      table.add(String.format(Locale.ROOT, "%-5s %-22s %8s %9s %6s %6s %11s %13s", "round", "run", "files/s",
          "client s", "late", "nodes", "ready ms", "1st task ms"));
      Map<String, List<Double>> perCase = new LinkedHashMap<>();
      List<String> names = new ArrayList<>(cases.keySet());
      for (int r = 1; r <= rounds; r++) {
        // every other round in the opposite order: the first jobs on a fresh cluster are not always the same
        List<String> order = new ArrayList<>(names);
        if (r % 2 == 0) {
          java.util.Collections.reverse(order);
        }
        for (String name : order) {
          List<String> cmd = new ArrayList<>(List.of("org.apache.hadoop.util.RunJar", jobJar.toString()));
          cmd.addAll(common);
          cmd.addAll(cases.get(name));
          cmd.add("-p");
          cmd.add(name.replaceAll("[^a-z0-9]", "") + "-" + r);
          long t0 = System.nanoTime();
          String out = client(yarn.clientConfDir(), jars, work, cmd);
          double seconds = (System.nanoTime() - t0) / 1e9;
          JsonNode j = Runs.latestResult(runs);
          Matcher m = FILES_PER_SECOND.matcher(out);
          double fps = m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
          perCase.computeIfAbsent(name, k -> new ArrayList<>()).add(fps);
          JsonNode clients = j.path("clients");
          String row = clients.isMissingNode()
              ? String.format(Locale.ROOT, "%-5d %-22s %8.1f %9.1f %6s %6s %11s %13s", r, name, fps, seconds, "-",
                  "-", "-", "-")
              : String.format(Locale.ROOT, "%-5d %-22s %8.1f %9.1f %6d %6d %11.0f %13.0f", r, name, fps, seconds,
                  clients.path("late").asInt(), distinct(clients.path("nodes")),
                  spreadMillis(clients.path("readyEpochNanos")), firstTaskSpreadMillis(j));
          System.out.println(row);
          table.add(row);
        }
      }
      System.out.println();
      System.out.println("ready ms: the clients' ready times at the barrier, last less first; 1st task ms: the"
          + " clients' first task starts, last less first");
      table.forEach(System.out::println);
      Rounds first = Rounds.of(perCase.get(names.get(0)));
      for (Map.Entry<String, List<Double>> e : perCase.entrySet()) {
        Rounds r = Rounds.of(e.getValue());
        System.out.printf(Locale.ROOT, "median files/s (min - max) %-22s %s%s%n", e.getKey(), r.format("%.1f"),
            e.getKey().equals(names.get(0)) ? ""
                : "   " + r.ratioTo(first, "to " + names.get(0), "%.1f files/s"));
      }
      code = 0;
    } finally {
      io.harness.core.base.LocalDirs.deleteOwnTempDir(work);
      System.exit(code);
    }
  }

  /** How many different values the object has (the NodeManagers of the clients). */
  private static int distinct(JsonNode object) {
    java.util.Set<String> s = new java.util.HashSet<>();
    object.forEach(v -> s.add(v.asText()));
    return s.size();
  }

  /** The object's largest value less its smallest, nanoseconds to ms. */
  private static double spreadMillis(JsonNode object) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (JsonNode v : object) {
      min = Math.min(min, v.asLong());
      max = Math.max(max, v.asLong());
    }
    return min == Long.MAX_VALUE ? Double.NaN : (max - min) / 1e6;
  }

  /** Each client's first task start ({@code client-C/thread-T}), the last of them less the first, in ms. */
  private static double firstTaskSpreadMillis(JsonNode result) {
    Map<String, Long> first = new LinkedHashMap<>();
    for (JsonNode t : result.path("tasks")) {
      String client = t.path("name").asText().split("/")[0];
      first.merge(client, t.path("startEpochNanos").asLong(), Math::min);
    }
    long min = first.values().stream().mapToLong(Long::longValue).min().orElse(0);
    long max = first.values().stream().mapToLong(Long::longValue).max().orElse(0);
    return (max - min) / 1e6;
  }

  /** A Hadoop client JVM on the configuration directory and {@code jars}: its output; it must exit 0. */
  private static String client(Path confDir, List<String> jars, Path work, List<String> mainAndArgs)
      throws Exception {
    List<String> cp = new ArrayList<>(List.of(confDir.toString()));
    cp.addAll(jars);
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m", "-cp", String.join(File.pathSeparator, cp)));
    cmd.addAll(mainAndArgs);
    Path log = Files.createTempFile(work, "client-", ".log");
    int exit = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
    String out = Files.readString(log, StandardCharsets.UTF_8);
    if (exit != 0) {
      throw new IllegalStateException(String.join(" ", mainAndArgs.subList(2, mainAndArgs.size())) + " exited "
          + exit + ":\n" + out);
    }
    return out;
  }
}
