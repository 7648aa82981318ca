package io.harness.teragen;

import org.junit.jupiter.api.Test;

/** This module's workload uses no command-line class of harness-core, and its packages no cycle. */
class ModuleRulesTest {
  @Test
  void theModuleKeepsTheRules() {
    io.harness.testkit.ModuleRules.check(TeraGenWorkload.class, "io.harness.teragen");
  }
}
