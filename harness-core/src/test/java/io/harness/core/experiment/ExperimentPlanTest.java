package io.harness.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a file becomes runs: the matrix, the interleaving, --only and --set, and the lines' words. */
class ExperimentPlanTest {
  private static final String FILE = """
      repeat: 2
      targets:
        a: {embedded: hdfs, datanodes: 1}
        b: {fs: "file:///", root: /data/b}
      matrix:
        threads: [1, 10]
        size: [1MB, 4MB]
      workloads:
        - name: gen
          run: freon dfsg -t ${threads} --path ${root}/g-${repeat}
        - name: pipe
          targets: [b]
          steps:
            - {name: one, run: "dfsio -write --root ${root}/p${run}"}
            - dfsio -read --root '${root}/p x'
      """;

  private static ExperimentFile file(Path dir, String text) throws Exception {
    Path f = dir.resolve("e.yaml");
    Files.writeString(f, text);
    return ExperimentFile.read(f);
  }

  @Test
  void runsInterleaveTargetsAndAlternatePerRepeat(@TempDir Path dir) throws Exception {
    ExperimentPlan plan = ExperimentPlan.of(file(dir, FILE), 0, List.of());
    // gen uses threads only: 2 rows; pipe uses no parameter: 1 row of 2 steps
    assertEquals(3, plan.rows().size());
    assertEquals(Map.of("threads", "1"), plan.rows().get(0).params());
    assertEquals("gen threads=10", plan.rows().get(1).label());
    List<String> order = plan.runs().stream().map(r -> r.repeat() + ":" + r.row().index() + ":" + r.target().name()
        + ":" + r.step().name()).toList();
    assertEquals(List.of("1:0:a:gen", "1:0:b:gen", "1:1:a:gen", "1:1:b:gen", "1:2:b:one", "1:2:b:dfsio",
        "2:0:b:gen", "2:0:a:gen", "2:1:b:gen", "2:1:a:gen", "2:2:b:one", "2:2:b:dfsio"), order);
    ExperimentPlan.Run first = plan.runs().get(1);
    assertEquals(List.of("freon", "dfsg", "-t", "1", "--path", "/data/b/g-1"), first.args("/data/b"));
    ExperimentPlan.Run quoted = plan.runs().get(5);
    assertEquals(List.of("dfsio", "-read", "--root", "/data/b/p x"), quoted.args("/data/b"));
    assertEquals(List.of("dfsio", "-write", "--root", "/data/b/p5"), plan.runs().get(4).args("/data/b"));
  }

  @Test
  void onlyAndSetNarrowThePlan(@TempDir Path dir) throws Exception {
    ExperimentFile f = file(dir, FILE);
    ExperimentPlan plan = ExperimentPlan.of(f, 1, List.of("gen", "a"), Map.of("threads", List.of("5")));
    assertEquals(1, plan.runs().size());
    assertEquals("a", plan.runs().get(0).target().name());
    assertEquals(List.of("freon", "dfsg", "-t", "5", "--path", "/g-1"), plan.runs().get(0).args(""));
    assertTrue(assertThrows(UsageException.class, () -> ExperimentPlan.of(f, 1, List.of("nope")))
        .getMessage().startsWith("--only: 'nope' names no workload or target"));
    assertTrue(assertThrows(UsageException.class, () -> ExperimentPlan.of(f, 1, List.of(), Map.of("x", List.of("1"))))
        .getMessage().startsWith("--set: 'x' is not a matrix parameter"));
  }

  @Test
  void aStepsFiguresOverrideItsWorkloadsWhichOverrideTheFiles(@TempDir Path dir) throws Exception {
    ExperimentFile f = file(dir, FILE.replace("repeat: 2", "repeat: 2\nfigures: [items_per_sec]")
        .replace("targets: [b]", "targets: [b]\n    figures: [mb_per_sec, write_p99_ms]")
        .replace("/p${run}\"}", "/p${run}\", figures: seconds}"));
    assertEquals(List.of("items_per_sec"), f.figures());
    ExperimentFile.WorkloadSpec gen = f.workloads().get(0);
    assertEquals(List.of("items_per_sec"), gen.steps().get(0).figures(), "a run: line shows the file's");
    ExperimentFile.WorkloadSpec pipe = f.workloads().get(1);
    assertEquals(List.of("mb_per_sec", "write_p99_ms"), pipe.figures());
    assertEquals(List.of("seconds"), pipe.steps().get(0).figures(), "the step's own");
    assertEquals(List.of("mb_per_sec", "write_p99_ms"), pipe.steps().get(1).figures(), "a plain line: the workload's");
    // with none named anywhere, every step shows the default
    ExperimentFile plain = file(dir, FILE);
    assertTrue(plain.workloads().stream().flatMap(w -> w.steps().stream())
        .allMatch(s -> s.figures().equals(ExperimentFile.DEFAULT_FIGURES)));
    // the plan's runs carry their step, and so its figures
    ExperimentPlan plan = ExperimentPlan.of(f, 1, List.of("pipe"));
    assertEquals(List.of(List.of("seconds"), List.of("mb_per_sec", "write_p99_ms")),
        plan.runs().stream().map(r -> r.step().figures()).toList());
  }

