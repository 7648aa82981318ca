package io.harness.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.harness.core.run.RunOutcome;
import io.harness.testkit.Runs;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each run's exit code is that run's, whatever ran before it in the same JVM: runs through the Java API, saved and
 * not, failing (a verified read with another seed than the write's: every task finds other bytes) and clean, one
 * after the other.
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

  private static Dfsio read(String root, long seed) {
    return Dfsio.read().verify().files(2).fileSize("1MB").seed(seed).root(root);
  }

  private static int savedExitCode(RunOutcome outcome) throws Exception {
    return Runs.result(outcome.folder()).get("exitCode").asInt();
  }
}
