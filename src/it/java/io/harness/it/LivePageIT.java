package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.PrometheusServer;
import java.awt.image.BufferedImage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page of {@code bin/harness dfsio ... --metrics-port P} in headless Chromium while the run goes on: two
 * screenshots seconds apart differ, and both show the charts' data (the first series' colour in the plot, points in
 * every chart, more points in the later one). The screenshots are kept in {@code target/live-page/}.
 */
class LivePageIT {
  private static final int WIDTH = 1280;
  private static final int HEIGHT = 900;
  /** The first series' colour on the live page (live.js's first colour). */
  private static final int FIRST = 0x1f77b4;
  private static final Pattern POINTS = Pattern.compile("id=\"live-mb\"[^>]*data-points=\"(\\d+)\"");

  @TempDir
  Path work;

  @Test
  void thePageRedrawsWhileTheRunGoesOn() throws Exception {
    Browser browser = Browser.find();
    if (browser == null && Browser.required()) {
      throw new IllegalStateException("no chromium on the PATH, and " + Browser.REQUIRE + "=1 requires it");
    }
    Assumptions.assumeTrue(browser != null, "LivePageIT skipped: no chromium on the PATH (apt-get install chromium)");
    assertExit(Cli.process(work, 120, "dfsio", "-write", "-nrFiles", "2", "-fileSize", "16MB", "--root", "data",
        "--no-report"), 0);
    int port = PrometheusServer.freePort();
    // a read bounded by a signal, not by a duration: a loaded machine may take a minute over the four browser calls,
    // and the page must still be served for the last of them
    ProcessBuilder pb = new ProcessBuilder("env", "--default-signal=INT,TERM", Cli.home().resolve("bin/harness")
        .toString(), "dfsio", "-read", "-nrFiles", "2", "-fileSize", "16MB", "--duration", "10m", "--root", "data",
        "--metrics-port", String.valueOf(port)).directory(work.toFile())
        .redirectOutput(work.resolve("read.out").toFile()).redirectError(work.resolve("read.err").toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().remove("OZONE_CONF_DIR");
    io.harness.testkit.TestJvm.quick(pb.environment());
    Process read = pb.start();
    boolean stillRunning;
    Path first = work.resolve("live-1.png");
    Path second = work.resolve("live-2.png");
    String dom1;
    String dom2;
    try {
      String url = "http://127.0.0.1:" + port + "/";
      HttpClient http = HttpClient.newHttpClient();
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (read.isAlive() && !running(http, url + "live.json") && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      browser.screenshot(url, first, WIDTH, HEIGHT, 2500);
      dom1 = browser.dom(url, WIDTH, HEIGHT, 2500);
      Thread.sleep(3000);
      browser.screenshot(url, second, WIDTH, HEIGHT, 2500);
      dom2 = browser.dom(url, WIDTH, HEIGHT, 2500);
      stillRunning = read.isAlive();
      new ProcessBuilder("kill", "-INT", Long.toString(read.pid())).inheritIO().start().waitFor();
      // a guard against a hang, not a speed check: the run has its own grace period of 60 s
      assertTrue(read.waitFor(2, TimeUnit.MINUTES), "the read did not stop within 2 minutes of SIGINT");
    } finally {
      read.destroyForcibly();
    }
    String said = Files.readString(work.resolve("read.out")) + Files.readString(work.resolve("read.err"));
    assertTrue(stillRunning, "the run ended before the second screenshot: " + said);
    org.junit.jupiter.api.Assertions.assertEquals(130, read.exitValue(), "stopped by SIGINT: " + said);
    Path kept = Path.of("target", "live-page");
    Files.createDirectories(kept);
    Files.copy(first, kept.resolve(first.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    Files.copy(second, kept.resolve(second.getFileName()), StandardCopyOption.REPLACE_EXISTING);

    assertTrue(dom1.contains("running: dfsio read"), dom1);
    int points1 = points(dom1);
    int points2 = points(dom2);
    assertTrue(points1 > 0 && points2 > points1, "points in the MB/s chart: " + points1 + ", then " + points2);
    BufferedImage a = ImageIO.read(first.toFile());
    BufferedImage b = ImageIO.read(second.toFile());
    long differ = 0;
    for (int y = 0; y < Math.min(a.getHeight(), b.getHeight()); y++) {
      for (int x = 0; x < Math.min(a.getWidth(), b.getWidth()); x++) {
        differ += (a.getRGB(x, y) & 0xffffff) != (b.getRGB(x, y) & 0xffffff) ? 1 : 0;
      }
    }
    assertTrue(differ > 0, "the two screenshots are the same");
    // a line of data, not just a legend's box: more of the first colour than a legend box holds
    assertTrue(colour(a) > 600 && colour(b) > 600, "pixels of the first series' colour: " + colour(a) + ", "
        + colour(b));
  }

  private static boolean running(HttpClient http, String json) {
    try {
      String body = http.send(HttpRequest.newBuilder(URI.create(json)).build(), HttpResponse.BodyHandlers.ofString())
          .body();
      return body.contains("\"running\":true");
    } catch (Exception e) {
      return false;
    }
  }

  private static int points(String dom) {
    Matcher m = POINTS.matcher(dom);
    assertTrue(m.find(), dom);
    return Integer.parseInt(m.group(1));
  }

  private static long colour(BufferedImage image) {
    long n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y);
        n += Math.abs(((rgb >> 16) & 0xff) - (FIRST >> 16)) < 24 && Math.abs(((rgb >> 8) & 0xff) - ((FIRST >> 8) & 0xff)) < 24
            && Math.abs((rgb & 0xff) - (FIRST & 0xff)) < 24 ? 1 : 0;
      }
    }
    assertNotNull(image);
    return n;
  }
}
