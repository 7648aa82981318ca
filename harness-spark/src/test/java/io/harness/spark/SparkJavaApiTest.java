package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.base.UsageException;
import io.harness.core.result.ResultWriter;
import io.harness.core.workload.RunOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * generate, count and copy from Java, through their options classes and no command line, on the local file
 * system with a local master: the Parquet bytes on disk against the figures each outcome and saved run has.
 */
class SparkJavaApiTest {
  @TempDir
  Path tmp;

  /** The bytes of the Parquet data files of a data set on the local disk. */
  private static long parquetBytes(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith("part-")
          && p.getFileName().toString().endsWith(".parquet")).mapToLong(p -> p.toFile().length()).sum();
    }
  }

  private static JsonNode saved(Path runs, String operation) throws IOException {
    try (Stream<Path> s = Files.list(runs)) {
      List<Path> all = s.filter(p -> p.getFileName().toString().endsWith("-spark-" + operation)).toList();
      assertEquals(1, all.size(), all.toString());
      return ResultWriter.mapper().readTree(all.get(0).resolve("result.json").toFile());
    }
  }

  @Test
  void generateCountAndCopyRunFromTheirOptionsClasses() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    Path set = tmp.resolve("set");
    Path copy = tmp.resolve("copy");
    Path runs = tmp.resolve("runs");
    UsageException bad = assertThrows(UsageException.class, () -> Generate.dir(set.toUri().toString()).run(conf));
    assertEquals("--records: must be at least 1, was 0", bad.getMessage());
    assertFalse(Files.exists(set), "nothing written for bad input");

    RunOutcome gen = Generate.dir(set.toUri().toString()).records(300).iterations(2).recordSize("1KB")
        .partitions(2).seed(5).master("local[2]").saveTo(runs).run(conf);
    assertEquals(0, gen.exitCode());
    long written = parquetBytes(set);
    assertTrue(written > 600 * 1024, "Parquet holds at least the payloads: " + written);
    GenerateFigures g = gen.figures(GenerateFigures.class);
    assertEquals(600, g.rows());
    assertEquals(written, g.bytesWritten());
    assertEquals(written, gen.aggregate().bytes());
    JsonNode genJson = saved(runs, "generate");
    assertEquals(written, genJson.at("/figures/bytesWritten").asLong());
    assertEquals(300, genJson.at("/plan/records").asLong());
    assertEquals("local[2]", genJson.at("/figures/master").asText());

    RunOutcome count = Count.dir(set.toString()).verify().expectRows(600).saveTo(runs).run(conf);
    assertEquals(0, count.exitCode());
    CountFigures c = count.figures(CountFigures.class);
    assertEquals(600, c.rows());
    assertEquals(written, c.bytesRead());
    assertEquals(600, c.verify().distinctIds());
    assertEquals(0, c.verify().badPayloads());
    assertEquals(600, saved(runs, "count").at("/figures/verify/rows").asLong());

    RunOutcome copied = Copy.of(set.toUri().toString(), copy.toUri().toString()).verify().compression("none")
        .saveTo(runs).run(conf);
    assertEquals(0, copied.exitCode());
    CopyFigures f = copied.figures(CopyFigures.class);
    assertEquals(written, f.bytesRead());
    assertEquals(parquetBytes(copy), f.bytesWritten());
    assertEquals(600L, f.destinationRows());
    assertEquals(parquetBytes(copy), saved(runs, "copy").at("/figures/bytesWritten").asLong());
    assertEquals("none", saved(runs, "copy").at("/plan/compression").asText());
  }
}
