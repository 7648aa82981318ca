package io.harness.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a JVM with the agent printed: the text reports and JSON lines (stderr), and FsCallsProgram's lines. */
final class Reports {
  static final String HEADER = "Closing file system instance: ";
  static final String JSON_PREFIX = "HARNESS-INSTRUMENTATION ";
  private static final Pattern OPERATION = Pattern.compile(
      "   (\\S+): (\\d+) calls(?: \\((\\d+) failed\\))?, (\\d+) ms in all, p50 ([\\d.]+) ms, p99 ([\\d.]+) ms,"
      + " max ([\\d.]+) ms");
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Text reports by instance id ("unknown" for the unknown bucket), in the order printed:
   * NAME.call, NAME.allTime, NAME.failed (when printed), NAME.p50Ms / p99Ms / maxMs (in ns) of each operation
   * printed, i.e. with calls.
   */
  final Map<String, Map<String, Long>> text = new LinkedHashMap<>();
  /** JSON report lines, parsed, in the order printed. */
  final List<JsonNode> json = new ArrayList<>();
  /** FsCallsProgram's EXPECT and TIMINGS lines, parsed, by instance id. */
  final Map<String, JsonNode> expected = new LinkedHashMap<>();
  /** FsCallsProgram's COST lines (what its write calls cost in agent calls), by instance id. */
  final Map<String, JsonNode> cost = new LinkedHashMap<>();
  final Map<String, JsonNode> timings = new LinkedHashMap<>();

  static Reports parse(String stdout, String stderr) throws IOException {
    Reports r = new Reports();
    Map<String, Long> current = null;
    for (String line : stderr.split("\\R")) {
      if (line.startsWith(HEADER)) {
        // "Closing file system instance: ID (URI)", "Closing file system instance: unknown"
        String id = line.substring(HEADER.length()).trim().split(" ", 2)[0];
        assertTrue(!r.text.containsKey(id), "one report per instance, but " + id + " twice:\n" + stderr);
        current = new LinkedHashMap<>();
        r.text.put(id, current);
      } else if (current != null && OPERATION.matcher(line).matches()) {
        // "   NAME: N calls (F failed), T ms in all, p50 X ms, p99 Y ms, max Z ms" (failed only when not 0)
        Matcher m = OPERATION.matcher(line);
        m.matches();
        String name = m.group(1);
        current.put(name + ".call", Long.parseLong(m.group(2)));
        current.put(name + ".allTime", Long.parseLong(m.group(4)));
        if (m.group(3) != null) {
          current.put(name + ".failed", Long.parseLong(m.group(3)));
        }
        // the distribution, ms with decimals: kept in ns (to the µs printed)
        current.put(name + ".p50Ms", Math.round(Double.parseDouble(m.group(5)) * 1e6));
        current.put(name + ".p99Ms", Math.round(Double.parseDouble(m.group(6)) * 1e6));
        current.put(name + ".maxMs", Math.round(Double.parseDouble(m.group(7)) * 1e6));
      } else {
        current = null;
        if (line.startsWith(JSON_PREFIX)) {
          r.json.add(JSON.readTree(line.substring(JSON_PREFIX.length())));
        }
      }
    }
    for (String line : stdout.split("\\R")) {
      if (line.startsWith("EXPECT ")) {
        JsonNode n = JSON.readTree(line.substring("EXPECT ".length()));
        r.expected.put(n.get("fs").asText(), n);
      } else if (line.startsWith("TIMINGS ")) {
        JsonNode n = JSON.readTree(line.substring("TIMINGS ".length()));
        r.timings.put(n.get("fs").asText(), n);
      } else if (line.startsWith("COST ")) {
        JsonNode n = JSON.readTree(line.substring("COST ".length()));
        r.cost.put(n.get("fs").asText(), n);
      }
    }
    return r;
  }

  /**
   * Byteman said nothing: every rule was injected, type-checked and ran without an error. Hadoop's own retry
   * lines ({@code ... while invoking X over Y. Retrying in 2000ms after 0 failover attempt(s).}, e.g. the
   * in-JVM OM asking an SCM still in safe mode) name an exception but are the cluster's, not the agent's.
   */
  static void assertNoRuleErrors(String stderr) {
    for (String line : stderr.split("\\R")) {
      if (line.contains(" while invoking ") && line.contains("Retrying in ")) {
        continue;
      }
      String l = line.toLowerCase(java.util.Locale.ROOT);
      assertTrue(!l.contains("byteman") && !l.contains("rule.") && !l.contains("exception")
          && !l.contains("not started"), "a complaint on stderr: " + line);
    }
  }

  JsonNode jsonOf(String fs) {
    for (JsonNode n : json) {
      if (fs.equals(n.get("fs").asText())) {
        return n;
      }
    }
    return null;
  }

  /**
   * Every counter the program counted (NAME.call, NAME.failed) equals the instance's text report (where an
   * operation is printed only when it was called, and "(N failed)" only when not 0), its JSON line, and what Timings said in the program.
   */
  void assertCountersEqualTheCalls(String fs) {
    JsonNode expect = expected.get(fs);
    assertNotNull(expect, "the program printed EXPECT for " + fs);
    Map<String, Long> report = text.get(fs);
    assertNotNull(report, "a text report for instance " + fs + "; reports: " + text.keySet());
    JsonNode line = jsonOf(fs);
    assertNotNull(line, "a JSON line for instance " + fs);
    JsonNode timing = timings.get(fs);
    assertNotNull(timing, "the program printed TIMINGS for " + fs);
    expect.get("counters").fields().forEachRemaining(e -> {
      String key = e.getKey();
      long want = e.getValue().asLong();
      long printed = report.getOrDefault(key, 0L);
      assertEquals(want, printed, key + " in the text report of " + fs + ": " + report);
      assertEquals(want, line.get("counters").path(key).asLong(-1), key + " in the JSON line of " + fs);
      assertEquals(want, timing.get("counters").path(key).asLong(-1), key + " from Timings.of(fs) of " + fs);
    });
  }
}
