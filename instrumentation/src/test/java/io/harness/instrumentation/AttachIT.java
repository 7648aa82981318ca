package io.harness.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.cli.Harness;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code harness attach PID}: the agent loaded into a running JVM, and the bad input it refuses. */
class AttachIT {
  private static final long TIMEOUT_S = 180;

  @Test
  void attachedTwiceToARunningJvmCountsEveryCallOfBothRuleSets() throws Exception {
    Path dir = ChildJvm.workDir("attach");
    ChildJvm jvm = ChildJvm.start(dir, List.of(), FsCallsProgram.class,
        List.of("file:///", dir.resolve("data").toString(), "--read", "--wait"));
    try {
      jvm.awaitLine("READY", 60);
      String pid = String.valueOf(jvm.pid());
      Output first = attach(pid, "--rules", "write", "--agent-jar", ChildJvm.agentJar().toString());
      assertEquals(0, first.code, first.err);
      assertEquals("harness attach: timing write in process " + pid + "; its FileSystems report on its "
          + "stderr when they close (and at exit)", first.out.trim());
      // a second attach adds a rule set to the running agent
      Output second = attach(pid, "--rules", "read", "--agent-jar", ChildJvm.agentJar().toString());
      assertEquals(0, second.code, second.err);
      // the datanode set installs too where no Ozone class is loaded (its rules apply when the classes load)
      Output third = attach(pid, "--rules", "datanode", "--agent-jar", ChildJvm.agentJar().toString());
      assertEquals(0, third.code, third.err);
      assertTrue(third.out.startsWith("harness attach: timing datanode in process " + pid), third.out);

      try (OutputStream stdin = jvm.process().getOutputStream()) {
        stdin.write("GO\n".getBytes(StandardCharsets.UTF_8));
      }
      assertEquals(0, jvm.waitFor(TIMEOUT_S), jvm.stderr());
      Reports r = Reports.parse(jvm.stdout(), jvm.stderr());
      Reports.assertNoRuleErrors(jvm.stderr());
      assertEquals(2, r.expected.size(), jvm.stdout());
      assertEquals(2, r.text.size(), jvm.stderr());
      for (String fs : r.expected.keySet()) {
        r.assertCountersEqualTheCalls(fs);
        JsonNode line = r.jsonOf(fs);
        assertEquals("[\"write\",\"read\",\"datanode\"]", line.get("rules").toString());
        assertEquals(r.expected.get(fs).get("counters").get("read.call").asLong(),
            line.get("counters").get("read.call").asLong());
      }
    } finally {
      jvm.destroy();
    }
  }

  /** A workload's --instrument: the JVM loads the agent into itself (the agent jar on its class path). */
  @Test
  void aJvmLoadsTheAgentIntoItself() throws Exception {
    Path dir = ChildJvm.workDir("self-load");
    ChildJvm jvm = ChildJvm.start(dir, List.of("-Djdk.attach.allowAttachSelf=true"),
        List.of(ChildJvm.agentJar()), SelfLoadProgram.class,
        List.of("write,read", "file:///", dir.resolve("data").toString(), "--read"));
    assertEquals(0, jvm.waitFor(TIMEOUT_S), jvm.stderr());
    assertTrue(jvm.stdout().contains("harness-instrumentation: timing write,read in this JVM"), jvm.stdout());
    Reports.assertNoRuleErrors(jvm.stderr());
    Reports r = Reports.parse(jvm.stdout(), jvm.stderr());
    assertEquals(2, r.text.size(), jvm.stderr());
    for (String fs : r.expected.keySet()) {
      r.assertCountersEqualTheCalls(fs);
    }
  }

  @Test
  void loadingIntoItselfWithoutAllowAttachSelfIsBadInput() throws Exception {
    Path dir = ChildJvm.workDir("self-load-refused");
    ChildJvm jvm = ChildJvm.start(dir, List.of(), List.of(ChildJvm.agentJar()), SelfLoadProgram.class,
        List.of("write", "file:///", dir.resolve("data").toString()));
    assertEquals(2, jvm.waitFor(TIMEOUT_S));
    assertEquals(List.of("harness: --instrument: loading the agent into this JVM needs "
        + "-Djdk.attach.allowAttachSelf=true when it starts"), LocalAgentIT.lines(jvm.stderr()));
  }

