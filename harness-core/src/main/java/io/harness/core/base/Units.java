package io.harness.core.base;

import io.harness.core.base.Sizes;
import io.harness.core.base.Durations;

/**
 * The one place that says what a size or a time span typed by a user means: {@code 16G}, {@code 16GB},
 * {@code 16g} are the same (binary multiples); a bare number is MB for TestDFSIO's size options and bytes
 * for buffer sizes; a bare time span is seconds ({@code 10s}, {@code 5m}, {@code 500ms}). The values keep
 * the text as typed, for messages. The command line's converters and the Java API's builders both read
 * them here; a text that does not parse is an {@link IllegalArgumentException} saying why.
 */
public final class Units {
  private Units() {}

  /** A size as typed and in bytes. */
  public record Size(String text, long bytes) {
    @Override
    public String toString() {
      return text;
    }
  }

  /** A time span as typed and in nanoseconds. */
  public record Span(String text, long nanos) {
    @Override
    public String toString() {
      return text;
    }
  }

  /** A size whose bare number means MB (TestDFSIO's {@code -fileSize}, {@code -skipSize}). */
  public static Size megabytes(String text) {
    return new Size(text, Sizes.parse(text, Sizes.MB));
  }

  /** A size whose bare number means bytes ({@code -bufferSize}, Freon's {@code -s}). */
  public static Size bytes(String text) {
    return new Size(text, Sizes.parse(text, 1));
  }

  /**
   * The bytes of {@code text} (a bare number is bytes) for option {@code option}: bad input (a
   * {@link UsageException} naming the option) when it is not a size or is less than {@code min} bytes.
   */
  public static long bytes(String option, String text, long min) {
    long v;
    try {
      v = Sizes.parse(text, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
    if (v < min) {
      throw new UsageException(option, "must be at least " + min + " B, was " + text);
    }
    return v;
  }

  /** The nanoseconds of {@code text} (a bare number is seconds) for option {@code option}; bad input if none. */
  public static long nanos(String option, String text) {
    try {
      return Durations.parseNanos(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
  }

  /** A time span whose bare number means seconds. */
  public static Span seconds(String text) {
    return new Span(text, Durations.parseNanos(text));
  }
}
