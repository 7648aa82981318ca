package io.harness.core.workload;

import io.harness.core.engine.Engine;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;

import io.harness.core.base.UsageException;

/**
 * What a workload supplies to the one run pipeline ({@link Pipeline}): its name, its checked options as an
 * immutable plan, its checks against the target, what it sets up before its tasks and the engine that runs
 * them, its figures from the records, and what it leaves on the target afterwards. Everything else (the
 * run's folder, the records, the aggregate, progress, the printed block, the JSON, the profiler and the
 * agent) is the pipeline's.
 *
 * @param <T> what the workload runs on: a Hadoop file system ({@link io.harness.core.fs.Target}), or
 *     another {@link RunTarget}
 */
public interface Workload<T extends RunTarget> {
  /** The workload, as its run's folder and JSON name it: {@code dfsio}, {@code teragen}, {@code freon}. */
  String name();

  /** The operation: {@code write}, {@code random read}, {@code generate}, {@code dfsg}. */
  String operation();

  /** How the run's lines about its tasks start: {@code dfsio}, {@code freon dfsg}. */
  default String label() {
    return name();
  }

  /** The checked options, saved in the run's JSON as {@code plan}: what {@code harness analyze} starts from. */
  Object plan();

  /**
   * The bytes the run writes, when its options fix them (what an experiment's {@code --dry-run} adds up); empty
   * when they do not (reads, runs bounded by time); a copy's may be known once {@link #preflight} has read its
   * source.
   */
  default java.util.OptionalLong plannedBytes() {
    return java.util.OptionalLong.empty();
  }

  /**
   * Throws {@link io.harness.core.base.UsageException} when the plan cannot be split over {@code clients} client JVMs
   * ({@code --clients}), checked before anything is made. Nothing by default (a client left without items idles).
   */
  default void checkClients(int clients) {}

  /**
   * The local files the run writes besides its folder, by the option that names each (dfsio's {@code -resFile}),
   * for the check that no two of a line's files are one. None by default.
   */
  default java.util.Map<String, java.nio.file.Path> localOutputs() {
    return java.util.Map.of();
  }

  /**
   * The directories on {@code target} the run reads or writes as its data, by the argument naming each
   * (teravalidate's {@code DIR}, spark copy's {@code SRC} and {@code DST}): on this machine's disk, no local output
   * of the line (the run's folder, {@code --json}, {@code --live-csv}, {@link #localOutputs}) may lie in one, where
   * the run would read it as data or write over the data. Asked before {@link #preflight}; none by default.
   */
  default java.util.Map<String, String> dataPaths(T target) {
    return java.util.Map.of();
  }

  /**
   * Checks that need the target (the root's form, data that must exist); creates and deletes nothing.
   * Throws {@link io.harness.core.base.UsageException} for bad input (exit 2).
   */
  default void preflight(T target) throws Exception {
  }

  /**
   * Sets up what the tasks need (directories, placement) and returns what runs them; {@code line} is printed
   * as the run's first line.
   */
  Prepared prepare(T target, Settings settings) throws Exception;

  /**
   * Where the run writes on its target, once {@link #preflight} has checked it (its root or output directory);
   * null when it writes nowhere or the workload does not say. The pipeline compares the local disk's free
   * space there with {@link #plannedBytes}.
   */
  default String writesUnder() {
    return null;
  }

  /** What {@link #prepare} hands the pipeline. */
  record Prepared(Engine engine, String line, String root) {}

  /** The workload's figures, from the run's records alone. */
  Figures figures(RunRecords records);

  /**
   * After the run's result is saved: what the workload leaves on the target (TestDFSIO's part file,
   * TeraGen's {@code _SUCCESS}). Returns the figures, updated with what happened (the pipeline saves the
   * result again when they changed); a failure here is the workload's to report as a warning.
   */
  default Figures finish(T target, RunOutcome outcome, Settings settings) throws Exception {
    return outcome.figures();
  }

  /** The printed block, once printed: e.g. TestDFSIO's {@code -resFile} gets it appended. */
  default void printed(java.util.List<String> lines) throws java.io.IOException {
  }
}
