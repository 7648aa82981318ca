package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.harness.core.base.SeededData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.fs.FileSystem;

/**
 * Checks that bytes are the seeded data the harness writes ({@link SeededData}: one stream per file of a run,
 * e.g. dfsio's {@code test_io_<i>} is stream {@code i} of the run's seed), compared a chunk at a time with what
 * {@link SeededData#firstMismatch} computes; a failure names the first byte that differs.
 */
public final class SeededContent {
  private static final int CHUNK = 1 << 20;

  private SeededContent() {}

  /** {@code bytes} are stream {@code stream} of {@code seed} from position {@code offset}. */
  public static void assertBytes(String what, byte[] bytes, long seed, long stream, long offset) {
    byte[] scratch = new byte[Math.min(bytes.length, CHUNK)];
    SeededData data = new SeededData(seed, stream);
    for (int at = 0; at < bytes.length; at += scratch.length) {
      int n = Math.min(scratch.length, bytes.length - at);
      long wrong = data.firstMismatch(bytes, at, n, offset + at, scratch);
      assertEquals(-1, wrong, () -> what + ": first byte that differs from the seeded data");
    }
  }

  /**
   * {@code bytes} are {@code length} bytes of one buffer of {@code bufferBytes} written again and again, the buffer
   * the first {@code bufferBytes} of stream {@code stream} of {@code seed} (how freon dfsg fills its files).
   */
  public static void assertRepeated(String what, byte[] bytes, long length, long seed, long stream, int bufferBytes) {
    assertEquals(length, bytes.length, what + ": length");
    byte[] buffer = new byte[bufferBytes];
    new SeededData(seed, stream).fill(buffer, 0, buffer.length, 0);
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] != buffer[i % buffer.length]) {
        throw new AssertionError(what + " differs from the repeated seeded buffer at byte " + i);
      }
    }
  }

  /**
   * The next {@code length} bytes of {@code in} are stream {@code stream} of {@code seed} from position
   * {@code offset}, and nothing follows them.
   */
  public static void assertStream(String what, InputStream in, long seed, long stream, long offset, long length)
      throws IOException {
    byte[] got = new byte[(int) Math.min(length, CHUNK)];
    byte[] scratch = new byte[got.length];
    SeededData data = new SeededData(seed, stream);
    for (long pos = 0; pos < length; pos += got.length) {
      int n = (int) Math.min(got.length, length - pos);
      int read = in.readNBytes(got, 0, n);
      long at = pos;
      assertEquals(n, read, () -> what + ": ends at byte " + (at + read) + ", not at " + length);
      long wrong = data.firstMismatch(got, 0, n, offset + pos, scratch);
      assertEquals(-1, wrong, () -> what + ": first byte that differs from the seeded data");
    }
    assertEquals(-1, in.read(), () -> what + ": longer than " + length + " bytes");
  }

  /** The local file is {@code length} bytes, stream {@code stream} of {@code seed} from its start. */
  public static void assertFile(Path file, long seed, long stream, long length) throws IOException {
    assertEquals(length, Files.size(file), () -> "size of " + file);
    try (InputStream in = Files.newInputStream(file)) {
      assertStream(file.toString(), in, seed, stream, 0, length);
    }
  }

  /** The file on {@code fs} is {@code length} bytes, stream {@code stream} of {@code seed} from its start. */
  public static void assertFile(FileSystem fs, org.apache.hadoop.fs.Path file, long seed, long stream, long length)
      throws IOException {
    assertEquals(length, fs.getFileStatus(file).getLen(), () -> "length of " + file);
    try (InputStream in = fs.open(file)) {
      assertStream(file.toString(), in, seed, stream, 0, length);
    }
  }
}
