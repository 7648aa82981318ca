package io.harness.dfsio;

/**
 * The dfsio operations. {@link #testType()} is TestDFSIO's name for each (its {@code TestType}), as
 * printed in its block; {@link #resultDir()} is the directory under the run root its reducer writes
 * ({@code io_<...>}; the three positioned-read modes share {@code io_random_read}, as in TestDFSIO).
 */
public enum DfsioOperation {
  WRITE("write", "io_write", "-write"),
  READ("read", "io_read", "-read"),
  APPEND("append", "io_append", "-append"),
  READ_RANDOM("random read", "io_random_read", "-read -random"),
  READ_BACKWARD("backward read", "io_random_read", "-read -backward"),
  READ_SKIP("skip read", "io_random_read", "-read -skip"),
  TRUNCATE("truncate", "io_truncate", "-truncate"),
  /** Deletes the run root; runs no tasks and writes no result directory. */
  CLEANUP("cleanup", null, "-clean");

  private final String testType;
  private final String resultDir;
  private final String flags;

  DfsioOperation(String testType, String resultDir, String flags) {
    this.testType = testType;
    this.resultDir = resultDir;
    this.flags = flags;
  }

  public String testType() {
    return testType;
  }

  /** TestDFSIO's reducer output directory for this operation (under the run root); null for cleanup. */
  public String resultDir() {
    return resultDir;
  }

  /** The command-line flags that select this operation, e.g. {@code -read -backward}. */
  public String flags() {
    return flags;
  }

  /** Whether the operation reads the data files (sequentially or at positions). */
  public boolean isRead() {
    return this == READ || isPositionedRead();
  }

  /** TestDFSIO's RandomReadMapper modes: random, backward and skip reads. */
  public boolean isPositionedRead() {
    return this == READ_RANDOM || this == READ_BACKWARD || this == READ_SKIP;
  }

  /**
   * The one operation TestDFSIO's flags select; a bad combination is bad input naming the flags. {@code modes}
   * are the read mode flags given ({@code -random}, {@code -backward}, {@code -skip}).
   */
  static DfsioOperation select(java.util.Map<String, Boolean> flags) {
    java.util.List<String> ops = given(flags, "-write", "-read", "-append", "-truncate", "-clean");
    java.util.List<String> modes = given(flags, "-random", "-backward", "-skip");
    if (ops.size() > 1) {
      throw new io.harness.core.base.UsageException(String.join("/", ops),
          "give one operation, not " + (ops.size() == 2 ? "both" : ops.size()));
    }
    if (!modes.isEmpty() && !ops.contains("-read")) {
      throw new io.harness.core.base.UsageException(modes.get(0), "only applies to -read (e.g. -read " + modes.get(0)
          + ")");
    }
    if (ops.isEmpty()) {
      throw new io.harness.core.base.UsageException("-write/-read/-append/-truncate/-clean",
          "no operation given (use exactly one)");
    }
    if (modes.size() > 1) {
      throw new io.harness.core.base.UsageException(String.join("/", modes),
          "give one read mode, not " + (modes.size() == 2 ? "both" : modes.size()));
    }
    String flag = modes.isEmpty() ? ops.get(0) : "-read " + modes.get(0);
    for (DfsioOperation op : values()) {
      if (op.flags.equals(flag)) {
        return op;
      }
    }
    throw new IllegalStateException(flag);
  }

  private static java.util.List<String> given(java.util.Map<String, Boolean> flags, String... names) {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (String n : names) {
      if (Boolean.TRUE.equals(flags.get(n))) {
        out.add(n);
      }
    }
    return out;
  }
}
