package io.harness.teragen;

import io.harness.core.records.TaskRecord;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import io.harness.core.base.Sizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A teravalidate run's own figures: rows and checksum over the files read, the files, what was expected,
 * and the problems found (misorder inside a file or across files, rows or checksum not as expected). Any
 * problem, or a file that could not be read, fails the run.
 */
public record TeraValidateFigures(long rows, String checksum, int files, boolean checksumOnly, Long expectedRows,
    String expectedChecksum, List<String> problems, long bytes, double seconds, int unread,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    String hint) implements Figures {

  /** What the run says when it finds TeraGen's own (map) output out of order: it was never sorted. */
  static final String UNSORTED = "the rows are out of order because part-m-* files are TeraGen's map output, "
      + "which TeraGen never sorts (TeraSort does): give --checksum-only to check its rows and checksum, or sort it "
      + "first";

  static TeraValidateFigures of(TeraValidate.Plan plan, RunRecords records) {
    List<String> problems = new ArrayList<>();
    Checksum128 total = new Checksum128();
    long rows = 0;
    long bytes = 0;
    int unread = 0;
    String lastKey = null;
    String lastFile = null;
    for (TaskRecord t : records.tasks()) {
      if (t.failed()) {
        unread++;
        continue;
      }
      bytes += t.bytes();
      rows += ((Number) t.extra().getOrDefault(FileCheck.ROWS, 0)).longValue();
      total.add(Checksum128.parse((String) t.extra().get(FileCheck.CHECKSUM)));
      if (plan.checksumOnly() || !(t.extra().get(FileCheck.FIRST_KEY) instanceof String firstKey)) {
        continue;
      }
      if (t.extra().get(FileCheck.MISORDER) instanceof String misorder) {
        problems.add("misorder in " + t.name() + ": " + misorder);
      }
      // keys as hex of the same length order as their unsigned bytes do
      if (lastKey != null && lastKey.compareTo(firstKey) > 0) {
        problems.add("misorder across files: the last key of " + lastFile + " (" + lastKey
            + ") is greater than the first key of " + t.name() + " (" + firstKey + ")");
      }
      lastKey = (String) t.extra().get(FileCheck.LAST_KEY);
      lastFile = t.name();
    }
    if (plan.expectedRows() != null && unread == 0 && rows != plan.expectedRows()) {
      problems.add("rows: " + rows + ", expected " + plan.expectedRows());
    }
    if (plan.expectedChecksum() != null && unread == 0
        && !total.equals(Checksum128.parse(plan.expectedChecksum()))) {
      problems.add("checksum: " + total + ", expected " + Checksum128.parse(plan.expectedChecksum()));
    }
    return new TeraValidateFigures(rows, total.toString(), records.tasks().size(), plan.checksumOnly(),
        plan.expectedRows(), plan.expectedChecksum() == null ? null
            : Checksum128.parse(plan.expectedChecksum()).toString(), problems, bytes,
        records.engineMillis() / 1e3, unread, misordered(problems) && generated(records) ? UNSORTED : null);
  }

  private static boolean misordered(List<String> problems) {
    return problems.stream().anyMatch(p -> p.startsWith("misorder"));
  }

  /** Whether every file read is named as a map of TeraGen's writes it (a sorted output's are part-r-*). */
  private static boolean generated(RunRecords records) {
    return !records.tasks().isEmpty() && records.tasks().stream().allMatch(t -> t.name().startsWith("part-m-"));
  }

  /** The rows read and rows/s over the elapsed time. */
  @Override
  public List<io.harness.core.workload.Column> columns() {
    return io.harness.core.workload.Column.items("rows", rows, seconds > 0 ? rows / seconds : 0);
  }

  @Override
  public List<String> failures() {
    List<String> lines = new ArrayList<>(problems.stream().map(p -> "teravalidate: " + p).toList());
    if (hint != null) {
      lines.add("teravalidate: " + hint);
    }
    return lines;
  }

  @Override
  public List<String> lines() {
    boolean expected = expectedChecksum != null || expectedRows != null;
    String verdict = unread > 0 ? "FAILED (could not read every file)"
        : !problems.isEmpty() ? "FAILED (" + problems.size() + " problem(s))"
        : checksumOnly ? "OK (rows and checksum" + (expected ? " as expected" : "") + "; order not checked)"
        : "OK (sorted" + (expected ? ", rows and checksum as expected" : "") + ")";
    return List.of(
        String.format(Locale.ROOT, "teravalidate: %d rows, %d bytes, %d file(s) in %.3f s: %.2f MB/s", rows, bytes,
            files, seconds, seconds > 0 ? bytes / (double) Sizes.MB / seconds : 0),
        "teravalidate: checksum " + checksum,
        "teravalidate: " + verdict);
  }
}
