package io.harness.core.options;

import io.harness.core.base.Units;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@link Units} as picocli converters for the command line's options: a value that does not parse is bad
 * input naming the option (exit 2).
 */
public final class UnitConverters {
  private UnitConverters() {}

  /** A size whose bare number means MB (TestDFSIO's {@code -fileSize}, {@code -skipSize}). */
  public static final class Megabytes implements ITypeConverter<Units.Size> {
    @Override
    public Units.Size convert(String value) {
      try {
        return Units.megabytes(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** A size whose bare number means bytes ({@code -bufferSize}, Freon's {@code -s}). */
  public static final class Bytes implements ITypeConverter<Units.Size> {
    @Override
    public Units.Size convert(String value) {
      try {
        return Units.bytes(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** A time span whose bare number means seconds. */
  public static final class Seconds implements ITypeConverter<Units.Span> {
    @Override
    public Units.Span convert(String value) {
      try {
        return Units.seconds(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
