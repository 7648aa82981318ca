package io.harness.core.report;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A CSV file the harness writes, through Jackson's CSV module: a header line of column names, then one line per
 * row, each row as many cells as there are columns. A null cell is empty; numbers are written in full (Java's
 * shortest exact form); text is quoted where it must be.
 */
public final class CsvFile {
  private static final CsvMapper MAPPER = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
      .build();

  private CsvFile() {}

  /** Writes {@code rows} under {@code columns} to {@code file}, replacing it. */
  public static void write(Path file, List<String> columns, List<List<Object>> rows) throws IOException {
    CsvSchema.Builder schema = CsvSchema.builder();
    columns.forEach(schema::addColumn);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        SequenceWriter out = MAPPER.writer(schema.build().withHeader()).writeValues(w)) {
      for (List<Object> row : rows) {
        if (row.size() != columns.size()) {
          throw new IllegalArgumentException("a row of " + row.size() + " cells under " + columns.size() + " columns");
        }
        // an empty string, not null: some Jackson versions (Spark's 2.18) leave a null element out of the line
        out.write(row.stream().map(v -> v == null ? "" : v).toList());
      }
    }
  }

  /**
   * A kind of call (or a counter) as a part of a column name: lower case, every character but a-z, 0-9 as
   * {@code _} ({@code write}, {@code hflush}, {@code watch_for_commit}).
   */
  public static String name(String kind) {
    return kind.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
  }
}
