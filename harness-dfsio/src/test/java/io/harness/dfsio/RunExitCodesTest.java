package io.harness.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.UsageException;
import io.harness.core.workload.RunOutcome;
import java.nio.file.Files;
import java.time.Duration;
import io.harness.testkit.Runs;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each run's exit code is that run's, whatever ran before it in the same JVM: runs through the Java API, saved and
 * not, failing (a verified read with another seed than the write's: every task finds other bytes) and clean, one
 * after the other. A builder given what no run can take (null, a duration that is not positive, a run folder that
 * cannot be made) throws a {@link UsageException} naming the argument, as the command line's exit 2, before
 * anything is written.
 */
class RunExitCodesTest {
  @TempDir
  Path dir;

  @Test
  void eachRunReportsItsOwnExitCode() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    String root = dir.resolve("bench").toUri().getPath();
    Path runs = dir.resolve("runs");

    assertEquals(0, Dfsio.write().files(2).fileSize("1MB").seed(11).root(root).run(conf).exitCode());

    RunOutcome savedFailing = read(root, 12).saveTo(runs).run(conf);
    assertEquals(1, savedFailing.exitCode());
    assertEquals(1, savedExitCode(savedFailing));

    RunOutcome clean = read(root, 11).run(conf);
    assertEquals(0, clean.exitCode());

    RunOutcome unsavedFailing = read(root, 12).run(conf);
    assertEquals(1, unsavedFailing.exitCode());

    RunOutcome savedClean = read(root, 11).saveTo(runs).run(conf);
    assertEquals(0, savedClean.exitCode());
    assertEquals(0, savedExitCode(savedClean));
    assertEquals(1, read(root, 12).saveTo(runs).run(conf).exitCode());
  }

  @Test
  void aMisusedBuilderIsBadInputNamingTheArgument() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    String root = dir.resolve("bench").toUri().getPath();
    Dfsio w = Dfsio.write().files(1).fileSize("1KB").root(root);
    bad("taskTimeout: must be positive, was PT-5S", () -> w.taskTimeout(Duration.ofSeconds(-5)));
    bad("taskTimeout: must be positive, was PT0S", () -> w.taskTimeout(Duration.ZERO));
    bad("taskTimeout: must be positive, was null", () -> w.taskTimeout(null));
    bad("taskTimeout: must be at most 292 years", () -> w.taskTimeout(Duration.ofDays(400 * 365)));
    bad("liveEvery: must be at least 10ms, was null", () -> w.liveEvery(null));
    bad("barrierTimeout: must be positive, was null", () -> w.clients(2, null));
    bad("printTo: the out stream must not be null", () -> w.printTo(null, System.err));
    bad("conf: must not be null", () -> w.run(null));
    bad("fileSystem: must not be null", () -> w.run(null, conf));
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    bad("saveTo: cannot create " + file.resolve("runs"), () -> w.saveTo(file.resolve("runs")).run(conf));
    assertFalse(Files.exists(dir.resolve("bench")), "nothing written");
  }

  private static void bad(String expected, org.junit.jupiter.api.function.Executable call) {
    UsageException e = assertThrows(UsageException.class, call);
    assertTrue(e.getMessage().startsWith(expected), e.getMessage());
  }

  private static Dfsio read(String root, long seed) {
    return Dfsio.read().verify().files(2).fileSize("1MB").seed(seed).root(root);
  }

  private static int savedExitCode(RunOutcome outcome) throws Exception {
    return Runs.result(outcome.folder()).get("exitCode").asInt();
  }
}
