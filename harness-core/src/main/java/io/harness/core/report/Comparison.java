package io.harness.core.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs, or groups of repeated runs, side by side: per figure ({@link RunFigures}), each group's {@link Spread}
 * over its runs, and each later group's median over the first's, marked where the two min-max ranges overlap
 * (the difference is within the noise of the repeats). What {@code harness compare} prints, writes as CSV and
 * hands to the HTML report.
 */
public record Comparison(List<RunGroup> groups, List<Row> rows, List<String> notes) {
  /** The mark after a ratio whose group's min-max range overlaps the first group's. */
  public static final String OVERLAP = "~";
  /** The columns of the comparison's CSV: one row per figure and group. */
  public static final List<String> CSV_COLUMNS = List.of("figure", "group", "runs", "median", "min", "max", "ratio",
      "overlaps_first");

  /** What a group's cell shows where its runs have the figure but none can tell it. */
  public static final String NOT_AVAILABLE = "n/a";

  /**
   * One figure: its spread in each group, in the groups' order (null where no run of the group has a value), and
   * the groups whose runs have the figure only as n/a (an agent percentile of a run saved without buckets).
   */
  public record Row(String figure, List<Spread> cells, Set<Integer> notAvailable) {
    public Row {
      cells = java.util.Collections.unmodifiableList(new ArrayList<>(cells));
      notAvailable = Set.copyOf(notAvailable);
    }

    /** Whether {@code group}'s range overlaps the first group's (false where either has no value). */
    public boolean overlapsFirst(int group) {
      Spread first = cells.get(0);
      Spread s = cells.get(group);
      return first != null && s != null && s.overlaps(first);
    }

    /** {@code group}'s median over the first group's, or null. */
    public Double ratio(int group) {
      Spread first = cells.get(0);
      Spread s = cells.get(group);
      return first == null || s == null ? null : s.ratioTo(first);
    }
  }

  public Comparison {
    groups = List.copyOf(groups);
    rows = List.copyOf(rows);
    notes = List.copyOf(notes);
  }

  /** The comparison of {@code groups}, with {@code notes} (what differs between the runs) under its table. */
  public static Comparison of(List<RunGroup> groups, List<String> notes) {
    Map<String, List<List<Double>>> values = new LinkedHashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      for (SavedRun run : groups.get(g).runs()) {
        for (RunFigures.Figure f : RunFigures.of(run)) {
          List<List<Double>> perGroup = values.computeIfAbsent(f.name(), k -> emptyLists(groups.size()));
          perGroup.get(g).add(f.value());
        }
      }
    }
    List<Row> rows = new ArrayList<>();
    values.forEach((figure, perGroup) -> {
      List<Spread> cells = new ArrayList<>();
      Set<Integer> notAvailable = new HashSet<>();
      for (int g = 0; g < perGroup.size(); g++) {
        double[] known = perGroup.get(g).stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
        cells.add(known.length == 0 ? null : Spread.of(known));
        if (known.length == 0 && !perGroup.get(g).isEmpty()) {
          notAvailable.add(g);
        }
      }
      rows.add(new Row(figure, cells, notAvailable));
    });
    List<String> all = new ArrayList<>();
    for (RunGroup g : groups) {
      all.add(g.label() + ": " + (g.runs().size() == 1 ? g.runs().get(0).dir()
          : g.runs().size() + " runs: " + String.join(", ", g.runs().stream().map(SavedRun::name).toList())));
    }
    if (groups.stream().anyMatch(g -> g.runs().size() > 1)) {
      all.add("a group's figure is the median of its runs (of an even number, the mean of the two middle ones) "
          + "[its min - max]");
    }
    all.add("ratio: the column's median over the first column's; " + OVERLAP + " after it: their min-max ranges "
        + "overlap, the difference is within the noise of the runs");
    if (rows.stream().anyMatch(r -> r.figure().contains(RunFigures.AGENT))) {
      all.add("CALL agent p50 / p99 / max ms: the timing agent's, from the buckets of every report that counted the "
          + "call added together (the max: the largest report's); " + NOT_AVAILABLE + ": a run saved without buckets "
          + "whose call several reports counted");
    }
    all.addAll(notes);
    return new Comparison(groups, rows, all);
  }

  private static List<List<Double>> emptyLists(int n) {
    List<List<Double>> lists = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      lists.add(new ArrayList<>());
    }
    return lists;
  }

  /** The table as printed: the figure, then per group its cell and, after the first, the ratio to the first. */
  public ReportTable table() {
    List<String> columns = new ArrayList<>(List.of("figure"));
    for (int g = 0; g < groups.size(); g++) {
      columns.add(groups.get(g).label());
      if (g > 0) {
        columns.add("ratio");
      }
    }
    List<List<String>> cells = new ArrayList<>();
    for (Row r : rows) {
      List<String> line = new ArrayList<>(List.of(r.figure()));
      for (int g = 0; g < groups.size(); g++) {
        line.add(r.notAvailable().contains(g) ? NOT_AVAILABLE : cell(r.cells().get(g)));
        if (g > 0) {
          Double ratio = r.ratio(g);
          line.add(ratio == null ? "" : "x" + String.format(Locale.ROOT, "%.2f", ratio)
              + (r.overlapsFirst(g) ? " " + OVERLAP : ""));
        }
      }
      cells.add(line);
    }
    return new ReportTable(columns, cells, notes);
  }

  /** A group's cell: its median, and [min - max] when more than one run had the figure; empty when none did. */
  public static String cell(Spread s) {
    if (s == null) {
      return "";
    }
    return s.runs() == 1 ? number(s.median())
        : number(s.median()) + " [" + number(s.min()) + " - " + number(s.max()) + "]";
  }

  /** A figure as the table shows it: whole numbers as such, else 2 decimals (from 1), 3 significant digits below. */
  public static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Math.abs(v) >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3g", v);
  }

  /**
   * Writes the comparison as CSV ({@link #CSV_COLUMNS}), the numbers in full; a group whose runs have a figure only
   * as n/a gets its row with {@code runs} 0 and the numbers empty.
   */
  public void writeCsv(Path file) throws IOException {
    List<List<Object>> lines = new ArrayList<>();
    for (Row r : rows) {
      for (int g = 0; g < groups.size(); g++) {
        Spread s = r.cells().get(g);
        if (s == null) {
          if (r.notAvailable().contains(g)) {
            lines.add(Arrays.asList(r.figure(), groups.get(g).label(), 0, null, null, null, null, null));
          }
          continue;
        }
        lines.add(Arrays.asList(r.figure(), groups.get(g).label(), s.runs(), s.median(), s.min(), s.max(),
            g == 0 ? null : r.ratio(g), g == 0 ? null : r.overlapsFirst(g)));
      }
    }
    CsvFile.write(file, CSV_COLUMNS, lines);
  }
}
