package io.harness.core.base;

/** The exit codes of every harness command. */
public final class ExitCodes {
  /** The run completed and every task succeeded. */
  public static final int OK = 0;
  /** The run started but failed, in whole or in part (failed tasks, missing data, unreachable FS). */
  public static final int FAILED = 1;
  /** Bad input: nothing was created or deleted. */
  public static final int USAGE = 2;

  private ExitCodes() {}
}
