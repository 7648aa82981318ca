package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.PrometheusServer;
import io.harness.testkit.Run;
import java.awt.image.BufferedImage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CompletableFuture;
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
    CompletableFuture<Run> read = CompletableFuture.supplyAsync(() -> {
      try {
        return Cli.process(work, 300, "dfsio", "-read", "-nrFiles", "2", "-fileSize", "16MB", "--duration", "40s",
            "--root", "data", "--metrics-port", String.valueOf(port));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    String url = "http://127.0.0.1:" + port + "/";
    HttpClient http = HttpClient.newHttpClient();
    while (!read.isDone() && !running(http, url + "live.json")) {
      Thread.sleep(200);
    }
    Path first = work.resolve("live-1.png");
    Path second = work.resolve("live-2.png");
    browser.screenshot(url, first, WIDTH, HEIGHT, 2500);
    String dom1 = browser.dom(url, WIDTH, HEIGHT, 2500);
    Thread.sleep(3000);
    browser.screenshot(url, second, WIDTH, HEIGHT, 2500);
    String dom2 = browser.dom(url, WIDTH, HEIGHT, 2500);
    boolean stillRunning = !read.isDone();
    Run r = read.get(5, TimeUnit.MINUTES);
    assertExit(r, 0);
    assertTrue(stillRunning, "the run ended before the second screenshot");
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
