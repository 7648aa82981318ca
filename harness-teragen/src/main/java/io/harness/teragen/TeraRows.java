package io.harness.teragen;

/**
 * The 100-byte rows of TeraGen (gensort's binary records), byte for byte:
 *
 * <pre>
 *  0..9    key: the 10 most significant bytes of the row's 128-bit random number
 * 10..11   00 11
 * 12..43   the row id as 32 upper-case hex digits (a 128-bit number)
 * 44..47   88 99 AA BB
 * 48..95   filler: hex digits 20..31 of the random number (upper case), each repeated 4 times
 * 96..99   CC DD EE FF
 * </pre>
 */
public final class TeraRows {
  public static final int ROW = 100;
  public static final int KEY = 10;
  private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private TeraRows() {}

  /** Writes row {@code rowId}, whose random number is {@code (hi, lo)}, at {@code buf[off..off+100)}. */
  public static void fill(byte[] buf, int off, long hi, long lo, long rowId) {
    for (int i = 0; i < 8; i++) {
      buf[off + i] = (byte) (hi >>> (56 - 8 * i));
    }
    buf[off + 8] = (byte) (lo >>> 56);
    buf[off + 9] = (byte) (lo >>> 48);
    buf[off + 10] = 0x00;
    buf[off + 11] = 0x11;
    // the row id's high 64 bits are zero: 16 '0' digits, then the low 64 bits
    for (int i = 0; i < 16; i++) {
      buf[off + 12 + i] = '0';
    }
    for (int i = 0; i < 16; i++) {
      buf[off + 28 + i] = HEX[(int) (rowId >>> (60 - 4 * i)) & 0xF];
    }
    buf[off + 44] = (byte) 0x88;
    buf[off + 45] = (byte) 0x99;
    buf[off + 46] = (byte) 0xAA;
    buf[off + 47] = (byte) 0xBB;
    // hex digit p (0 = most significant of the 128 bits) of the random number, p = 20..31: in lo
    for (int i = 0; i < 12; i++) {
      byte d = HEX[(int) (lo >>> (44 - 4 * i)) & 0xF];
      int at = off + 48 + 4 * i;
      buf[at] = d;
      buf[at + 1] = d;
      buf[at + 2] = d;
      buf[at + 3] = d;
    }
    buf[off + 96] = (byte) 0xCC;
    buf[off + 97] = (byte) 0xDD;
    buf[off + 98] = (byte) 0xEE;
    buf[off + 99] = (byte) 0xFF;
  }

  /** Compares the 10-byte keys at two offsets as unsigned bytes (TeraSort's order). */
  public static int compareKeys(byte[] a, int aOff, byte[] b, int bOff) {
    return java.util.Arrays.compareUnsigned(a, aOff, aOff + KEY, b, bOff, bOff + KEY);
  }
}
