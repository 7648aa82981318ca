package io.harness.namespace;

import io.harness.core.run.Figures;
import io.harness.core.run.PhaseLoop;
import io.harness.core.run.RunRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A namespace run's own figures, as its JSON has them: per phase, in the order they ran, the items done and failed,
 * the phase's wall time (the barrier's release to the last thread's end) and its ops/s; the run's shape; and what
 * failed ({@code phase item: reason}, or a phase's check). A failed item or check fails the run.
 */
public record NamespaceFigures(List<PhaseLoop.PhaseResult> phases, long items, int threads, boolean shared,
    long fileSizeBytes, String directory, List<String> failed) implements Figures {

  static NamespaceFigures of(Namespace.Plan plan, String directory, RunRecords records) {
    List<String> words = plan.phases().stream().map(Namespace.Phase::word).toList();
    return new NamespaceFigures(PhaseLoop.results(records, words), plan.items(), plan.threads(), plan.shared(),
        plan.fileBytes(), directory, PhaseLoop.failures(records));
  }

  /** The phase named {@code word} ({@code create}), or null when it did not run. */
  public PhaseLoop.PhaseResult phase(String word) {
    return phases.stream().filter(p -> p.name().equals(word)).findFirst().orElse(null);
  }

  /** Each phase's ops/s (the columns {@code PHASE_ops_per_sec} of result.csv), and the operations of all. */
  @Override
  public Summary summary() {
    long ops = phases.stream().mapToLong(PhaseLoop.PhaseResult::items).sum();
    double seconds = phases.stream().mapToDouble(PhaseLoop.PhaseResult::seconds).sum();
    return Summary.items("ops", ops, seconds > 0 ? ops / seconds : 0).withOpsPerSec(PhaseLoop.perSecond(phases));
  }

  @Override
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (PhaseLoop.PhaseResult p : phases) {
      lines.add(String.format(Locale.ROOT, "%30s: %.1f ops/s  (%d ops in %.3f s, %d failed)", p.name(),
          p.perSecond(), p.items(), p.seconds(), p.failed()));
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
