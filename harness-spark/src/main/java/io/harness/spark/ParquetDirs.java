package io.harness.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.result.ResultWriter;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Parquet data sets on a Hadoop file system, as Spark reads and writes them. */
final class ParquetDirs {
  /** What {@code spark generate} leaves next to the data: how to check every row. */
  static final String MARKER = "_harness-spark-generate.json";

  /**
   * What a directory written by Spark's Parquet writer (and {@code spark generate}) may hold, for
   * {@code --overwrite} to replace it: anything else and nothing is deleted.
   */
  static final Pattern OUTPUT_ENTRY = Pattern.compile("part-[^/]+|\\.part-[^/]+\\.crc|_SUCCESS|\\._SUCCESS\\.crc"
      + "|_temporary|\\.spark-staging-[^/]+|" + Pattern.quote(MARKER) + "|\\." + Pattern.quote(MARKER) + "\\.crc");

  /** Parquet's magic number: the first and the last four bytes of every Parquet file. */
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  /** The shortest Parquet file: the magic number, the footer's 4-byte length, the magic number. */
  private static final int SHORTEST = 12;

  private ParquetDirs() {}

  /** The data files of a data set: files whose names start with neither '_' nor '.', at any depth. */
  record DataFiles(Map<String, Long> files) {
    long bytes() {
      return files.values().stream().mapToLong(Long::longValue).sum();
    }

    int count() {
      return files.size();
    }
  }

  static boolean hidden(String name) {
    return name.startsWith("_") || name.startsWith(".");
  }

  /** The data files under {@code p} (or {@code p} itself when it is a file), by path, with their lengths. */
  static DataFiles list(FileSystem fs, Path p) throws IOException {
    Map<String, Long> out = new TreeMap<>();
    FileStatus st = fs.getFileStatus(p);
    if (st.isFile()) {
      out.put(st.getPath().toString(), st.getLen());
    } else {
      walk(fs, p, out);
    }
    return new DataFiles(out);
  }

  private static void walk(FileSystem fs, Path dir, Map<String, Long> out) throws IOException {
    for (FileStatus s : fs.listStatus(dir)) {
      String name = s.getPath().getName();
      if (hidden(name)) {
        continue;
      }
      if (s.isDirectory()) {
        walk(fs, s.getPath(), out);
      } else {
        out.put(s.getPath().toString(), s.getLen());
      }
    }
  }

  /**
   * The first data file that is not a Parquet file, and why, or null when all are. A Parquet file starts and
   * ends with the magic number {@code PAR1} (the footer's length sits before the last one): only those bytes
   * are read. Empty files are passed over, as Spark passes over them, unless every file is empty.
   */
  static String firstNotParquet(FileSystem fs, DataFiles files) throws IOException {
    String firstEmpty = null;
    boolean parquet = false;
    for (Map.Entry<String, Long> e : files.files().entrySet()) {
      long len = e.getValue();
      if (len == 0) {
        firstEmpty = firstEmpty == null ? e.getKey() : firstEmpty;
        continue;
      }
      if (len < SHORTEST) {
        return e.getKey() + " is not a Parquet file (" + len + " bytes; the shortest Parquet file has "
            + SHORTEST + ")";
      }
      byte[] head = new byte[MAGIC.length];
      byte[] tail = new byte[MAGIC.length];
      try (FSDataInputStream in = fs.open(new Path(e.getKey()))) {
        in.readFully(0, head);
        in.readFully(len - MAGIC.length, tail);
      }
      if (!Arrays.equals(head, MAGIC) || !Arrays.equals(tail, MAGIC)) {
        return e.getKey() + " is not a Parquet file (it does not start and end with the magic number PAR1)";
      }
      parquet = true;
    }
    return parquet || firstEmpty == null ? null
        : firstEmpty + " is empty, as is every data file of the set: not a Parquet file";
  }

  /** The first entry of {@code dir} that Spark's Parquet writer would not have written, or null. */
  static String foreignEntry(FileSystem fs, Path dir) throws IOException {
    for (FileStatus s : fs.listStatus(dir)) {
      String name = s.getPath().getName();
      if (!OUTPUT_ENTRY.matcher(name).matches()
          || (s.isDirectory() && !name.equals("_temporary") && !name.startsWith(".spark-staging-"))) {
        return name;
      }
    }
    return null;
  }

  /** {@code spark generate}'s description of a data set, or null when {@code dir} has none. */
  static Map<String, Object> readMarker(FileSystem fs, Path dir) throws IOException {
    Path m = new Path(dir, MARKER);
    try (InputStream in = fs.open(m)) {
      @SuppressWarnings("unchecked")
      Map<String, Object> map = ResultWriter.mapper().readValue(in, LinkedHashMap.class);
      return map;
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  static void writeMarker(FileSystem fs, Path dir, Map<String, Object> marker) throws IOException {
    ObjectMapper mapper = ResultWriter.mapper();
    try (OutputStream o = fs.create(new Path(dir, MARKER), true)) {
      o.write(mapper.writeValueAsBytes(marker));
    }
  }

  /**
   * The data files of a source data set; a missing or empty one, or one with a file that is not Parquet, is bad
   * input (named by its argument).
   */
  static DataFiles existing(SparkTarget.Place l) throws IOException {
    DataFiles f;
    try {
      f = list(l.fs(), l.path());
    } catch (FileNotFoundException e) {
      throw new UsageException(l.argument(), "no such file or directory: " + l.path());
    }
    if (f.count() == 0) {
      throw new UsageException(l.argument(), l.path() + " holds no Parquet data files");
    }
    String notParquet = firstNotParquet(l.fs(), f);
    if (notParquet != null) {
      throw new UsageException(l.argument(), notParquet);
    }
    return f;
  }

  /**
   * Checks that a destination may be written: it does not exist, or {@code overwrite} and it is a directory
   * that holds nothing but Spark's Parquet output ({@code what}: what it is, for the message).
   */
  static void checkDestination(SparkTarget.Place d, boolean overwrite, String what) throws IOException {
    FileSystem fs = d.fs();
    if (!fs.exists(d.path())) {
      return;
    }
    if (!overwrite) {
      throw new UsageException(d.argument(), d.path() + " already exists (" + what + ")");
    }
    if (!fs.getFileStatus(d.path()).isDirectory()) {
      throw new UsageException(d.argument(), d.path() + " is a file, not a Parquet data set; nothing deleted");
    }
    String foreign = foreignEntry(fs, d.path());
    if (foreign != null) {
      throw new UsageException("--overwrite", d.path() + " holds " + foreign + ", which Spark's Parquet writer "
          + "did not write; nothing deleted");
    }
  }

  /** Deletes what {@link #checkDestination} let {@code --overwrite} replace. */
  static void replace(SparkTarget.Place d) throws IOException {
    if (d.fs().exists(d.path()) && !d.fs().delete(d.path(), true)) {
      throw new RunFailedException("--overwrite: could not delete " + d.path());
    }
  }

  /** Names of {@code files} not in {@code before}. */
  static List<String> added(DataFiles before, DataFiles after) {
    List<String> out = new ArrayList<>();
    for (String f : after.files().keySet()) {
      if (!before.files().containsKey(f)) {
        out.add(f);
      }
    }
    return out;
  }
}
