package io.harness.teragen;

/**
 * One teragen run, checked: rows, maps (output files), the output directory as given, whether it may be
 * replaced, the rows per write() call, whether each file is hsync'ed before close, and the engine
 * ({@code local}, {@code mapreduce}, or null: the configuration decides). Saved in the run's JSON as
 * {@code plan}.
 */
public record TeraGenPlan(long rows, int maps, String out, boolean overwrite, int batchRows, boolean finalSync,
    String engine) {
}