  @Test
  void anUnknownRuleSetIsBadInput() {
    Output o = attach(String.valueOf(ProcessHandle.current().pid()), "--rules", "write,nope");
    assertEquals(2, o.code);
    assertEquals(List.of("harness attach: --rules: unknown rule set 'nope' (valid: write, read, ozone, datanode, all)"),
        LocalAgentIT.lines(o.err));
    assertEquals("", o.out);
  }

  /** The target would append its reports to the jar it loaded the agent from. */
  @Test
  void aReportThatIsTheAgentJarIsBadInput() {
    String jar = ChildJvm.agentJar().toString();
    Output o = attach(String.valueOf(ProcessHandle.current().pid()), "--agent-jar", jar, "--report", jar);
    assertEquals(2, o.code);
    assertEquals(List.of("harness attach: --report: " + jar + " is the agent jar the target loads (its reports would be "
        + "appended to it): give a file of its own"), LocalAgentIT.lines(o.err));
    assertEquals("", o.out);
  }

  @Test
  void aPidWithNoProcessIsBadInput() {
    Output o = attach("999999999", "--agent-jar", ChildJvm.agentJar().toString());
    assertEquals(2, o.code);
    assertEquals(List.of("harness attach: PID: no process with pid 999999999"), LocalAgentIT.lines(o.err));
    Output notANumber = attach("12ab");
    assertEquals(2, notANumber.code);
    assertEquals(List.of("harness attach: PID: not a process id: '12ab'"), LocalAgentIT.lines(notANumber.err));
  }

  @Test
  void aProcessThatIsNotAJavaVmIsBadInputAndIsLeftAlone() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "120").start();
    try {
      Output o = attach(String.valueOf(sleep.pid()), "--agent-jar", ChildJvm.agentJar().toString());
      assertEquals(2, o.code);
      assertEquals(List.of("harness attach: PID: process " + sleep.pid() + " is not a Java VM"),
          LocalAgentIT.lines(o.err));
      assertTrue(sleep.isAlive(), "no signal was sent to it");
    } finally {
      sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aJvmThatForbidsAttachIsBadInput() throws Exception {
    Path dir = ChildJvm.workDir("attach-disabled");
    ChildJvm jvm = ChildJvm.start(dir, List.of("-XX:+DisableAttachMechanism"), FsCallsProgram.class,
        List.of("file:///", dir.resolve("data").toString(), "--wait"));
    try {
      jvm.awaitLine("READY", 60);
      Output o = attach(String.valueOf(jvm.pid()), "--agent-jar", ChildJvm.agentJar().toString());
      assertEquals(2, o.code);
      List<String> err = LocalAgentIT.lines(o.err);
      assertEquals(1, err.size(), err.toString());
      assertTrue(err.get(0).startsWith("harness attach: PID: process " + jvm.pid() + " does not accept attach: "),
          err.get(0));
      assertTrue(jvm.process().isAlive());
    } finally {
      jvm.destroy();
    }
  }

  /** The same through the harness CLI: the attach command is found through ServiceLoader. */
  @Test
  void harnessAttachCommandExitsWith2AndOneLineOnBadInput() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true), new PrintStream(err, true),
        "attach", "999999999", "--agent-jar", ChildJvm.agentJar().toString());
    assertEquals(2, code);
    assertEquals(List.of("harness attach: PID: no process with pid 999999999"),
        LocalAgentIT.lines(err.toString(StandardCharsets.UTF_8)));

    err.reset();
    code = Harness.run(Map.of(), new PrintStream(out, true), new PrintStream(err, true),
        "attach", "1", "--rules", "bogus");
    assertEquals(2, code);
    assertEquals(List.of("harness attach: --rules: unknown rule set 'bogus' (valid: write, read, ozone, datanode, all)"),
        LocalAgentIT.lines(err.toString(StandardCharsets.UTF_8)));
  }

  private record Output(int code, String out, String err) {}

  private static Output attach(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Attach.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Output(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
