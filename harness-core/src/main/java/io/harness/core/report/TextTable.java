package io.harness.core.report;

import java.io.PrintStream;
import java.util.List;

/**
 * A {@link ReportTable} as plain text: columns two spaces apart, the first left-aligned and the others
 * right-aligned, a rule under the header, and the notes under the table.
 */
public final class TextTable {
  private TextTable() {}

  /** Prints {@code table} to {@code out}. */
  public static void print(ReportTable table, PrintStream out) {
    int n = table.columns().size();
    int[] width = new int[n];
    for (int c = 0; c < n; c++) {
      width[c] = table.columns().get(c).length();
      for (List<String> row : table.rows()) {
        width[c] = Math.max(width[c], row.get(c).length());
      }
    }
    out.println(line(table.columns(), width));
    StringBuilder rule = new StringBuilder();
    for (int c = 0; c < n; c++) {
      rule.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
    }
    out.println(rule);
    table.rows().forEach(row -> out.println(line(row, width)));
    if (!table.notes().isEmpty()) {
      out.println();
      table.notes().forEach(note -> out.println("  " + note));
    }
  }

  private static String line(List<String> cells, int[] width) {
    StringBuilder b = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      String pad = " ".repeat(width[c] - cell.length());
      b.append(c == 0 ? cell + pad : "  " + pad + cell);
    }
    return b.toString().stripTrailing();
  }
}
