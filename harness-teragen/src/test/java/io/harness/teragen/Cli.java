package io.harness.teragen;

import io.harness.core.cli.Harness;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The harness's real entry point in this JVM, with what it printed. */
record Cli(int code, String out, String err) {
  private static final Pattern CHECKSUM = Pattern.compile("(?m)^(?:teragen|teravalidate): checksum ([0-9a-f]+)");

  static Cli run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  String all() {
    return out + err;
  }

  /** The checksum teragen or teravalidate printed. */
  String checksum() {
    Matcher m = CHECKSUM.matcher(out);
    if (!m.find()) {
      throw new AssertionError("no checksum line in:\n" + all());
    }
    return m.group(1);
  }
}
