package io.harness.core.records;

/** What a failed task or call says in one line. */
public final class Failures {
  private Failures() {
  }

  /**
   * The first real cause of a failure, in one line: {@code class: first line of its message}. A
   * try-with-resources whose close rethrew the body's own exception (HDFS's output stream does) ends in
   * "Self-suppression not permitted", with the real failure as its cause: that cause is reported.
   */
  public static String describe(Throwable t) {
    Throwable real = t;
    while (real instanceof IllegalArgumentException && real.getCause() != null
        && "Self-suppression not permitted".equals(real.getMessage())) {
      real = real.getCause();
    }
    String msg = real.getMessage();
    String first = msg == null ? "" : msg.split("\\R", 2)[0];
    return real.getClass().getName() + (first.isEmpty() ? "" : ": " + first);
  }
}
