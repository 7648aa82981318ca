package io.harness.spark;

/**
 * One {@code spark count} run, checked: the data set (as typed), whether every row is checked after the count,
 * and the rows it must hold (null: any). Saved in the run's JSON as {@code plan}.
 */
public record CountPlan(String dir, boolean verify, Long expectRows) {
}
