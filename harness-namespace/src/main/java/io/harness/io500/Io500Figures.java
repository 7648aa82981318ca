package io.harness.io500;

import io.harness.core.engine.PhaseLoop;
import io.harness.core.engine.PhaseResults;
import io.harness.core.records.RunRecords;
import io.harness.core.records.TaskRecord;
import io.harness.core.workload.Column;
import io.harness.core.workload.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An io500 run's figures, from its records alone: each phase's score (ior phases in GiB/s, bytes over the phase's
 * whole time, the wear-out included; mdtest phases and find in kIOPS, calls or files scanned over the phase's time),
 * its time, when its first and its last rank finished, what the stonewall had seen when it struck; the score
 * ({@link Io500Score}); whether IO500 would call the run valid, and why not.
 *
 * @param phases the phases in IO500's order
 * @param score bandwidth, metadata and total, as IO500 computes them
 * @param invalid why the run is not valid as IO500 judges it (empty: valid)
 * @param deviations where the suite differs from IO500 (always some: not a valid submission)
 * @param ranks ranks in all
 * @param stonewallSeconds the stonewall
 * @param findMatched files find matched; {@code findExpected} the mdtest-hard files it should have
 * @param failed what failed ({@code phase item: reason})
 */
public record Io500Figures(List<Phase> phases, Io500Score score, List<String> invalid, List<String> deviations,
    int ranks, double stonewallSeconds, long findScanned, long findMatched, long findExpected, String directory,
    List<String> failed) implements Figures {
  /** Where the suite differs from IO500, as its help and the docs list them. */
  static final String DEVIATIONS_TEXT = "ior-hard writes a file per rank of 47008-byte transfers, read back by the "
      + "next rank with positional reads (no Hadoop file system lets several clients write one file); "
      + "IOR's fsync on close is hsync before close; "
      + "a rank is a thread of a JVM (-t), or of one of several (--clients), not an MPI process (the clients agree on "
      + "the stonewall's wear-out through files in the run's barrier directory); "
      + "find walks the directories with listStatus, a rank per directory, and compares modification times the file "
      + "system set; "
      + "mdtest-easy's directories are made before the phases, outside their time; "
      + "mdtest-hard-write's create, write and close are one call, and so are mdtest-hard-read's open, read and close.";
  static final List<String> DEVIATIONS = List.of(DEVIATIONS_TEXT.substring(0, DEVIATIONS_TEXT.length() - 1)
      .split("; "));

  /**
   * One phase: its score (GiB/s or kIOPS; 0 for the timestamp), its time (the first rank's start to the last rank's
   * end), when its first and last rank finished (seconds after its start), its calls and bytes, its failed calls,
   * and for a write phase the stonewall's own figure (what every rank had done when it struck, over the time until
   * then) and the calls then; {@code invalid}: why IO500 would mark it (empty: valid).
   */
  public record Phase(String name, double score, String unit, double seconds, double firstDoneSeconds,
      double lastDoneSeconds, long items, long bytes, long failed, Double stonewallScore, Long stonewallItems,
      List<String> invalid) {
    /** Whether the score counts towards bandwidth (the ior phases) rather than metadata. */
    public boolean bandwidth() {
      return name.startsWith("ior");
    }

    /** Whether the phase is scored (not the timestamp). */
    public boolean scored() {
      return !name.equals(Io500Phases.TIMESTAMP);
    }
  }

  static Io500Figures of(Io500.Plan plan, String directory, RunRecords records) {
    List<PhaseResults.PhaseResult> results = PhaseResults.of(records, Io500Phases.NAMES);
    long scanned = sum(records, "phase." + Io500Phases.FIND + "." + Io500Phases.SCANNED);
    long matched = sum(records, "phase." + Io500Phases.FIND + "." + Io500Phases.MATCHED);
    int ranks = records.tasks().size();
    double wall = plan.stonewallNanos() / 1e9;
    List<Phase> phases = new ArrayList<>();
    for (PhaseResults.PhaseResult r : results) {
      String key = "phase." + r.name() + ".";
      long start = Long.MAX_VALUE;
      long firstEnd = Long.MAX_VALUE;
      long lastEnd = Long.MIN_VALUE;
      long wallAt = Long.MIN_VALUE;
      for (TaskRecord t : records.tasks()) {
        Map<String, Object> x = t.extra();
        if (x.get(key + PhaseLoop.START) instanceof Number s && x.get(key + PhaseLoop.END) instanceof Number e) {
          start = Math.min(start, s.longValue());
          firstEnd = Math.min(firstEnd, e.longValue());
          lastEnd = Math.max(lastEnd, e.longValue());
        }
        if (x.get(key + PhaseLoop.STONEWALL_AT) instanceof Number a) {
          wallAt = Math.max(wallAt, a.longValue());
        }
      }
      long bytes = sum(records, key + PhaseLoop.BYTES);
      boolean ior = r.name().startsWith("ior");
      double score = !r.name().equals(Io500Phases.TIMESTAMP) && r.seconds() > 0
          ? ior ? bytes / r.seconds() / (1L << 30)
          : (r.name().equals(Io500Phases.FIND) ? scanned : r.items()) / r.seconds() / 1000 : 0;
      Double wallScore = null;
      Long wallItems = null;
      if (wallAt != Long.MIN_VALUE && wallAt > start) {
        wallItems = sum(records, key + PhaseLoop.STONEWALL_ITEMS);
        double s = (wallAt - start) / 1e9;
        wallScore = ior ? sum(records, key + PhaseLoop.STONEWALL_BYTES) / s / (1L << 30) : wallItems / s / 1000;
      }
      List<String> bad = new ArrayList<>();
      if (Io500Phases.WRITES.contains(r.name()) && r.seconds() < wall) {
        bad.add(String.format(Locale.ROOT, "ran %.3f s, under the %s s stonewall", r.seconds(), number(wall)));
      }
      if (!r.name().equals(Io500Phases.TIMESTAMP) && score == 0) {
        bad.add("scored 0");
      }
      if (r.failed() > 0) {
        bad.add(r.failed() + " call(s) failed");
      }
      if (records.tasks().stream().anyMatch(t -> Boolean.TRUE.equals(t.extra().get(key + Io500Phases.SPACE_LOW)))) {
        bad.add("ended when the target's free space fell to half of what it had at the start");
      }
      phases.add(new Phase(r.name(), score, ior ? "GiB/s" : "kIOPS", r.seconds(), (firstEnd - start) / 1e9,
          (lastEnd - start) / 1e9, r.items(), bytes, r.failed(), wallScore, wallItems, bad));
    }
    long expected = Io500Layout.expectedMatches(made(records, ranks));
    List<String> invalid = new ArrayList<>();
    if (!plan.io500Stonewall()) {
      invalid.add("stonewall " + number(wall) + " s (IO500's is " + Io500.IO500_STONEWALL_SECONDS + " s)");
    }
    if (phases.size() < Io500Phases.NAMES.size()) {
      invalid.add((Io500Phases.NAMES.size() - phases.size()) + " phase(s) did not run");
    }
    for (Phase p : phases) {
      p.invalid().forEach(why -> invalid.add(p.name() + " " + why));
    }
    if (matched == 0) {
      invalid.add(expected == 0 ? "find matched no file (no rank made the 102 mdtest-hard files it takes for a name "
          + "with 01 in it)" : "find matched no file");
    } else if (matched != expected) {
      invalid.add("find matched " + matched + " files, mdtest-hard made " + expected + " it should match");
    }
    return new Io500Figures(phases, Io500Score.of(phases), invalid, DEVIATIONS, ranks, wall, scanned, matched,
        expected, directory, PhaseResults.failures(records));
  }

  /** mdtest-hard's files per rank, from each task's rank and its calls in that phase. */
  private static long[] made(RunRecords records, int ranks) {
    long[] made = new long[ranks];
    String key = "phase." + Io500Phases.MDTEST_HARD_WRITE + "." + PhaseLoop.DONE;
    for (TaskRecord t : records.tasks()) {
      if (t.extra().get(Io500Phases.RANK) instanceof Number r && r.intValue() >= 0 && r.intValue() < ranks
          && t.extra().get(key) instanceof Number n) {
        made[r.intValue()] = n.longValue();
      }
    }
    return made;
  }

  private static long sum(RunRecords records, String key) {
    long n = 0;
    for (TaskRecord t : records.tasks()) {
      n += t.extra().get(key) instanceof Number v ? v.longValue() : 0;
    }
    return n;
  }

  /** Whether IO500 would call the run valid. */
  public boolean valid() {
    return invalid.isEmpty();
  }

  /** The phase named {@code name} ({@code ior-easy-write}), or null when it did not run. */
  public Phase phase(String name) {
    return phases.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
  }

  /** IO500's {@code [RESULT]} line of a phase, as its {@code src/main.c} prints it. */
  static String resultLine(Phase p) {
    return String.format(Locale.ROOT, "%s %20s %15s %s : time %.3f seconds%s", p.scored() ? "[RESULT]" : "[      ]",
        p.name(), String.format(Locale.ROOT, "%f", p.score()), p.name().charAt(0) == 'i' ? "GiB/s" : "kIOPS",
        p.seconds(), p.invalid().isEmpty() ? "" : " [INVALID]");
  }

  /** IO500's {@code [SCORE ]} line. */
  static String scoreLine(Io500Score s, boolean valid) {
    return String.format(Locale.ROOT, "[SCORE ] Bandwidth %f GiB/s : IOPS %f kiops : TOTAL %f%s", s.bandwidth(),
        s.metadata(), s.total(), valid ? "" : " [INVALID]");
  }

  @Override
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    phases.forEach(p -> lines.add(resultLine(p)));
    lines.add(scoreLine(score, valid()));
    lines.add("io500: IO500-style, not a valid IO500 submission (harness io500 --help lists where it differs)");
    if (!valid()) {
      lines.add("io500: invalid as IO500 judges it: " + String.join("; ", invalid));
    }
    lines.add(ranks == 1 ? "io500: one rank: every read, stat and find is of the writer's own files"
        : "io500: " + ranks + " ranks; each reads and stats the next rank's files");
    for (Phase p : phases) {
      if (!p.scored()) {
        continue;
      }
      String wall = p.stonewallScore() == null ? "" : String.format(Locale.ROOT,
          "; at the stonewall %s %s (%d %s)", fixed(p.stonewallScore()), p.unit(), p.stonewallItems(),
          p.bandwidth() ? "transfers" : "files");
      lines.add(String.format(Locale.ROOT, "%20s: ranks done %.3f s (first) .. %.3f s (last)%s", p.name(),
          p.firstDoneSeconds(), p.lastDoneSeconds(), wall));
    }
    lines.add(String.format(Locale.ROOT, "%20s: %d files scanned, %d matched (mdtest-hard made %d to match)",
        Io500Phases.FIND, findScanned, findMatched, findExpected));
    return lines;
  }

  @Override
  public List<String> failures() {
    List<String> lines = new ArrayList<>();
    for (Phase p : phases) {
      if (p.failed() > 0) {
        lines.add("io500: " + p.name() + ": " + p.failed() + " call(s) failed");
      }
    }
    if (lines.isEmpty() && failed.isEmpty()) {
      return List.of();
    }
    failed.stream().limit(20).forEach(f -> lines.add("  " + f));
    if (failed.size() > 20) {
      lines.add("  ... and " + (failed.size() - 20) + " more in result.json (figures.failed)");
    }
    return lines;
  }

  /** Each scored phase's figure, then bandwidth, metadata and the total: result.csv's, compare's, an experiment's. */
  @Override
  public List<Column> columns() {
    List<Column> out = new ArrayList<>();
    for (Phase p : phases) {
      if (p.scored()) {
        String unit = p.bandwidth() ? "GiB/s" : "kIOPS";
        out.add(Column.higher(Column.name(p.name()) + (p.bandwidth() ? "_gib_per_sec" : "_kiops"), p.name() + " "
            + unit, unit, p.score()));
      }
    }
    out.add(Column.higher("io500_bandwidth_gib_per_sec", "io500 bandwidth GiB/s", "GiB/s", score.bandwidth()));
    out.add(Column.higher("io500_md_kiops", "io500 metadata kIOPS", "kIOPS", score.metadata()));
    out.add(Column.higher("io500_score", "io500 score", "score", score.total()));
    return out;
  }

  private static String number(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String fixed(double v) {
    return String.format(Locale.ROOT, "%f", v);
  }
}
