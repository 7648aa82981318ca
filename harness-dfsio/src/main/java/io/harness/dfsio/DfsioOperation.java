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
}
