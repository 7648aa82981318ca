package io.harness.core.run;

import io.harness.core.engine.Engine;
import io.harness.core.engine.LocalEngine;

import io.harness.core.workload.Figures;
import io.harness.core.workload.RunOutcome;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.workload.Workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.core.base.StopRequest;
import io.harness.core.records.Window;
import io.harness.core.fs.Target;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A stop asked at any moment of a run (before its tasks, during them, while its figures are printed, after its result
 * is saved while its reports are written, after the run has returned and before the process exits) gives the same
 * outcome: the run's exit code is the signal's, and its saved result says it was stopped.
 */
class StopAnyTimeTest {
  @TempDir
  Path dir;

  /** When the stop comes. */
  enum When { BEFORE_THE_TASKS, DURING_THE_TASKS, WHILE_PRINTING, WHILE_SAVING, AFTER_THE_RUN }

  /** Two tasks of a few calls each (no bytes anywhere), and a stop asked at {@code when}. */
  private static final class Stopped implements Workload<Target> {
    private final When when;
    private final StopRequest stop;

    Stopped(When when, StopRequest stop) {
      this.when = when;
      this.stop = stop;
    }

    private void at(When moment) {
      if (when == moment) {
        stop.request("SIGTERM", 143);
      }
    }

    @Override
    public String name() {
      return "stops";
    }

    @Override
    public String operation() {
      return "calls";
    }

    @Override
    public Object plan() {
      return Map.of("when", when.name());
    }

    @Override
    public void preflight(Target target) {
      at(When.BEFORE_THE_TASKS);
    }

    @Override
    public Prepared prepare(Target target, Settings settings) {
      Engine engine = new LocalEngine(2, 2, i -> "t" + i, Window.NONE, "stops", m -> m, (i, rec) -> {
        for (int c = 0; c < 3 || when == When.DURING_THE_TASKS && !rec.expired(); c++) {
          rec.call("call", rec.enter("call"), 0);
          if (c == 1 && i == 0) {
            at(When.DURING_THE_TASKS);
          }
          Thread.sleep(5);
        }
      });
      return new Prepared(engine, "stops: 2 tasks", dir().toString());
    }

    @Override
    public Figures figures(RunRecords records) {
      return new Calls(records.tasks().size());
    }

    @Override
    public void printed(List<String> lines) {
      at(When.WHILE_PRINTING);
    }

    @Override
    public Figures finish(Target target, RunOutcome outcome, Settings settings) {
      at(When.WHILE_SAVING); // the result is saved: what follows is the reports
      return outcome.figures();
    }

    private static Path dir() {
      return Path.of(System.getProperty("java.io.tmpdir"));
    }
  }

  /** The figures: the tasks that started. */
  record Calls(int tasks) implements Figures {
    @Override
    public List<String> lines() {
      return List.of("tasks: " + tasks);
    }
  }

  @ParameterizedTest
  @EnumSource(When.class)
  void aStopAtAnyMomentIsTheRunsExitCodeAndItsSavedResult(When when) throws Exception {
    StopRequest stop = StopRequest.detached();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    Recording recording = new Recording(null, dir.resolve("runs"), null, null, false, false, false);
    Settings settings = new Settings(quiet, new PrintStream(err, true, StandardCharsets.UTF_8), recording,
        List.of("stops"), Map.of(), 2, 0, false, stop, null);
    RunOutcome outcome = new Pipeline(settings, recording).run(new Stopped(when, stop),
        () -> Target.configured(new Configuration(), URI.create("file:///")));
    if (when == When.AFTER_THE_RUN) {
      assertEquals(0, outcome.exitCode());
      stop.request("SIGTERM", 143); // the process has not exited yet
    }
    // the command line's exit code (Harness: the stop request's), and what the run saved
    assertEquals(143, stop.exitCode(outcome.exitCode()), err.toString());
    Path folder;
    try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
      folder = s.findFirst().orElseThrow();
    }
    JsonNode saved = new ObjectMapper().readTree(folder.resolve("result.json").toFile());
    assertEquals(143, saved.get("exitCode").asInt(), when + ": " + saved.get("exitCode"));
    assertEquals("SIGTERM", saved.path("interrupted").asText(), when.toString());
    if (when != When.AFTER_THE_RUN) {
      // the report written after the mark says so too
      assertTrue(Files.readString(folder.resolve("report.html")).contains("SIGTERM"), when.toString());
    }
    if (when == When.BEFORE_THE_TASKS) {
      assertEquals(0, saved.get("tasks").size(), "no task starts once the run was asked to stop");
    }
  }
}
