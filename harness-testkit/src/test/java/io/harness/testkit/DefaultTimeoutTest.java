package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** The build gives every test a default timeout (the root pom's surefire and failsafe settings): a hung test fails. */
@ExtendWith(DefaultTimeoutTest.Context.class)
class DefaultTimeoutTest {

  @Test
  void everyTestHasADefaultTimeout(ExtensionContext context) {
    assertEquals("15 m", context.getConfigurationParameter("junit.jupiter.execution.timeout.default").orElse(null));
    assertEquals("enabled", context.getConfigurationParameter("junit.jupiter.execution.timeout.mode").orElse(null));
  }

  /** Hands the test its own ExtensionContext. */
  static final class Context implements ParameterResolver {
    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
      return p.getParameter().getType() == ExtensionContext.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
      return e;
    }
  }
}
