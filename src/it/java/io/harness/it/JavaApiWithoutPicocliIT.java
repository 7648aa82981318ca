package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java API needs no picocli: dfsio, teragen, teravalidate and freon dfsg built in code and run in a JVM whose
 * class path is this test's without picocli's jar, each run checked by its numbers; a dfsio read watched live
 * (RunBuilder's live options) shows the same bytes on its metrics port, in its live CSV and in JMX.
 */
class JavaApiWithoutPicocliIT {
  @TempDir
  Path dir;

  @Test
  void theWorkloadsRunWithoutPicocli() throws Exception {
    List<String> entries = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
    List<String> without = entries.stream().filter(e -> !Path.of(e).getFileName().toString().startsWith("picocli"))
        .toList();
    assertTrue(without.size() < entries.size(), "picocli is not on this test's class path: " + entries);
    Path out = dir.resolve("out.txt");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        String.join(File.pathSeparator, without), JavaApiMain.class.getName(), dir.resolve("work").toString())
        .redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "still running after 300 s");
    String text = Files.readString(out, StandardCharsets.UTF_8);
    assertFalse(text.contains("picocli"), text);
    assertEquals(0, p.exitValue(), text);
    List<String> lines = text.lines().filter(l -> l.matches("^(dfsio|teragen|teravalidate|dfsg|live)\\b.*"))
        .collect(Collectors.toList());
    // live: the run's bytes, then the same from /metrics, the live CSV's last row and JMX
    assertEquals(List.of("dfsio write 0 2097152", "dfsio read 0 2097152", "teragen 0 100000", "teravalidate 0",
        "dfsg 0 10", "live 0 2097152 2097152 2097152 2097152"), lines, text);
  }
}
