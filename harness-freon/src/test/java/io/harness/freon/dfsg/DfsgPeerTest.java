package io.harness.freon.dfsg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.cli.Harness;
import io.harness.core.result.ResultWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.ozone.freon.Freon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peer check of {@code harness freon dfsg}: Ozone's own {@code ozone freon dfsg} (HadoopFsGenerator, run in this
 * JVM through its entry class) and the harness, with the same -n, -s and -t, each under a prefix of its own in one
 * local folder. Both must leave the same files (names and sizes) and the harness's result must count what is on
 * disk. Counts and bytes, not speed (bench/dfsg-hdfs-vs-ozone compares the times).
 */
class DfsgPeerTest {
  private static final int FILES = 12;
  private static final int SIZE = 10_000;

  @TempDir
  Path dir;

  @Test
  void harnessAndFreonLeaveTheSameFilesAndTheHarnessCountsThem() throws Exception {
    Path base = dir.resolve("fs");
    String uri = base.toUri().toString();
    int freon = freon("-n", String.valueOf(FILES), "-s", String.valueOf(SIZE), "-t", "3", "--path", uri, "-p",
        "peer");
    assertEquals(0, freon, "ozone freon dfsg exited " + freon);

    ByteArrayOutputStream said = new ByteArrayOutputStream();
    PrintStream p = new PrintStream(said, true, StandardCharsets.UTF_8);
    Path json = dir.resolve("harness.json");
    int code = Harness.run(Map.of(), p, p, "freon", "dfsg", "-n", String.valueOf(FILES), "-s", String.valueOf(SIZE),
        "-t", "3", "--path", uri, "-p", "harness", "--run-dir", dir.resolve("runs").toString(), "--json",
        json.toString(), "--no-report");
    assertEquals(0, code, said.toString(StandardCharsets.UTF_8));

    Map<String, Long> peer = files(base.resolve("peer"));
    Map<String, Long> ours = files(base.resolve("harness"));
    assertEquals(FILES, peer.size(), "Freon's files: " + peer);
    assertEquals(peer, ours, "the same names and sizes as Freon's");
    assertEquals((long) FILES * SIZE, ours.values().stream().mapToLong(Long::longValue).sum());

    JsonNode result = ResultWriter.mapper().readTree(json.toFile());
    assertEquals(0, result.get("exitCode").asInt(), result.toString());
    assertEquals((long) FILES * SIZE, result.get("aggregate").get("bytes").asLong(), result.toString());
    assertEquals(FILES, result.get("figures").get("files").asLong(), result.get("figures").toString());
  }

  /** Runs Ozone's Freon with {@code dfsg} and these options, its output kept off the test's terminal. */
  private static int freon(String... options) {
    String[] args = new String[options.length + 1];
    args[0] = "dfsg";
    System.arraycopy(options, 0, args, 1, options.length);
    PrintStream out = System.out;
    PrintStream err = System.err;
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try {
      System.setOut(quiet);
      System.setErr(quiet);
      return new Freon().execute(args);
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  /** File name -> size of the data files under {@code dir} (the local file system's {@code .crc} files left out). */
  private static Map<String, Long> files(Path dir) throws IOException {
    Map<String, Long> out = new TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path f : s.filter(Files::isRegularFile).toList()) {
        String name = dir.relativize(f).toString();
        if (!f.getFileName().toString().endsWith(".crc")) {
          out.put(name, Files.size(f));
        }
      }
    }
    return out;
  }
}
