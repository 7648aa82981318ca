package io.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's folder at its end: what the libraries warned about reaches the terminal, whatever the run's outcome. */
class RunFolderTest {
  @TempDir
  Path dir;

  @Test
  void aRunThatHeldWhileItsClientWarnedSaysSo() throws IOException {
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(terminal, true, StandardCharsets.UTF_8);
    RunFolder folder = RunFolder.open(dir, "run", err, true, false);
    // set-up and shutdown lines are not the run's news: only what is logged while its tasks run
    System.err.println("09:59:00 WARN BasicRootedOzoneFileSystem: delete: Path does not exist: /vol1/bucket1/x");
    folder.measuring(true);
    for (int i = 0; i < 3; i++) {
      // an Ozone client losing a datanode, in the shipped layout; the run itself goes on and succeeds
      System.err.println("10:1" + i + ":00 WARN BlockOutputStream: Failed to commit BlockId{containerID=" + i
          + "} on Pipeline, Failed nodes: [dn" + i + "]");
    }
    System.err.println("10:20:00 ERROR OrderedAsync: Failed to send request 17 to group-1234");
    folder.measuring(false);
    System.err.println("10:21:00 ERROR DataNode: Command processor encountered interrupt and exit.");
    folder.close(err, true);
    List<String> lines = terminal.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(List.of("Library and server logs: 6 line(s), 4 warning(s), 2 error(s), 4 distinct, in "
        + dir.resolve("run").resolve(RunFolder.LOG),
        "  3x WARN BlockOutputStream: Failed to commit BlockId{containerID=0} on Pipeline, Failed nodes: [dn0]"),
        lines.subList(0, 2));
    assertEquals(5, lines.size(), lines.toString());
  }

  @Test
  void aSuccessfulRunWhoseTasksMetNoWarningSaysNothingOfItsLog() throws IOException {
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(terminal, true, StandardCharsets.UTF_8);
    RunFolder folder = RunFolder.open(dir, "quiet", err, true, false);
    System.err.println("09:59:00 WARN BasicRootedOzoneFileSystem: delete: Path does not exist: /vol1/bucket1/x");
    folder.measuring(true);
    folder.measuring(false);
    System.err.println("10:21:00 ERROR DataNode: Command processor encountered interrupt and exit.");
    folder.close(err, true);
    assertEquals("", terminal.toString(StandardCharsets.UTF_8));
  }
}
