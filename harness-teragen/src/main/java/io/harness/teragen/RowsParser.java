package io.harness.teragen;

import io.harness.core.base.UsageException;
import io.harness.core.base.Sizes;

/** The row count of teragen's command line: a number with TeraGen's suffixes, or {@code --size}. */
public final class RowsParser {
  private RowsParser() {}

  /**
   * TeraGen's row count: digits with an optional suffix k, m, b or t (powers of 1000, either case).
   * Hadoop's TeraGen multiplies 't' in int arithmetic, which overflows; here every suffix is exact.
   */
  public static long parseRows(String argument, String text) {
    String s = text.strip();
    long base = 1;
    if (!s.isEmpty()) {
      switch (Character.toLowerCase(s.charAt(s.length() - 1))) {
        case 'k' -> base = 1_000L;
        case 'm' -> base = 1_000_000L;
        case 'b' -> base = 1_000_000_000L;
        case 't' -> base = 1_000_000_000_000L;
        default -> { }
      }
    }
    String digits = base == 1 ? s : s.substring(0, s.length() - 1);
    long n;
    try {
      n = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new UsageException(argument, "not a row count: '" + text + "' (digits with an optional "
          + "k, m, b or t: thousands, millions, billions, trillions)");
    }
    if (n <= 0) {
      throw new UsageException(argument, "must be at least 1 row, was " + text);
    }
    try {
      return Math.multiplyExact(n, base);
    } catch (ArithmeticException e) {
      throw new UsageException(argument, "too many rows: " + text);
    }
  }

  /**
   * {@code --size S}: rows = bytes / 100, rounded up as {@code numfmt --from=iec --to-unit=100} rounds
   * (so {@code 100G} is 1,073,741,824 rows).
   */
  public static long rowsOfSize(String text) {
    long bytes;
    try {
      bytes = Sizes.parse(text, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--size", e.getMessage());
    }
    if (bytes <= 0) {
      throw new UsageException("--size", "must be at least 1 byte, was " + text);
    }
    return (bytes + TeraRows.ROW - 1) / TeraRows.ROW;
  }
}
