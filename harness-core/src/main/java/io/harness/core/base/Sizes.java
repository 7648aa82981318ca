package io.harness.core.base;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Byte sizes as storage engineers type them: {@code 16GB}, {@code 16G}, {@code 512k}, {@code 1000000}.
 * Units are binary multiples and case-insensitive: B, K/KB, M/MB, G/GB, T/TB. What a bare number means
 * depends on the option: TestDFSIO's {@code -fileSize} reads it as MB, {@code -bufferSize} as bytes.
 */
public final class Sizes {
  public static final long KB = 1L << 10;
  public static final long MB = 1L << 20;
  public static final long GB = 1L << 30;
  public static final long TB = 1L << 40;

  private static final Pattern SIZE = Pattern.compile("([+-]?\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]*)");

  private Sizes() {}

  /**
   * Parses a size.
   *
   * @param text the text to parse
   * @param bareUnit the multiple applied to a number without a unit (1 for bytes, {@link #MB} for MB)
   * @return the size in bytes, which may be zero or negative: callers decide what they accept
   * @throws IllegalArgumentException with a message that says what was wrong
   */
  public static long parse(String text, long bareUnit) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("empty size");
    }
    Matcher m = SIZE.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a size (examples: 64MB, 16G, 1TB, 512k;"
          + (bareUnit == MB ? " a bare number means MB)" : " a bare number means bytes)"));
    }
    long unit = unit(m.group(2), bareUnit, text);
    double number;
    try {
      number = Double.parseDouble(m.group(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not a size");
    }
    double bytes = number * unit;
    if (Math.abs(bytes) >= Long.MAX_VALUE) {
      throw new IllegalArgumentException("'" + text + "' is too large");
    }
    if (bytes != Math.rint(bytes)) {
      throw new IllegalArgumentException("'" + text + "' is not a whole number of bytes");
    }
    return (long) bytes;
  }

  private static long unit(String suffix, long bareUnit, String text) {
    switch (suffix.toUpperCase(Locale.ROOT)) {
      case "":
        return bareUnit;
      case "B":
        return 1;
      case "K": case "KB":
        return KB;
      case "M": case "MB":
        return MB;
      case "G": case "GB":
        return GB;
      case "T": case "TB":
        return TB;
      default:
        throw new IllegalArgumentException("'" + text + "' has an unknown unit '" + suffix
            + "' (use B, KB, MB, GB, TB or K, M, G, T)");
    }
  }

  /** A short human form: {@code 64 MB}, {@code 1.5 GB}, {@code 1000000 B}. */
  public static String format(long bytes) {
    long[] units = {TB, GB, MB, KB};
    String[] names = {"TB", "GB", "MB", "KB"};
    for (int i = 0; i < units.length; i++) {
      if (Math.abs(bytes) >= units[i]) {
        double v = (double) bytes / units[i];
        return (v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v))
            + " " + names[i];
      }
    }
    return bytes + " B";
  }

  /**
   * The bytes {@code count} items of {@code each} bytes make, for a run's plan: more than a long holds (8 EB) is
   * bad input naming {@code option} (e.g. {@code ROWS}, {@code -nrFiles x -fileSize}), never a negative size.
   */
  public static long planned(String option, long count, long each) {
    try {
      return Math.multiplyExact(count, each);
    } catch (ArithmeticException e) {
      throw new io.harness.core.base.UsageException(option, count + " x " + format(each)
          + " is more bytes than a run can count (8 EB)");
    }
  }
}
