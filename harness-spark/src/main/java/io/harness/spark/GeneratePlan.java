package io.harness.spark;

/**
 * One {@code spark generate} run, checked: the data set (as typed), rows per batch, batches, payload bytes per
 * row, the payloads' seed, partitions per batch (null: Spark's default parallelism, at most {@code records}),
 * the Parquet codec, whether an existing data set may be replaced, and whether every row is checked after.
 * Saved in the run's JSON as {@code plan}.
 */
public record GeneratePlan(String dir, long records, long iterations, int recordSize, long seed, Integer partitions,
    String compression, boolean overwrite, boolean verify) {
}
