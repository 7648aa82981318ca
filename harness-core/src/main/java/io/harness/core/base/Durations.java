package io.harness.core.base;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Time spans as typed on a command line: {@code 30} (seconds), {@code 30s}, {@code 1.5m}, {@code 2h},
 * {@code 500ms}; units are case-insensitive.
 */
public final class Durations {
  private static final Pattern SPAN = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]*)");

  private Durations() {}

  /** Parses a time span into nanoseconds; a bare number is seconds. */
  public static long parseNanos(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("empty time span");
    }
    Matcher m = SPAN.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a time span (examples: 30, 30s, 5m, 1h, "
          + "500ms; a bare number means seconds)");
    }
    double unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "", "s", "sec", "secs" -> 1e9;
      case "ms" -> 1e6;
      case "m", "min", "mins" -> 60e9;
      case "h" -> 3600e9;
      default -> throw new IllegalArgumentException("'" + text + "': unknown unit '" + m.group(2)
          + "' (use ms, s, m or h)");
    };
    double nanos = Double.parseDouble(m.group(1)) * unit;
    if (nanos >= Long.MAX_VALUE / 2.0) {
      throw new IllegalArgumentException("'" + text + "' is too long");
    }
    return Math.round(nanos);
  }

  /** {@code 30 s}, {@code 1.5 s}, {@code 250 ms}: for messages and reports. */
  public static String format(long nanos) {
    if (nanos < 1_000_000_000L) {
      return trim(nanos / 1e6) + " ms";
    }
    return trim(nanos / 1e9) + " s";
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3f", v)
        .replaceAll("0+$", "");
  }
}
