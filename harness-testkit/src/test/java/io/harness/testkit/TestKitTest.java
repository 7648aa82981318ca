package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.SeededData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The kit's own checks: each accepts what it should and fails on what it must not let through. */
class TestKitTest {
  @TempDir
  Path dir;

  private static Run exited(int code, String err) {
    return new Run("harness dfsio -write", code, "", err, 0);
  }

  @Test
  void aOneLineUsageErrorIsAcceptedAndAStackTraceIsNot() {
    RunAssertions.assertUsageError(exited(2, "harness dfsio: -nrFiles: must be at least 1, was 0\n\n"), "-nrFiles");
    assertThrows(AssertionFailedError.class, () -> RunAssertions.assertUsageError(exited(2,
        "harness dfsio: -nrFiles: must be at least 1, was 0\n\tat io.harness.dfsio.Dfsio.check(Dfsio.java:1)\n"),
        "-nrFiles"));
    assertThrows(AssertionFailedError.class, () -> RunAssertions.assertUsageError(exited(2,
        "Exception in thread \"main\" java.lang.IllegalArgumentException: -nrFiles\n"), "-nrFiles"));
    // two lines, another option, another exit code
    assertThrows(AssertionFailedError.class, () -> RunAssertions.assertUsageError(exited(2,
        "harness dfsio: -nrFiles: must be at least 1\nharness dfsio: -fileSize: must be positive\n"), "-nrFiles"));
    assertThrows(AssertionFailedError.class, () -> RunAssertions.assertUsageError(exited(2,
        "harness dfsio: -fileSize: must be positive\n"), "-nrFiles"));
    assertThrows(AssertionFailedError.class, () -> RunAssertions.assertUsageError(exited(1,
        "harness dfsio: -nrFiles: must be at least 1\n"), "-nrFiles"));
  }

  @Test
  void theRealEntryPointRefusesAnUnknownCommandInOneLine() {
    Run r = Cli.run("nosuchcommand");
    RunAssertions.assertUsageError(r, "nosuchcommand");
    assertEquals("harness nosuchcommand", r.command());
  }

  @Test
  void aDiffFindsWhatWasAddedDeletedAndChanged() throws Exception {
    Files.writeString(dir.resolve("kept.txt"), "same");
    Files.writeString(dir.resolve("grows.txt"), "a");
    Files.writeString(dir.resolve("goes.txt"), "x");
    FileTree before = FileTree.of(dir);
    before.assertUnchanged("nothing done yet");

    Files.createDirectories(dir.resolve("new"));
    Files.writeString(dir.resolve("new/added.txt"), "y");
    Files.writeString(dir.resolve("grows.txt"), "ab");
    Files.delete(dir.resolve("goes.txt"));
    FileTree.Diff d = before.diff(FileTree.of(dir));
    assertEquals(Set.of("new/", "new/added.txt"), d.added());
    assertEquals(Set.of("goes.txt"), d.deleted());
    assertEquals(Set.of("grows.txt"), d.changed());
    assertEquals(1L, FileTree.of(dir).sizes().get("new/added.txt"));
    assertThrows(AssertionFailedError.class, () -> before.assertUnchanged("files were written"));
  }

  @Test
  void seededContentPassesTheSeedsBytesAndNamesTheFirstWrongOne() throws Exception {
    byte[] bytes = new byte[3 << 20];
    new SeededData(42, 7).fill(bytes, 0, bytes.length, 0);
    Path file = Files.write(dir.resolve("test_io_7"), bytes);
    SeededContent.assertFile(file, 42, 7, bytes.length);
    SeededContent.assertBytes("tail", java.util.Arrays.copyOfRange(bytes, 1000, 5000), 42, 7, 1000);

    assertThrows(AssertionFailedError.class, () -> SeededContent.assertFile(file, 42, 8, bytes.length));
    assertThrows(AssertionFailedError.class, () -> SeededContent.assertFile(file, 42, 7, bytes.length - 1));
    bytes[(2 << 20) + 5] ^= 1;
    Files.write(file, bytes);
    AssertionFailedError wrong = assertThrows(AssertionFailedError.class,
        () -> SeededContent.assertFile(file, 42, 7, bytes.length));
    assertEquals(String.valueOf((2 << 20) + 5), String.valueOf(wrong.getActual().getValue()), wrong.getMessage());
  }

  @Test
  void theLatestRunIsTheLastByName() throws Exception {
    assertEquals(0, Runs.count(dir.resolve("runs")));
    Path older = Files.createDirectories(dir.resolve("runs/20261120-101500-001-dfsio-write"));
    Path newer = Files.createDirectories(dir.resolve("runs/20261120-101500-120-dfsio-read"));
    Files.writeString(newer.resolve("result.json"), "{\"operation\": \"read\"}");
    assertEquals(List.of(older, newer), Runs.all(dir.resolve("runs")));
    assertEquals(newer, Runs.latest(dir.resolve("runs")));
    assertEquals("read", Runs.latestResult(dir.resolve("runs")).get("operation").asText());
    assertThrows(AssertionFailedError.class, () -> Runs.result(older));
    assertTrue(Runs.all(dir.resolve("none")).isEmpty());
  }

  @Test
  void flameGraphFramesAreUnpackedFromTheirSharedPrefixes(@TempDir Path dir) throws Exception {
    // "io/harness/spark/Generate" is 25 characters: the next entry takes them (25 + 32 = '9') and adds its own
    Path html = Files.writeString(dir.resolve("f.html"), String.join("\n", "<script>", "const cpool = [",
        "'all',", "' io/harness/spark/Generate.plan',", "'9Workload.batches',", "'\\'Figures'", "];", "</script>"));
    assertEquals(List.of("all", "io/harness/spark/Generate.plan", "io/harness/spark/GenerateWorkload.batches",
        "io/harnFigures"), FlameGraphs.frames(html));
    assertTrue(FlameGraphs.hasFrame(html, "GenerateWorkload."));
    assertTrue(!Files.readString(html).contains("GenerateWorkload"), "the page's text alone misses it");
  }
}
