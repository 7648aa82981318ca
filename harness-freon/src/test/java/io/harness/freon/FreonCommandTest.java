package io.harness.freon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.cli.Harness;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FreonCommandTest {
  @Test
  void noSubcommandIsAUsageErrorNamingThem() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = Harness.run(Map.of(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), "freon");
    assertEquals(2, rc);
    String text = err.toString(StandardCharsets.UTF_8);
    // the server jars are on this class path: the offline generators are offered beside dfsg
    assertTrue(text.contains("no freon command given (dfsg, cgscm, cgom, cgdn)"), text);
  }
}
