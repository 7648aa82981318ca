package io.harness.spark;

/**
 * One {@code spark copy} run, checked: the source and destination data sets (as typed), whether an existing
 * destination may be replaced, the destination's Parquet codec (null: Spark's), and whether the copy is checked
 * after. Saved in the run's JSON as {@code plan}.
 */
public record CopyPlan(String source, String destination, boolean overwrite, String compression, boolean verify) {
}
