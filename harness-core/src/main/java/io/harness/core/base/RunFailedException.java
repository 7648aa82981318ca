package io.harness.core.base;

/** A failure found at run time (exit code 1), e.g. missing input data or an unreachable file system. */
public class RunFailedException extends RuntimeException {
  public RunFailedException(String message) {
    super(message);
  }

  public RunFailedException(String message, Throwable cause) {
    super(message, cause);
  }
}
