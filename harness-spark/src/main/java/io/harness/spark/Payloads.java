package io.harness.spark;

import io.harness.core.base.SeededData;
import java.util.Arrays;

/**
 * The payload of row {@code id}: {@code size} bytes of the harness's seeded data (stream {@code id} of
 * seed {@code seed}, from position 0). A pure function of (seed, id, size): every row differs, nothing
 * compresses, and any row can be checked on its own.
 */
public final class Payloads {
  private Payloads() {}

  public static byte[] of(long seed, long id, int size) {
    byte[] b = new byte[size];
    new SeededData(seed, id).fill(b, 0, size, 0);
    return b;
  }

  /** Whether {@code payload} is exactly row {@code id}'s payload of {@code size} bytes. */
  public static boolean matches(long seed, long id, int size, byte[] payload) {
    return payload != null && payload.length == size && Arrays.equals(payload, of(seed, id, size));
  }
}
