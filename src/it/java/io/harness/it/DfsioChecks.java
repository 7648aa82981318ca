package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The checks of a dfsio write then read on a real cluster, shared by the HDFS and Ozone tests: the
 * files on the cluster (length and every byte against the seed, read back independently of the
 * harness), the printed and appended legacy block, and the run JSON.
 */
final class DfsioChecks {
  private DfsioChecks() {}

  static void writeThenVerifiedRead(Configuration clusterConf, String root, Path work, int files,
      long fileSize) throws Exception {
    Path confFile = work.resolve("cluster-site.xml");
    try (var out = Files.newOutputStream(confFile)) {
      clusterConf.writeXml(out);
    }
    Path runs = work.resolve("runs");
    Path res = work.resolve("TestDFSIO_results.log");
    String size = (fileSize >> 20) + "MB";
    Run w = Cli.run("dfsio", "-write", "-nrFiles", "" + files, "-fileSize", size,
        "--root", root, "--run-dir", runs.toString(), "-resFile", res.toString(), "-conf", confFile.toString());
    assertExit(w, 0);
    assertTrue(w.out().contains("----- TestDFSIO ----- : write"), w.out());
    assertTrue(w.out().contains("        Number of files: " + files), w.out());
    assertTrue(w.out().contains(" Total MBytes processed: " + (files * (fileSize >> 20))), w.out());
    assertTrue(w.out().contains("Aggregate throughput mb/sec: "), w.out());
    JsonNode wj = Runs.latestResult(runs);
    assertEquals("write", wj.get("operation").asText());
    assertEquals(0, wj.get("exitCode").asInt());
    assertEquals(files, wj.get("tasks").size());
    assertEquals(files * fileSize, wj.get("aggregate").get("bytes").asLong());
    assertTrue(wj.get("aggregate").get("mbPerSec").asDouble() > 0);
    assertTrue(wj.get("aggregate").get("latency").get("write").get("count").asLong()
        >= files * (fileSize / 1_000_000));
    assertEquals(files, wj.get("figures").get("legacy").get("tasks").asInt());
    assertFalse(wj.get("host").asText().isEmpty());
    assertTrue(wj.get("commandLine").toString().contains("-write"));

    // the bytes on the cluster, read back without the harness
    FileSystem fs = FileSystem.newInstance(clusterConf);
    try {
      for (int i = 0; i < files; i++) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(root + "/io_data/test_io_" + i);
        assertEquals(fileSize, fs.getFileStatus(p).getLen(), p.toString());
        SeededContent.assertFile(fs, p, wj.get("figures").get("seed").asLong(), i, fileSize);
      }
    } finally {
      fs.close();
    }

    Run r = Cli.run("dfsio", "-read", "--verify", "-nrFiles", "" + files, "-fileSize", size,
        "--root", root, "--run-dir", runs.toString(), "-resFile", res.toString(), "-conf", confFile.toString());
    assertExit(r, 0);
    assertTrue(r.out().contains("----- TestDFSIO ----- : read"), r.out());
    JsonNode rj = Runs.latestResult(runs);
    assertEquals("read", rj.get("operation").asText());
    assertEquals(files * fileSize, rj.get("aggregate").get("bytes").asLong());
    assertTrue(rj.get("options").get("--verify").asBoolean());

    String log = Files.readString(res);
    assertTrue(log.indexOf("----- TestDFSIO ----- : write") < log.indexOf("----- TestDFSIO ----- : read"), log);
    assertTrue(log.contains("----- harness ----- : read"), log);
  }
}
