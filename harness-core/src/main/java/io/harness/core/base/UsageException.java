package io.harness.core.base;

/**
 * Bad input: the run exits with code 2 and prints one line naming the argument and the reason,
 * before anything is created or deleted.
 */
public class UsageException extends RuntimeException {
  private final String argument;

  public UsageException(String argument, String reason) {
    super(argument + ": " + reason);
    this.argument = argument;
  }

  public String argument() {
    return argument;
  }
}
