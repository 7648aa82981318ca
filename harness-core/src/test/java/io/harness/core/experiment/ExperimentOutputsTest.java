package io.harness.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.harness.core.base.UsageException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A line's own local files land in the experiment's folder, beside its run's; one outside it is refused. */
class ExperimentOutputsTest {
  private static final Path DIR = Path.of("/x/exp");
  private static final Path RUN_DIR = DIR.resolve("runs/01-dfsio/local");
  private static final Map<String, Path> DEFAULT = Map.of("-resFile", Path.of("TestDFSIO_results.log"));

  private static List<String> line(List<String> args, Map<String, Path> outputs) {
    return ExperimentOutputs.apply(args, ExperimentOutputs.place("e.yaml", "workloads[0].run", args, outputs, RUN_DIR,
        DIR));
  }

  @Test
  void defaultsAndRelativePathsGoBesideTheRunsFolder() {
    assertEquals(List.of("dfsio", "-write", "-resFile", "/x/exp/runs/01-dfsio/local/TestDFSIO_results.log"),
        line(List.of("dfsio", "-write"), DEFAULT));
    assertEquals(List.of("dfsio", "-write", "-resfile", "/x/exp/runs/01-dfsio/local/res/r.log", "--json=/x/exp/r.json"),
        line(List.of("dfsio", "-write", "-resfile", "res/r.log", "--json=../../../r.json"),
            Map.of("-resFile", Path.of("res/r.log"))));
    assertEquals(List.of("teragen", "10", "d", "--json", "/x/exp/j.json"),
        line(List.of("teragen", "10", "d", "--json", "/x/exp/j.json"), Map.of()));
  }

  @Test
  void aPathOutsideTheFolderIsRefused() {
    UsageException e = assertThrows(UsageException.class, () -> line(List.of("dfsio", "-write", "-resFile",
        "/tmp/r.log"), Map.of("-resFile", Path.of("/tmp/r.log"))));
    assertEquals("e.yaml: workloads[0].run: -resFile /tmp/r.log is outside the experiment's folder /x/exp (-o): "
        + "every file its runs write goes there (give a path relative to the run's folder)", e.getMessage());
    assertThrows(UsageException.class, () -> line(List.of("dfsio", "--json", "../../../../j.json"), Map.of()));
    UsageException same = assertThrows(UsageException.class, () -> line(List.of("dfsio", "--json",
        "TestDFSIO_results.log"), DEFAULT));
    assertEquals("e.yaml: workloads[0].run: --json /x/exp/runs/01-dfsio/local/TestDFSIO_results.log is also "
        + "-resFile's: give them files of their own", same.getMessage());
  }
}
