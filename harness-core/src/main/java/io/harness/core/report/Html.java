package io.harness.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Text made safe for an HTML page, and the tables of a report. Everything that comes from a run (a path, a
 * command line, an error message, a cluster's answer) goes through {@link #escape} before it reaches the page.
 * A table cell that shows a field of the run's {@code result.json} names it ({@code data-json}, a JSON
 * Pointer such as {@code /aggregate/mbPerSec}, with {@code data-scale}, the factor from the JSON's unit to the
 * one shown), so what a page shows can be checked against the file it came from.
 */
final class Html {
  private Html() {}

  /** {@code text} as HTML text or attribute value: {@code & < > " '} replaced by their references. */
  static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /** A JSON Pointer of the field {@code names} (each escaped as RFC 6901 says). */
  static String pointer(Object... names) {
    StringBuilder b = new StringBuilder();
    for (Object n : names) {
      b.append('/').append(String.valueOf(n).replace("~", "~0").replace("/", "~1"));
    }
    return b.toString();
  }

  /** {@code value} with {@code decimals} decimals, as the pages show numbers. */
  static String number(double value, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  /** Milliseconds from nanoseconds, with the decimals the printed block uses for them. */
  static String millis(double nanos) {
    return io.harness.core.result.TextReport.ms((long) nanos);
  }

  /** One cell: its text, and the {@code result.json} field it shows (null: none) in the JSON's unit times scale. */
  record Cell(String text, String json, double scale) {
    static Cell of(Object text) {
      return new Cell(String.valueOf(text), null, 1);
    }

    /** A field shown as it is in the JSON. */
    static Cell field(Object text, String json) {
      return new Cell(String.valueOf(text), json, 1);
    }

    String html(String tag) {
      StringBuilder b = new StringBuilder("<").append(tag);
      if (json != null) {
        b.append(" data-json=\"").append(escape(json)).append('"');
        if (scale != 1) {
          b.append(" data-scale=\"").append(scale).append('"');
        }
      }
      return b.append('>').append(escape(text)).append("</").append(tag).append('>').toString();
    }
  }

  /** A table: a header row (possibly empty: none) and rows of cells; the first cell of a row is its heading. */
  static final class Table {
    private final String cssClass;
    private final List<String> head;
    private final List<List<Cell>> rows = new ArrayList<>();

    Table(String cssClass, List<String> head) {
      this.cssClass = cssClass;
      this.head = List.copyOf(head);
    }

    Table row(List<Cell> cells) {
      rows.add(List.copyOf(cells));
      return this;
    }

    Table row(Cell... cells) {
      return row(List.of(cells));
    }

    /** A row of a key and a value. */
    Table pair(String key, Cell value) {
      return row(Cell.of(key), value);
    }

    boolean isEmpty() {
      return rows.isEmpty();
    }

    String html() {
      StringBuilder b = new StringBuilder("<table class=\"").append(escape(cssClass)).append("\">");
      if (!head.isEmpty()) {
        b.append("<thead><tr>");
        head.forEach(h -> b.append("<th>").append(escape(h)).append("</th>"));
        b.append("</tr></thead>");
      }
      b.append("<tbody>");
      for (List<Cell> row : rows) {
        b.append("<tr>");
        for (int i = 0; i < row.size(); i++) {
          b.append(row.get(i).html(i == 0 ? "th" : "td"));
        }
        b.append("</tr>");
      }
      return b.append("</tbody></table>\n").toString();
    }
  }
}
