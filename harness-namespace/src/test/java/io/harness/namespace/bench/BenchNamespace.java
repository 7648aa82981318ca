package io.harness.namespace.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** What the namespace benches share: a cluster's site file, and a quiet {@code harness namespace} run's result. */
final class BenchNamespace {
  private static int runs;

  private BenchNamespace() {}

  /** Writes {@code conf} as a site file {@code file} (for {@code -conf}); returns it. */
  static Path site(Configuration conf, Path file) throws IOException {
    try (OutputStream o = Files.newOutputStream(file)) {
      conf.writeXml(o);
    }
    return file;
  }

  /**
   * Runs {@code harness namespace ARGS} in this JVM, its output kept unless it fails, its runs under {@code work};
   * its result.json.
   */
  static JsonNode run(Path work, List<String> args) throws IOException {
    Path json = work.resolve("namespace-" + (++runs) + ".json");
    List<String> all = new ArrayList<>(List.of("namespace"));
    all.addAll(args);
    all.addAll(List.of("--run-dir", work.resolve("runs").toString(), "--no-report", "--json", json.toString()));
    Run run = Cli.run(all.toArray(new String[0]));
    if (run.code() != 0) {
      throw new IllegalStateException("harness exited " + run.code() + ": " + run.all());
    }
    return ResultWriter.mapper().readTree(json.toFile());
  }

  /** A phase's calls over its seconds (barrier's release to the last thread's end). */
  static double opsPerSec(JsonNode result, String phase) {
    for (JsonNode p : result.at("/figures/phases")) {
      if (p.get("name").asText().equals(phase)) {
        return p.get("items").asDouble() / p.get("seconds").asDouble();
      }
    }
    throw new IllegalStateException("no phase " + phase + " in " + result.at("/figures"));
  }

  /** The median latency of a phase's calls, in ms. */
  static double p50Millis(JsonNode result, String phase) {
    return result.at("/aggregate/latency/" + phase + "/p50Nanos").asDouble() / 1e6;
  }
}
