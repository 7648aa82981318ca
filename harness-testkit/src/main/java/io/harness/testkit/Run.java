package io.harness.testkit;

import java.util.List;

/**
 * One finished command line: what ran, its exit code, what it printed on stdout and stderr, and its wall time
 * (for reports only; no test asserts on it).
 *
 * @param command the command line as it ran ({@code harness ...} in this JVM, the program and its arguments of a
 *     process)
 */
public record Run(String command, int code, String out, String err, double seconds) {
  /** Arguments longer than this are shortened in {@link #toString()} (class paths). */
  private static final int SHOWN = 200;

  /** stdout, then stderr. */
  public String all() {
    return out + err;
  }

  /** The lines of stderr that are not blank. */
  public List<String> errLines() {
    return err.lines().filter(l -> !l.isBlank()).toList();
  }

  /** What ran and everything it printed, for assertion messages. */
  @Override
  public String toString() {
    StringBuilder shown = new StringBuilder();
    for (String word : command.split(" ")) {
      shown.append(shown.length() == 0 ? "" : " ")
          .append(word.length() > SHOWN ? word.substring(0, SHOWN) + "..." : word);
    }
    return "$ " + shown + "\nexit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}
