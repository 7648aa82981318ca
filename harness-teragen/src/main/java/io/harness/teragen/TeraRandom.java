package io.harness.teragen;

/**
 * TeraGen's random numbers: the 128-bit linear congruential generator {@code x -> A * x + C (mod 2^128)}
 * of the sort benchmark's gensort, started at 0, with skip-ahead so that any row's number is found
 * without generating the rows before it. Row {@code r} uses the generator's value after {@code r + 1}
 * steps.
 *
 * <p>The skip-ahead table holds {@code f^(2^k)} for k = 0..127 as (a, c) pairs; each entry is the
 * previous one composed with itself, so only A and C are constants.
 */
public final class TeraRandom {
  /** The generator's multiplier and increment (gensort's constants), high and low 64 bits. */
  private static final long A_HI = 0x2360ed051fc65da4L;
  private static final long A_LO = 0x4385df649fccf645L;
  private static final long C_HI = 0x4a696d4772617952L;
  private static final long C_LO = 0x4950202020202001L;

  /** {@code f^(2^k)(x) = POW_A[k] * x + POW_C[k]}, as {hi, lo} pairs. */
  private static final long[] POW_A_HI = new long[128];
  private static final long[] POW_A_LO = new long[128];
  private static final long[] POW_C_HI = new long[128];
  private static final long[] POW_C_LO = new long[128];

  static {
    long aHi = A_HI;
    long aLo = A_LO;
    long cHi = C_HI;
    long cLo = C_LO;
    for (int k = 0; k < 128; k++) {
      POW_A_HI[k] = aHi;
      POW_A_LO[k] = aLo;
      POW_C_HI[k] = cHi;
      POW_C_LO[k] = cLo;
      // f o f: a' = a * a, c' = a * c + c
      long ncHi = mulHi(aHi, aLo, cHi, cLo);
      long ncLo = aLo * cLo;
      long sumLo = ncLo + cLo;
      ncHi = ncHi + cHi + (Long.compareUnsigned(sumLo, ncLo) < 0 ? 1 : 0);
      ncLo = sumLo;
      long naHi = mulHi(aHi, aLo, aHi, aLo);
      long naLo = aLo * aLo;
      aHi = naHi;
      aLo = naLo;
      cHi = ncHi;
      cLo = ncLo;
    }
  }

  /** The current value, high and low 64 bits. */
  private long hi;
  private long lo;

  private TeraRandom(long hi, long lo) {
    this.hi = hi;
    this.lo = lo;
  }

  /** A generator positioned so that the next {@link #next()} gives the value of row {@code row}. */
  public static TeraRandom forRow(long row) {
    if (row < 0) {
      throw new IllegalArgumentException("row must not be negative: " + row);
    }
    TeraRandom r = new TeraRandom(0, 0);
    for (int k = 0; k < 63; k++) {
      if ((row & (1L << k)) != 0) {
        r.apply(POW_A_HI[k], POW_A_LO[k], POW_C_HI[k], POW_C_LO[k]);
      }
    }
    return r;
  }

  /** Steps the generator once. */
  public void next() {
    apply(A_HI, A_LO, C_HI, C_LO);
  }

  public long hi() {
    return hi;
  }

  public long lo() {
    return lo;
  }

  /** x = a * x + c (mod 2^128). */
  private void apply(long aHi, long aLo, long cHi, long cLo) {
    long pHi = mulHi(aHi, aLo, hi, lo);
    long pLo = aLo * lo;
    long sumLo = pLo + cLo;
    hi = pHi + cHi + (Long.compareUnsigned(sumLo, pLo) < 0 ? 1 : 0);
    lo = sumLo;
  }

  /** The high 64 bits of (xHi:xLo) * (yHi:yLo) mod 2^128. */
  private static long mulHi(long xHi, long xLo, long yHi, long yLo) {
    return unsignedMultiplyHigh(xLo, yLo) + xHi * yLo + xLo * yHi;
  }

  /** The high 64 bits of the unsigned 128-bit product of two longs (Math has it from Java 18 on). */
  static long unsignedMultiplyHigh(long x, long y) {
    return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
  }
}
