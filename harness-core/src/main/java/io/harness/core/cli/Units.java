package io.harness.core.cli;

import io.harness.core.util.Durations;
import io.harness.core.util.Sizes;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The one place that says what a size or a time span typed on the command line means, as picocli
 * converters: {@code 16G}, {@code 16GB}, {@code 16g} are the same (binary multiples); a bare number is MB
 * for TestDFSIO's size options and bytes for buffer sizes; a bare time span is seconds ({@code 10s},
 * {@code 5m}, {@code 500ms}). A value that does not parse is bad input naming the option (exit 2). The
 * values keep the text as typed, for messages.
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
  public static final class Megabytes implements ITypeConverter<Size> {
    @Override
    public Size convert(String value) {
      return size(value, Sizes.MB);
    }
  }

  /** A size whose bare number means bytes ({@code -bufferSize}, Freon's {@code -s}). */
  public static final class Bytes implements ITypeConverter<Size> {
    @Override
    public Size convert(String value) {
      return size(value, 1);
    }
  }

  /** A time span whose bare number means seconds. */
  public static final class Seconds implements ITypeConverter<Span> {
    @Override
    public Span convert(String value) {
      try {
        return new Span(value, Durations.parseNanos(value));
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  private static Size size(String value, long bareUnit) {
    try {
      return new Size(value, Sizes.parse(value, bareUnit));
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
