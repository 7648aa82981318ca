package io.harness.core.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * One HTML page of a report as it is being written: its body, its charts (a canvas each, with its Chart.js
 * configuration as JSON beside it), and the whole document with its style, Chart.js and the report's own
 * script inlined, so the file works offline and alone. Links to the runs' files are relative to the
 * directory the page is written to.
 */
final class Page {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WEBJAR = "/META-INF/resources/webjars/chart.js/";

  private final Path dir;
  private final StringBuilder body = new StringBuilder();
  private int charts;

  /** A page that will be written into {@code dir}. */
  Page(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
  }

  /** Adds HTML as it is: only for markup made here, with every piece of a run's text escaped. */
  Page add(String html) {
    body.append(html);
    return this;
  }

  /** Adds a heading. */
  Page heading(int level, String text, String id) {
    body.append("<h").append(level);
    if (id != null) {
      body.append(" id=\"").append(Html.escape(id)).append('"');
    }
    body.append('>').append(Html.escape(text)).append("</h").append(level).append(">\n");
    return this;
  }

  /** Adds a paragraph of text. */
  Page paragraph(String cssClass, String text) {
    body.append("<p class=\"").append(cssClass).append("\">").append(Html.escape(text)).append("</p>\n");
    return this;
  }

  /**
   * Adds a chart {@code height} px tall under its caption: a canvas ({@code id} {@code chart-N}, its caption
   * in {@code data-caption}) and its configuration.
   */
  Page chart(String caption, Map<String, Object> config, int height) {
    String id = "chart-" + ++charts;
    String json;
    try {
      // "<" only occurs inside JSON strings, where \u003c means the same: no "</script>" can end the element
      json = JSON.writeValueAsString(config).replace("<", "\\u003c");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a chart's configuration is not JSON: " + e.getOriginalMessage(), e);
    }
    body.append("<figure class=\"chart\"><figcaption>").append(Html.escape(caption))
        .append("</figcaption><div class=\"canvas\" style=\"height:").append(height).append("px\">")
        .append("<canvas id=\"").append(id).append("\" data-caption=\"").append(Html.escape(caption))
        .append("\"></canvas></div><script type=\"application/json\" class=\"chart-config\" data-canvas=\"")
        .append(id).append("\">").append(json).append("</script></figure>\n");
    return this;
  }

  /** A link to {@code file} (a file of a run) relative to the page's directory, escaped. */
  String link(Path file, String text) {
    Path target = file.toAbsolutePath().normalize();
    String href;
    try {
      href = dir.relativize(target).toString().replace('\\', '/');
    } catch (IllegalArgumentException e) {
      href = target.toUri().toString();
    }
    return "<a href=\"" + Html.escape(href.isEmpty() ? "." : href) + "\">" + Html.escape(text) + "</a>";
  }

  /** The whole document. */
  String document(String title) {
    return document(title, "report.js");
  }

  /** The whole document, its own script the resource {@code script} (beside the report's style). */
  String document(String title, String script) {
    StringBuilder b = new StringBuilder(300_000 + body.length());
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<meta name=\"generator\" content=\"harness\"><title>").append(Html.escape(title))
        .append("</title>\n<style>\n").append(resource("report.css")).append("</style>\n</head>\n<body>\n")
        .append(body)
        .append("<script>\n").append(chartJs()).append("\n</script>\n")
        .append("<script>\n").append(resource(script)).append("</script>\n</body></html>\n");
    return b.toString();
  }

  /** Writes the document to {@code file} (its directory must exist). */
  void write(String title, Path file) throws IOException {
    Files.writeString(file, document(title), StandardCharsets.UTF_8);
  }

  private static String resource(String name) {
    return read(Page.class.getResourceAsStream(name), name);
  }

  /** Chart.js's browser bundle, from its webjar on the class path. */
  private static String chartJs() {
    Properties p = new Properties();
    String props = "/META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    try (InputStream in = Page.class.getResourceAsStream(props)) {
      if (in == null) {
        throw new IllegalStateException("Chart.js (org.webjars.npm:chart.js) is not on the class path");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String name = WEBJAR + p.getProperty("version") + "/dist/chart.umd.js";
    return read(Page.class.getResourceAsStream(name), name).replace("</script", "<\\/script");
  }

  private static String read(InputStream in, String name) {
    if (in == null) {
      throw new IllegalStateException(name + " is not on the class path");
    }
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
