package io.harness.namespace;

import io.harness.core.workload.Figures;
import io.harness.core.engine.PhaseResults;
import io.harness.core.records.RunRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A namespace run's own figures, as its JSON has them: per phase, in the order they ran, the items done and failed,
 * the phase's wall time (the barrier's release to the last thread's end) and its ops/s, the calls a stop cut short
 * ({@code cutShort}: neither done nor failed), and open loop the calls issued late and those owed at the deadline
 * ({@code late}, {@code owed}); the run's shape; and what failed ({@code phase item: reason}, or a phase's check). A
 * failed item or check fails the run. A mix's run has two phases, populate and mix, and the mix's calls by operation
 * ({@code mix}: their count, their ops/s over the mix phase's time); {@code ratePerSec} is the open loop's rate (0:
 * closed loop).
 */
public record NamespaceFigures(List<PhaseResults.PhaseResult> phases, java.util.Map<String, PhaseResults.PhaseResult> mix,
    long items, int threads, boolean shared, long fileSizeBytes, double ratePerSec, String directory,
    List<String> failed) implements Figures {

  static NamespaceFigures of(Namespace.Plan plan, String directory, RunRecords records) {
    List<String> words = plan.mix().isEmpty() ? plan.phases().stream().map(Namespace.Phase::word).toList()
        : List.of(NamespaceWorkload.POPULATE, NamespaceWorkload.MIX);
    List<PhaseResults.PhaseResult> phases = PhaseResults.of(records, words);
    java.util.Map<String, PhaseResults.PhaseResult> mix = new java.util.LinkedHashMap<>();
    if (!plan.mix().isEmpty()) {
      double seconds = phases.stream().filter(p -> p.name().equals(NamespaceWorkload.MIX)).findFirst()
          .map(PhaseResults.PhaseResult::seconds).orElse(0.0);
      for (String op : plan.mix().keySet()) {
        long calls = 0;
        for (io.harness.core.records.TaskRecord t : records.tasks()) {
          org.HdrHistogram.Histogram h = t.latency().get(op);
          calls += h == null ? 0 : h.getTotalCount();
        }
        mix.put(op, new PhaseResults.PhaseResult(op, calls, 0, seconds));
      }
    }
    return new NamespaceFigures(phases, mix, plan.items(), plan.threads(), plan.shared(), plan.fileBytes(),
        plan.ratePerSec(), directory, PhaseResults.failures(records));
  }

  /** The phase named {@code word} ({@code create}), or null when it did not run. */
  public PhaseResults.PhaseResult phase(String word) {
    return phases.stream().filter(p -> p.name().equals(word)).findFirst().orElse(null);
  }

  /** Each phase's ops/s (the columns {@code PHASE_ops_per_sec} of result.csv), and the operations of all. */
  @Override
  public List<io.harness.core.workload.Column> columns() {
    long ops = phases.stream().mapToLong(PhaseResults.PhaseResult::items).sum();
    double seconds = phases.stream().mapToDouble(PhaseResults.PhaseResult::seconds).sum();
    List<io.harness.core.workload.Column> out = new java.util.ArrayList<>(
        io.harness.core.workload.Column.items("ops", ops, seconds > 0 ? ops / seconds : 0));
    PhaseResults.perSecond(phases).forEach((name, rate) -> out.add(io.harness.core.workload.Column.opsPerSec(name,
        rate)));
    mix.values().forEach(m -> out.add(io.harness.core.workload.Column.opsPerSec(m.name(), m.perSecond())));
    return out;
  }

  @Override
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (PhaseResults.PhaseResult p : phases) {
      lines.add(String.format(Locale.ROOT, "%30s: %.1f ops/s  (%d ops in %.3f s, %d failed%s)", p.name(),
          p.perSecond(), p.items(), p.seconds(), p.failed(), p.cutShort() == 0 ? ""
              : ", " + p.cutShort() + " cut short by the stop"));
      if (ratePerSec > 0 && !p.name().equals(NamespaceWorkload.POPULATE)) {
        // the mix ends at its deadline; the phases at their last call
        lines.add(String.format(Locale.ROOT, "%30s  open loop at %.1f calls/s: %d call(s) issued late (an interval or "
            + "more after due)%s", "", ratePerSec, p.late(), p.name().equals(NamespaceWorkload.MIX)
                ? String.format(Locale.ROOT, ", %d owed at the deadline (due, not issued)", p.owed()) : ""));
      }
    }
    for (PhaseResults.PhaseResult m : mix.values()) {
      lines.add(String.format(Locale.ROOT, "%30s: %.1f ops/s  (%d ops of the mix)", "mix " + m.name(), m.perSecond(),
          m.items()));
    }
    return lines;
  }

  @Override
  public List<String> failures() {
    if (failed.isEmpty()) {
      return List.of();
    }
    List<String> lines = new ArrayList<>(List.of("namespace: " + failed.size() + " failure(s)"
        + (failed.size() >= 100 ? " (the first 100 of each thread)" : "") + ":"));
    failed.stream().limit(20).forEach(f -> lines.add("  " + f));
    if (failed.size() > 20) {
      lines.add("  ... and " + (failed.size() - 20) + " more in result.json (figures.failed)");
    }
    return lines;
  }
}
