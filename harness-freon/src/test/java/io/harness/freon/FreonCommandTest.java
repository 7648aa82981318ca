package io.harness.freon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FreonCommandTest {
  @Test
  void noSubcommandIsAUsageErrorNamingThem() {
    io.harness.testkit.Run r = io.harness.testkit.Cli.run("freon");
    assertEquals(2, r.code());
    String text = r.err();
    // the server jars are on this class path: the offline generators are offered beside dfsg
    assertTrue(text.contains("no freon command given (dfsg, cgscm, cgom, cgdn)"), text);
  }
}
