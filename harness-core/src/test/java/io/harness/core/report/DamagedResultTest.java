package io.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.harness.core.base.UsageException;
import io.harness.core.result.ResultWriter;
import io.harness.core.run.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saved run's {@code result.json} read as a run only when it is whole and could be a run's: every field the
 * readers use there and of its kind, an aggregate without negative counts whose latency is that of the histogram
 * saved with it, records of its own time. Anything else is bad input naming the file and the field, for every
 * command that reads saved runs ({@link SavedRun#load}).
 */
class DamagedResultTest {
  @TempDir
  Path dir;

  private void refused(Consumer<ObjectNode> edit, String expected) throws Exception {
    Path run = SampleRun.save(dir.resolve("r" + System.nanoTime()), false).dir();
    Path file = run.resolve(RunFolder.RESULT);
    ObjectNode json = (ObjectNode) ResultWriter.mapper().readTree(file.toFile());
    edit.accept(json);
    ResultWriter.mapper().writeValue(file.toFile(), json);
    UsageException e = assertThrows(UsageException.class, () -> SavedRun.load(run, "RUN_DIR"));
    assertTrue(e.getMessage().startsWith("RUN_DIR: "), e.getMessage());
    assertTrue(e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
  }

  private static ObjectNode aggregate(ObjectNode json) {
    return (ObjectNode) json.get("aggregate");
  }

  private static ObjectNode writeLatency(ObjectNode json) {
    return (ObjectNode) json.get("aggregate").get("latency").get("write");
  }

  @Test
  void fieldsMissingOrOfTheWrongKind() throws Exception {
    String result = "result.json is not a run's result: ";
    refused(j -> j.remove("workload"), result + "field 'workload' is missing");
    refused(j -> j.put("workload", 5), result + "field 'workload' is 5, not a string");
    refused(j -> j.remove("aggregate"), result + "field 'aggregate' is missing");
    refused(j -> j.remove("plan"), result + "field 'plan' is missing");
    refused(j -> j.put("plan", "x"), result + "field 'plan' is \"x\", not an object");
    refused(j -> j.putArray("options"), result + "field 'options' is [], not an object");
    refused(j -> j.put("exitCode", "zero"), result + "field 'exitCode' is \"zero\", not a whole number");
    refused(j -> j.putArray("commandLine").add(1), result + "field 'commandLine' is 1, not a list of strings");
    refused(j -> j.put("startedAt", "yesterday"), result + "field 'startedAt' is \"yesterday\", not a time");
    refused(j -> aggregate(j).remove("bytes"), result + "field 'aggregate.bytes' is missing");
    refused(j -> aggregate(j).put("mbPerSec", "fast"), result + "field 'aggregate.mbPerSec' is missing or of the "
        + "wrong kind");
    refused(j -> j.putArray("instrumentation").addObject().putObject("counters").put("write.call", "many"),
        result + "field 'instrumentation[0].counters.write.call' is \"many\", not a count");
  }

  @Test
  void anAggregateNoRunHas() throws Exception {
    String result = "result.json is not a run's result: ";
    refused(j -> aggregate(j).put("bytes", -5), result + "aggregate.bytes is -5 (a run moves 0 bytes or more)");
    refused(j -> aggregate(j).put("mbPerSec", -22.85), result + "aggregate.mbPerSec is -22.85 (0 or more)");
    refused(j -> aggregate(j).put("failedTasks", 9), result + "aggregate: 3 task(s), 9 failed: not counts of tasks");
    refused(j -> writeLatency(j).put("count", 99), result + "aggregate.latency.write.count is 99, its histogram "
        + "counts 4 call(s)");
    refused(j -> writeLatency(j).put("p99Nanos", 5), result + "aggregate.latency.write.p99Nanos is 5, its "
        + "histogram's is ");
    refused(j -> writeLatency(j).put("histogram", "HISTnot"), result + "aggregate.latency.write.histogram is not "
        + "HdrHistogram's compressed form in Base64");
    refused(j -> j.put("finishedAt", "2020-01-01T00:00:00Z"), result + "finishedAt 2020-01-01T00:00:00Z is before "
        + "startedAt");
  }

  @Test
  void recordsOfAnotherTime() throws Exception {
    refused(j -> j.put("startedAt", "2030-01-01T00:00:00Z").put("finishedAt", "2030-01-01T00:01:00Z"),
        "records.jsonl.gz: its engine ran from 2023-11-14T22:13:18Z to 2023-11-14T22:13:23Z, outside the run's "
            + "startedAt 2030-01-01T00:00:00Z and finishedAt 2030-01-01T00:01:00Z (result.json): the records are "
            + "another run's");
  }

  @Test
  void theSampleItselfReads() throws Exception {
    Path run = SampleRun.save(dir.resolve("whole"), true).dir();
    assertEquals("sample", SavedRun.load(run, "RUN_DIR").result().workload());
    assertTrue(Files.isRegularFile(run.resolve(RunFolder.RESULT)));
  }
}