  @Test
  void aDirectoryIsNotAnExperimentsFile(@TempDir Path dir) {
    UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(dir));
    assertEquals(dir + ": is a directory, not an experiment's file", e.getMessage());
  }

  @Test
  void badKeysAreNamedWithTheirPath(@TempDir Path dir) throws Exception {
    String[] cases = {
        FILE.replace("datanodes: 1}", "datanodes: 99}"), "targets.a.datanodes: expected a whole number from 1 to 16",
        FILE.replace("root: /data/b}", "root: data/b}"), "targets.b.root: 'data/b' is not an absolute path",
        FILE.replace("targets: [b]", "targets: [c]"), "workloads[1].targets[0]: no target named 'c'",
        FILE.replace("size: [1MB, 4MB]", "size: []"), "matrix.size: expected a value or a non-empty list",
        FILE.replace("repeat: 2", "repeat: 2\nrepeats: 3"), "repeats: unknown key",
        FILE.replace("- name: pipe", "- name: gen"), "workloads[1].name: a second workload named 'gen'",
        FILE.replace("b: {fs:", "b: {stopped: true, fs:"), "targets.b: datanodes: and stopped: are for embedded",
        FILE.replace("/p${run}\"}", "/p${run}\", figures: [seconds, speed]}"),
        "workloads[1].steps[0].figures[1]: 'speed' is not a column of a run's result.csv",
        FILE.replace("targets: [b]", "targets: [b]\n    figures: [mb_per_sec, p99]"),
        "workloads[1].figures[1]: 'p99' is not a column",
        FILE.replace("repeat: 2", "repeat: 2\nfigures: [seconds, seconds]"), "figures: a value is given twice",
        FILE.replace("/p${run}\"}", "/p${run}\", figures: {a: 1}}"),
        "workloads[1].steps[0].figures: expected a value or a non-empty list",
        // a key given twice, at the top or deeper: refused, not the last one taken
        FILE.replace("repeat: 2", "repeat: 2\nrepeat: 3"), "not YAML: Duplicate field 'repeat'",
        FILE.replace("threads: [1, 10]", "threads: [1, 10]\n  threads: [2]"), "not YAML: Duplicate field 'threads'"};
    for (int i = 0; i < cases.length; i += 2) {
      String text = cases[i];
      String expected = dir.resolve("e.yaml") + ": " + cases[i + 1];
      UsageException e = assertThrows(UsageException.class, () -> file(dir, text), expected);
      assertEquals(expected, e.getMessage().substring(0, Math.min(e.getMessage().length(), expected.length())),
          e.getMessage());
    }
  }

  /**
   * A plan is counted from its matrix before any run is made: past the bound it is bad input with its count (an exact
   * count, however far past a long), at or under it (or with --force) it is made.
   */
  @Test
  void aPlanPastTheBoundIsRefusedWithItsCount(@TempDir Path dir) throws Exception {
    StringBuilder values = new StringBuilder();
    for (int i = 1; i <= 1000; i++) {
      values.append(i == 1 ? "" : ", ").append(i);
    }
    StringBuilder matrix = new StringBuilder();
    StringBuilder used = new StringBuilder();
    for (char p = 'a'; p <= 'g'; p++) {
      matrix.append("  ").append(p).append(": [").append(values).append("]\n");
      used.append("${").append(p).append('}');
    }
    ExperimentFile huge = file(dir, "targets:\n  b: {fs: \"file:///\", root: /data/b}\nmatrix:\n" + matrix
        + "workloads:\n  - run: dfsio -write --root ${root}/" + used + "\n");
    UsageException e = assertThrows(UsageException.class, () -> ExperimentPlan.of(huge, 0, List.of(), Map.of(),
        ExperimentPlan.MAX_RUNS));
    assertEquals(dir.resolve("e.yaml") + ": the plan has 1000000000000000000000 runs (1000000000000000000000 line(s) "
        + "of the matrix on their targets, 1 repeat(s)), more than 1000: check the matrix (or --set, --only, "
        + "--repeat), or give --force", e.getMessage());
    // 2 x 2 rows of gen on 2 targets + 2 steps of pipe on 1 target, 2 repeats: 12 runs; 1000 repeats: 6000
    ExperimentFile small = file(dir, FILE);
    assertEquals(12, ExperimentPlan.of(small, 0, List.of(), Map.of(), 12).runs().size());
    UsageException repeats = assertThrows(UsageException.class, () -> ExperimentPlan.of(small, 1000, List.of(),
        Map.of(), ExperimentPlan.MAX_RUNS));
    assertTrue(repeats.getMessage().contains(": the plan has 6000 runs (4 line(s) of the matrix on their targets, "
        + "1000 repeat(s)), more than 1000"), repeats.getMessage());
    assertEquals(6000, ExperimentPlan.of(small, 1000, List.of(), Map.of(), Long.MAX_VALUE).runs().size());
    UsageException narrowed = assertThrows(UsageException.class, () -> ExperimentPlan.of(small, 0, List.of("gen"),
        Map.of("threads", List.of("1", "2", "3")), 11));
    assertTrue(narrowed.getMessage().contains("the plan has 12 runs (3 line(s)"), narrowed.getMessage());
  }
}
