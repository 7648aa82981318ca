package io.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.harness.core.base.Units;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What {@code harness compare} lists as differing between runs: values as the workload reads them (a size, a time, a
 * number, however spelt), an option a run did not give said apart from a value, and the options of another
 * workload's command not compared at all.
 */
class OptionDifferencesTest {
  private static SavedRun run(String name, String workload, Object... options) {
    Map<String, Object> o = new LinkedHashMap<>();
    for (int i = 0; i < options.length; i += 2) {
      o.put((String) options[i], options[i + 1]);
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("workload", workload);
    result.put("operation", "write");
    result.put("commandLine", List.of(workload));
    result.put("options", o);
    RunResult r = ResultWriter.mapper().convertValue(result, RunResult.class);
    return new SavedRun(Path.of("runs", name), r, null, null);
  }

  private static List<String> differences(SavedRun... runs) {
    return OptionDifferences.of(java.util.Arrays.stream(runs).map(RunGroup::of).toList());
  }

  @Test
  void oneValueSpeltTwoWaysIsNoDifference() {
    assertEquals(List.of(), differences(run("a", "dfsio", "-fileSize", "10mb", "--duration", "60s", "-nrFiles", 2),
        run("b", "dfsio", "-fileSize", "10MB", "--duration", "1m", "-nrFiles", "2"),
        run("c", "dfsio", "-fileSize", "10240KB", "--duration", "60000ms", "-nrFiles", 2.0)));
    assertEquals(List.of("option -fileSize differs: 10mb in a; 20MB in b"),
        differences(run("a", "dfsio", "-fileSize", "10mb"), run("b", "dfsio", "-fileSize", "20MB")));
  }

  @Test
  void anOptionNotGivenIsNoValue() {
    assertEquals(List.of("option --threads given in b only: 2 (not given in a: the workload's default)"),
        differences(run("a", "dfsio", "--threads", null), run("b", "dfsio", "--threads", 2)));
    assertEquals(List.of("option --threads differs: 2 in b; 1 in c (not given in a: the workload's default)"),
        differences(run("a", "dfsio", "--threads", null), run("b", "dfsio", "--threads", 2),
            run("c", "dfsio", "--threads", 1)));
    assertEquals(List.of(), differences(run("a", "dfsio", "--threads", null), run("b", "dfsio", "--threads", null)));
  }

  @Test
  void anotherWorkloadsOptionsAreNotCompared() {
    assertEquals(List.of("workloads differ: dfsio write in a; teragen write in b"),
        differences(run("a", "dfsio", "-nrFiles", 2, "--threads", 4), run("b", "teragen", "-m", 2, "--threads", 4)));
  }

  @Test
  void aBareNumberIsReadAsItsOptionReadsIt() {
    SavedRun a = run("a", "dfsio", "-fileSize", "10");
    SavedRun b = run("b", "dfsio", "-fileSize", "10MB");
    List<RunGroup> groups = List.of(RunGroup.of(a), RunGroup.of(b));
    // without the option's type, a bare 10 is no size
    assertEquals(List.of("option -fileSize differs: 10 in a; 10MB in b"), OptionDifferences.of(groups));
    // -fileSize reads a bare number as MB
    assertEquals(List.of(), OptionDifferences.of(groups, (r, option, saved) -> Units.megabytes((String) saved)));
  }

  @Test
  void aGroupWhoseRunsDifferNamesEachRun() {
    List<RunGroup> groups = List.of(new RunGroup("x", List.of(run("r1", "dfsio", "--threads", 1),
        run("r2", "dfsio", "--threads", 2))), RunGroup.of(run("r3", "dfsio", "--threads", 1)));
    assertEquals(List.of("option --threads differs: 1 in x/r1, r3; 2 in x/r2"), OptionDifferences.of(groups));
  }
}
