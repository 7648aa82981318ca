package io.harness.teragen;

import io.harness.testkit.Run;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The checksum line teragen and teravalidate print. */
final class PrintedChecksum {
  private static final Pattern LINE = Pattern.compile("(?m)^(?:teragen|teravalidate): checksum ([0-9a-f]+)");

  private PrintedChecksum() {}

  /** The checksum {@code run} printed; fails when it printed none. */
  static String of(Run run) {
    Matcher m = LINE.matcher(run.out());
    if (!m.find()) {
      throw new AssertionError("no checksum line in:\n" + run);
    }
    return m.group(1);
  }
}
