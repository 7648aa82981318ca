package io.harness.containers;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.cli.Harness;
import io.harness.core.result.ResultWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/** The harness's real entry point, in this JVM: its exit code and what it printed. */
final class Cli {
  record Run(int code, String out, String err, double seconds) {
    String all() {
      return out + err;
    }
  }

  private Cli() {}

  static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long t0 = System.nanoTime();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
        (System.nanoTime() - t0) / 1e9);
  }

  /** The result.json of the newest run under {@code runDir}. */
  static JsonNode lastResult(Path runDir) throws IOException {
    try (Stream<Path> s = Files.list(runDir)) {
      Path last = s.sorted().reduce((a, b) -> b).orElseThrow();
      return ResultWriter.mapper().readTree(last.resolve("result.json").toFile());
    }
  }

  static String[] concat(String[] a, String... b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
