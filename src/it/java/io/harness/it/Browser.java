package io.harness.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Headless Chromium, as a person's browser would show a page: the DOM after its scripts ran, and a screenshot.
 * Each call is a fresh browser with a profile of its own, at device scale 1 (a screenshot's pixel is a CSS px).
 */
final class Browser {
  private final String executable;

  private Browser(String executable) {
    this.executable = executable;
  }

  /** Chromium from the PATH ({@code chromium}, {@code chromium-browser}), or null when none is installed. */
  /** The environment variable (and, lower-cased with a dot, the system property) that forbids the skip. */
  static final String REQUIRE = "HARNESS_REQUIRE_BROWSER";

  /** Whether this machine must render the reports (CI): a missing browser is then a failure, not a skip. */
  static boolean required() {
    String env = System.getenv(REQUIRE);
    return "1".equals(env) || "true".equalsIgnoreCase(env) || Boolean.getBoolean("harness.requireBrowser");
  }

  static Browser find() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser")) {
        Path p = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isExecutable(p)) {
          return new Browser(p.toString());
        }
      }
    }
    return null;
  }

  /** The page's DOM once its scripts ran, in a window {@code width} x {@code height} px. */
  String dom(Path page, int width, int height) throws IOException, InterruptedException {
    return run(page, width, height, "--dump-dom", null);
  }

  /** A screenshot of the page's top {@code height} px in a window that size, to {@code png}. */
  void screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
    Files.deleteIfExists(png);
    run(page, width, height, "--screenshot=" + png.toAbsolutePath(), png);
  }

  /**
   * A screenshot of the page at {@code url} (a live page on a port) after its scripts had {@code virtualMillis} ms of
   * the browser's virtual time (their timers and fetches run; the shot waits for them).
   */
  void screenshot(String url, Path png, int width, int height, int virtualMillis)
      throws IOException, InterruptedException {
    Files.deleteIfExists(png);
    run(url, width, height, List.of("--virtual-time-budget=" + virtualMillis, "--screenshot=" + png.toAbsolutePath()),
        png);
  }

  /** The DOM of the page at {@code url} after {@code virtualMillis} ms of virtual time. */
  String dom(String url, int width, int height, int virtualMillis) throws IOException, InterruptedException {
    return run(url, width, height, List.of("--virtual-time-budget=" + virtualMillis, "--dump-dom"), null);
  }

  private String run(Path page, int width, int height, String what, Path expected)
      throws IOException, InterruptedException {
    return run(page.toAbsolutePath().toUri().toString(), width, height, List.of(what), expected);
  }

  private String run(String page, int width, int height, List<String> what, Path expected)
      throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory("harness-it-chromium-");
    Path out = Files.createTempFile("harness-it-chromium-", ".out");
    Path err = Files.createTempFile("harness-it-chromium-", ".err");
    try {
      List<String> cmd = new ArrayList<>(List.of(executable, "--headless", "--no-sandbox", "--disable-gpu",
          "--hide-scrollbars", "--force-device-scale-factor=1", "--no-first-run",
          "--user-data-dir=" + profile, "--window-size=" + width + "," + height));
      cmd.addAll(what);
      cmd.add(page);
      Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      // a guard against a hung browser only, not a speed check
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("chromium still running after 120 s: " + Files.readString(err));
      }
      if (p.exitValue() != 0 || expected != null && !Files.isRegularFile(expected)) {
        throw new AssertionError("chromium " + what + " exited " + p.exitValue() + ": " + Files.readString(err));
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      try (Stream<Path> s = Files.walk(profile)) {
        s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
