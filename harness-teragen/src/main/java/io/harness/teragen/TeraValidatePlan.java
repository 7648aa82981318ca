package io.harness.teragen;

/**
 * One teravalidate run, checked: the directory as given, whether only rows and checksum are checked, what
 * they must be (null: anything), and the rows per read() call. Saved in the run's JSON as {@code plan}.
 */
public record TeraValidatePlan(String dir, boolean checksumOnly, String expectedChecksum, Long expectedRows,
    int bufferRows) {
}
