package io.harness.core.report;

import java.util.List;

/**
 * A table as the reports show it, already formatted: its column headers, its rows (each as many cells as
 * there are columns) and notes printed under it (what a mark means, which options differ). The same table is
 * printed on a terminal, written as CSV and drawn in HTML.
 */
public record ReportTable(List<String> columns, List<List<String>> rows, List<String> notes) {
  public ReportTable {
    columns = List.copyOf(columns);
    rows = rows.stream().map(List::copyOf).toList();
    notes = List.copyOf(notes);
    for (List<String> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException("a row of " + row.size() + " cells in a table of " + columns.size()
            + " columns: " + row);
      }
    }
  }
}
