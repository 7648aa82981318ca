package io.harness.teragen;

import java.util.zip.CRC32;

/**
 * TeraGen's data checksum: the sum of every row's CRC32 as an unsigned 128-bit number. The sum does not
 * depend on how rows are split over files, so teragen, teravalidate and Hadoop's TeraValidate /
 * TeraChecksum print the same value for the same rows. Printed as TeraValidate prints it: lower-case
 * hex without leading zeros.
 */
public final class Checksum128 {
  private long hi;
  private long lo;
  private final CRC32 crc = new CRC32();

  /** Adds the CRC32 of each 100-byte row in {@code buf[off..off+len)} ({@code len} a multiple of 100). */
  public void addRows(byte[] buf, int off, int len) {
    for (int at = off; at < off + len; at += TeraRows.ROW) {
      crc.reset();
      crc.update(buf, at, TeraRows.ROW);
      add(0, crc.getValue());
    }
  }

  /** Adds another sum. */
  public void add(Checksum128 other) {
    add(other.hi, other.lo);
  }

  public void add(long otherHi, long otherLo) {
    long sum = lo + otherLo;
    hi += otherHi + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
    lo = sum;
  }

  public long hi() {
    return hi;
  }

  public long lo() {
    return lo;
  }

  /** Parses the form {@link #toString()} prints (hex, optional {@code 0x}). */
  public static Checksum128 parse(String hex) {
    String h = hex.strip().toLowerCase(java.util.Locale.ROOT);
    if (h.startsWith("0x")) {
      h = h.substring(2);
    }
    if (h.isEmpty() || h.length() > 32 || !h.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
      throw new NumberFormatException("not a hex number of at most 32 digits: '" + hex + "'");
    }
    Checksum128 c = new Checksum128();
    int split = Math.max(0, h.length() - 16);
    c.lo = Long.parseUnsignedLong(h.substring(split), 16);
    c.hi = split == 0 ? 0 : Long.parseUnsignedLong(h.substring(0, split), 16);
    return c;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Checksum128 c && c.hi == hi && c.lo == lo;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(hi) * 31 + Long.hashCode(lo);
  }

  @Override
  public String toString() {
    if (hi == 0) {
      return Long.toHexString(lo);
    }
    String low = Long.toHexString(lo);
    return Long.toHexString(hi) + "0".repeat(16 - low.length()) + low;
  }
}
