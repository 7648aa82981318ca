package io.harness.teragen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * Rows and checksums against Hadoop's own generator classes (hadoop-mapreduce-examples, package-private,
 * reached by reflection): the same row at row ids from 0 to near 2^63, so skip-ahead is checked far past
 * anything a test can write.
 */
class TeraRowsPeerTest {
  private static final String PKG = "org.apache.hadoop.examples.terasort.";

  private static byte[] hadoopRow(long rowId) throws Exception {
    Class<?> u16 = Class.forName(PKG + "Unsigned16");
    Class<?> random16 = Class.forName(PKG + "Random16");
    Class<?> genSort = Class.forName(PKG + "GenSort");
    Constructor<?> ofLong = u16.getDeclaredConstructor(long.class);
    ofLong.setAccessible(true);
    Method skipAhead = random16.getDeclaredMethod("skipAhead", u16);
    Method nextRand = random16.getDeclaredMethod("nextRand", u16);
    Method generate = genSort.getDeclaredMethod("generateRecord", byte[].class, u16, u16);
    skipAhead.setAccessible(true);
    nextRand.setAccessible(true);
    generate.setAccessible(true);
    Object rand = skipAhead.invoke(null, ofLong.newInstance(rowId));
    nextRand.invoke(null, rand);
    byte[] row = new byte[100];
    generate.invoke(null, row, rand, ofLong.newInstance(rowId));
    return row;
  }

  private static byte[] ourRow(long rowId) {
    TeraRandom r = TeraRandom.forRow(rowId);
    r.next();
    byte[] row = new byte[100];
    TeraRows.fill(row, 0, r.hi(), r.lo(), rowId);
    return row;
  }

  @Test
  void rowsEqualHadoopsAtAnyRowId() throws Exception {
    long[] ids = {0, 1, 2, 3, 99, 1000, 65_535, 65_536, 1L << 32, (1L << 32) + 5, 999_999_999_999L,
        1_073_741_823L, 0x5DEECE66DL, (1L << 62) + 12345, Long.MAX_VALUE - 1};
    for (long id : ids) {
      assertArrayEquals(hadoopRow(id), ourRow(id), "row " + id);
    }
    java.util.Random rnd = new java.util.Random(7);
    for (int i = 0; i < 200; i++) {
      long id = rnd.nextLong() & Long.MAX_VALUE;
      assertArrayEquals(hadoopRow(id), ourRow(id), "row " + id);
    }
  }

  @Test
  void stepsAfterASkipEqualSkipsToEachRow() {
    TeraRandom stepped = TeraRandom.forRow(1_000_000L);
    for (long row = 1_000_000L; row < 1_000_300L; row++) {
      stepped.next();
      TeraRandom direct = TeraRandom.forRow(row);
      direct.next();
      assertEquals(direct.hi(), stepped.hi(), "row " + row);
      assertEquals(direct.lo(), stepped.lo(), "row " + row);
    }
  }

  @Test
  void checksumIsTheSumOfRowCrcsPrintedAsTeraValidatePrintsIt() {
    byte[] rows = new byte[300];
    for (int i = 0; i < 3; i++) {
      System.arraycopy(ourRow(i), 0, rows, i * 100, 100);
    }
    long expected = 0;
    for (int i = 0; i < 3; i++) {
      CRC32 c = new CRC32();
      c.update(rows, i * 100, 100);
      expected += c.getValue();
    }
    Checksum128 sum = new Checksum128();
    sum.addRows(rows, 0, 300);
    assertEquals(Long.toHexString(expected), sum.toString());
    // a carry into the high 64 bits, printed as Unsigned16 prints it (high digits, then 16 low digits)
    Checksum128 big = Checksum128.parse("ffffffffffffffff");
    big.add(0, 2);
    assertEquals("10000000000000001", big.toString());
    assertEquals(big, Checksum128.parse(big.toString()));
  }

  @Test
  void splitsAreHadoops() {
    // TeraGen: map i ends at ceil(rows * (i + 1) / maps): ceil(333.67) = 334, ceil(667.33) = 668, 1001
    assertEquals(java.util.List.of(new RowRange(0, 0, 334), new RowRange(1, 334, 334), new RowRange(2, 668, 333)),
        RowRange.split(1001, 3));
    long rows = 0;
    for (RowRange r : RowRange.split(10_000_000_007L, 7)) {
      assertEquals(rows, r.first());
      rows += r.count();
    }
    assertEquals(10_000_000_007L, rows);
    assertEquals("part-m-00007", RowRange.fileName(7));
  }

  @Test
  void rowCountsTakeTeraGensSuffixes() {
    assertEquals(1_000L, RowsParser.parseRows("ROWS", "1k"));
    assertEquals(5_000_000L, RowsParser.parseRows("ROWS", "5m"));
    assertEquals(2_000_000_000L, RowsParser.parseRows("ROWS", "2b"));
    // Hadoop's TeraGen computes 't' in int arithmetic and gets a wrong count; this is exact
    assertEquals(3_000_000_000_000L, RowsParser.parseRows("ROWS", "3T"));
    assertEquals(1_073_741_824L, RowsParser.rowsOfSize("100G"));
    assertEquals(10_486L, RowsParser.rowsOfSize("1M"));
  }
}
