package io.harness.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {
  @Test
  void defaults() {
    for (String args : new String[] {null, "", "  "}) {
      AgentOptions o = AgentOptions.parse(args);
      assertEquals(List.of("write", "ozone"), o.sets());
      assertNull(o.report());
      assertFalse(o.verbose());
      assertTrue(o.json());
    }
  }

  @Test
  void jsonOffKeepsTheJsonLinesOffStderrAndSurvivesTheRoundTrip() {
    AgentOptions o = AgentOptions.parse("rules=write,json=off");
    assertEquals(List.of("write"), o.sets(), "json=... ends the list of sets");
    assertFalse(o.json());
    assertEquals("rules=write,json=off", o.toAgentArgs());
    assertFalse(AgentOptions.parse(o.toAgentArgs()).json());
    assertTrue(AgentOptions.parse("json=on").json());
    assertEquals("rules=write,ozone", new AgentOptions(List.of("write", "ozone"), null, false).toAgentArgs());
    assertTrue(AgentOptions.parse("standby").standby());
    assertFalse(AgentOptions.parse("rules=write").standby());
    assertEquals("json: on or off, not 'no'",
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("json=no")).getMessage());
  }

  @Test
  void wordsAfterRulesAreMoreSetsAndComeOutInReportOrder() {
    AgentOptions o = AgentOptions.parse("rules=ozone,read,write,report=/tmp/r-%p.jsonl,verbose");
    assertEquals(List.of("write", "read", "ozone"), o.sets());
    assertEquals("/tmp/r-%p.jsonl", o.report());
    assertTrue(o.verbose());
    assertEquals("rules=write,read,ozone,report=/tmp/r-%p.jsonl,verbose", o.toAgentArgs());
    assertEquals(o.sets(), AgentOptions.parse(o.toAgentArgs()).sets());
    assertEquals(List.of("write", "read", "ozone", "datanode"), AgentOptions.parse("rules=all").sets());
    assertEquals(List.of("read"), AgentOptions.parse("rules=READ").sets());
  }

  @Test
  void scriptsFollowTheSets() {
    // write and ozone (the defaults) are injected calls, not rules: no script, no Byteman engine
    assertEquals(List.of(), AgentOptions.parse("rules=write").scripts());
    assertEquals(List.of(), AgentOptions.parse("rules=write,ozone").scripts());
    assertEquals(List.of("input"), AgentOptions.parse("rules=read").scripts());
    assertEquals(List.of("input", "datanode"), AgentOptions.parse("rules=all").scripts());
    assertEquals(List.of("datanode"), AgentOptions.parse("rules=datanode").scripts());
  }

  @Test
  void badOptionsNameTheProblemInOneLine() {
    assertEquals("rules: unknown rule set 'bogus' (valid: write, read, ozone, datanode, all)",
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("rules=write,bogus")).getMessage());
    assertEquals("rules: empty rule set name (valid: write, read, ozone, datanode, all)",
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("rules=")).getMessage());
    assertEquals("unknown agent option 'rule' (valid: rules=SET[,SET...], report=FILE, json=on|off, verbose, standby)",
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("rule=write")).getMessage());
    assertEquals("unknown agent option 'ozone' (valid: rules=SET[,SET...], report=FILE, json=on|off, verbose, standby)",
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("report=x,ozone")).getMessage());
    assertEquals("report: no file given (report=FILE)",
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("report=")).getMessage());
    assertEquals("rules: unknown rule set 'x' (valid: write, read, ozone, datanode, all)",
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parseSets("write,x")).getMessage());
  }
}
