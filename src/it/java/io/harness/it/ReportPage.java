package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * An HTML report as a browser shows it: each chart's plot area on the page and the colour of its first line or
 * bar (read from the live page by a small script added to a copy of it), the screenshot's pixels there, and the
 * figures the page shows next to the JSON fields they name.
 */
final class ReportPage {
  static final int WIDTH = 1280;
  /** Pixels of a chart's own colour its plot area must hold: a line or a few points, not just axes and grid. */
  static final int DRAWN = 20;

  private static final Pattern CANVAS = Pattern.compile("<canvas ([^>]*)>");
  private static final Pattern ATTRIBUTE = Pattern.compile("([a-z-]+)=\"([^\"]*)\"");
  private static final Pattern FIELD = Pattern.compile(
      "data-json=\"([^\"]+)\"(?: data-scale=\"([^\"]+)\")?>([^<]*)<");
  private static final Pattern HEIGHT = Pattern.compile("<body data-height=\"(\\d+)\"");

  /** Writes each canvas's plot area (page px: left, top, right, bottom) and first colour into the DOM. */
  private static final String PROBE = "<script>(function () {"
      + "for (const c of document.querySelectorAll('canvas')) {"
      + "  const chart = Chart.getChart(c); if (!chart) continue;"
      + "  const r = c.getBoundingClientRect(); const a = chart.chartArea; const d = chart.data.datasets[0];"
      + "  const colour = Array.isArray(d.backgroundColor) ? d.backgroundColor[0] : d.borderColor;"
      + "  c.setAttribute('data-area', [r.left + scrollX + a.left, r.top + scrollY + a.top,"
      + "    r.left + scrollX + a.right, r.top + scrollY + a.bottom].map(Math.round).join(','));"
      + "  c.setAttribute('data-colour', colour);"
      + "}"
      + "document.body.setAttribute('data-height', document.documentElement.scrollHeight);"
      + "})();</script>";

  /** A chart as drawn: its caption, plot area and colour. */
  record Chart(String caption, int[] area, int rgb) {}

  final String dom;
  final List<Chart> charts = new ArrayList<>();
  final int height;

  private ReportPage(String dom) {
    this.dom = dom;
    Matcher h = HEIGHT.matcher(dom);
    assertTrue(h.find(), "the probe ran");
    height = Integer.parseInt(h.group(1));
    Matcher c = CANVAS.matcher(dom);
    while (c.find()) {
      Map<String, String> a = new LinkedHashMap<>();
      Matcher m = ATTRIBUTE.matcher(c.group(1));
      while (m.find()) {
        a.put(m.group(1), m.group(2));
      }
      assertTrue(a.containsKey("data-area"), "a chart on " + a);
      String[] box = a.get("data-area").split(",");
      int[] area = new int[4];
      for (int i = 0; i < 4; i++) {
        area[i] = Integer.parseInt(box[i]);
      }
      charts.add(new Chart(unescape(a.get("data-caption")), area, Integer.parseInt(a.get("data-colour").substring(1), 16)));
    }
  }

  /** Loads {@code report} (a copy with the probe) in {@code browser} and reads it. */
  static ReportPage load(Browser browser, Path report) throws Exception {
    Path probe = report.resolveSibling("probe-" + report.getFileName());
    Files.writeString(probe, Files.readString(report).replace("</body>", PROBE + "</body>"));
    try {
      return new ReportPage(browser.dom(probe, WIDTH, 1000));
    } finally {
      Files.delete(probe);
    }
  }

  /** Takes the page's screenshot (the whole page) to {@code png}; asserts each chart drew in its plot area. */
  void assertChartsDrawn(Browser browser, Path report, Path png) throws Exception {
    browser.screenshot(report, png, WIDTH, height);
    BufferedImage image = ImageIO.read(png.toFile());
    assertEquals(height, image.getHeight(), "the whole page");
    assertFalse(charts.isEmpty(), "charts");
    for (Chart c : charts) {
      int drawn = 0;
      for (int y = Math.max(0, c.area()[1]); y < Math.min(image.getHeight(), c.area()[3]); y++) {
        for (int x = Math.max(0, c.area()[0]); x < Math.min(image.getWidth(), c.area()[2]); x++) {
          drawn += near(image.getRGB(x, y), c.rgb()) ? 1 : 0;
        }
      }
      assertTrue(drawn >= DRAWN, c.caption() + ": " + drawn + " pixels of its colour #"
          + Integer.toHexString(c.rgb()) + " in its plot area " + java.util.Arrays.toString(c.area()));
    }
  }

  /**
   * Asserts that each figure the page shows equals the field of {@code json} it names (a number to the decimals
   * shown, after the page's unit scale; text exactly); returns the fields checked.
   */
  List<String> assertFiguresEqual(JsonNode json) {
    List<String> checked = new ArrayList<>();
    Matcher m = FIELD.matcher(dom);
    while (m.find()) {
      String pointer = unescape(m.group(1));
      String shown = unescape(m.group(3)).strip();
      JsonNode field = json.at(pointer);
      assertFalse(field.isMissingNode(), pointer + " is not in result.json");
      if (field.isNumber()) {
        double scale = m.group(2) == null ? 1 : Double.parseDouble(m.group(2));
        int dot = shown.indexOf('.');
        int decimals = dot < 0 ? 0 : shown.length() - dot - 1;
        double tolerance = 0.5 * Math.pow(10, -decimals) * (1 + 1e-9) + 1e-12;
        assertEquals(field.asDouble() * scale, Double.parseDouble(shown), tolerance, pointer + " shown as " + shown);
      } else {
        assertEquals(field.asText(), shown, pointer);
      }
      checked.add(pointer);
    }
    return checked;
  }

  private static boolean near(int argb, int rgb) {
    return Math.abs((argb >> 16 & 255) - (rgb >> 16 & 255)) <= 12 && Math.abs((argb >> 8 & 255) - (rgb >> 8 & 255)) <= 12
        && Math.abs((argb & 255) - (rgb & 255)) <= 12;
  }

  static String unescape(String html) {
    return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
        .replace("&nbsp;", "\u00a0").replace("&amp;", "&");
  }
}
