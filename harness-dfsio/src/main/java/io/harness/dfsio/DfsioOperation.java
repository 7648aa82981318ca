package io.harness.dfsio;

/** The dfsio operations; {@link #testType()} is TestDFSIO's name for each, as printed in its block. */
public enum DfsioOperation {
  WRITE("write", "io_write"),
  READ("read", "io_read");

  private final String testType;
  private final String resultDir;

  DfsioOperation(String testType, String resultDir) {
    this.testType = testType;
    this.resultDir = resultDir;
  }

  public String testType() {
    return testType;
  }

  /** TestDFSIO's reducer output directory for this operation (under the run root). */
  public String resultDir() {
    return resultDir;
  }
}
