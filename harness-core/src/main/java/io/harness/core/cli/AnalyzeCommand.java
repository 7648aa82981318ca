package io.harness.core.cli;

import io.harness.core.base.UsageException;
import io.harness.core.base.ExitCodes;

import io.harness.core.result.ResultWriter;
import io.harness.core.report.SavedRun;
import io.harness.core.result.RunResult;
import io.harness.core.run.Analysis;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness analyze RUN_DIR}: a saved run's figures and block, computed again from its records alone by
 * the workload's own code; with {@code --skip} / {@code --until}, over a window of the run (a warm-up cut
 * after the fact). Writes nothing.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Recomputes a saved run's figures from its records, over all of it or a window of it.",
    description = {
        "Prints a saved run's block again, computed from its records (records.jsonl.gz, latency.hlog.gz in the "
            + "run's folder) alone; with --skip / --until, over that window of the run only.",
        "Writes nothing; a folder that is not a run, or whose records are missing or damaged, is bad input."})
public final class AnalyzeCommand extends BaseSubcommand implements Callable<Integer> {

  @Parameters(paramLabel = "RUN_DIR", description = "A run's folder (under --run-dir, e.g. harness-runs/<run>).")
  Path dir;

  @Mixin
  WindowOptions window;

  @Option(names = "--json", paramLabel = "FILE",
      description = "Also write the figures and the aggregate computed here to FILE (JSON), e.g. to compare them.")
  Path json;

  @Option(names = "--check",
      description = "Compare what is computed here with the run's result.json (its figures and aggregate, field by "
          + "field); exit 1 naming the first field that differs.")
  boolean check;

  /** Figures the workload adds after the run (not from the records): left out of --check. */
  static final java.util.Set<String> ADDED = java.util.Set.of("partFile");

  /** What --json writes. */
  record Recomputed(String workload, String operation, Object figures, Object aggregate) {}

  @Override
  public Integer call() throws IOException {
    if (json != null) {
      io.harness.core.base.LocalOutputs.checkFile("--json", json);
    }
    window.check();
    RunContext context = context();
    context.inputs().refuseOver("--json", json);
    SavedRun run = SavedRun.load(dir, "RUN_DIR");
    if (json != null) {
      run.refuseAsOutput("--json", json);
    }
    window.check(run.records(), dir);
    RunResult saved = run.result();
    Analysis.Result analysis = run.analysis(window.skipNanos(), window.untilNanos());
    if (window.given()) {
      context.out().println("analyze: " + saved.workload() + " " + saved.operation() + " " + window + " of the run");
    }
    analysis.lines().forEach(context().out()::println);
    if (json != null) {
      io.harness.core.base.LocalOutputs.createParent(json);
      ResultWriter.mapper().writeValue(json.toFile(), new Recomputed(saved.workload(), saved.operation(),
          analysis.figures(), analysis.aggregate()));
    }
    if (check) {
      if (window.given()) {
        throw new UsageException("--check", "compares the whole run; it does not go with --skip / --until");
      }
      String diff = difference(saved, analysis);
      if (diff != null) {
        context().err().println("analyze: " + dir + ": " + diff);
        return ExitCodes.FAILED;
      }
      context().out().println("analyze: the figures and the aggregate equal the run's own, field by field");
    }
    return ExitCodes.OK;
  }

  /** The first field where the recomputed figures or aggregate differ from the saved ones, or null. */
  static String difference(RunResult saved, Analysis.Result analysis) {
    com.fasterxml.jackson.databind.ObjectMapper m = ResultWriter.mapper();
    com.fasterxml.jackson.databind.node.ObjectNode savedFigures = m.valueToTree(saved.figures());
    com.fasterxml.jackson.databind.node.ObjectNode figures = m.valueToTree(analysis.figures());
    ADDED.forEach(savedFigures::remove);
    ADDED.forEach(figures::remove);
    String d = difference("figures", savedFigures, figures);
    return d != null ? d : difference("aggregate", m.valueToTree(saved.aggregate()),
        m.valueToTree(analysis.aggregate()));
  }

  private static String difference(String path, com.fasterxml.jackson.databind.JsonNode saved,
      com.fasterxml.jackson.databind.JsonNode computed) {
    if (saved.isObject() && computed.isObject()) {
      java.util.Set<String> names = new java.util.TreeSet<>();
      saved.fieldNames().forEachRemaining(names::add);
      computed.fieldNames().forEachRemaining(names::add);
      for (String n : names) {
        String d = difference(path + "." + n, saved.path(n), computed.path(n));
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (saved.isArray() && computed.isArray() && saved.size() == computed.size()) {
      for (int i = 0; i < saved.size(); i++) {
        String d = difference(path + "[" + i + "]", saved.get(i), computed.get(i));
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    Double a = number(saved);
    Double b = number(computed);
    // NaN equals NaN here: a run saved before its figures stopped dividing 0 by 0 still checks against itself
    // and a saved NaN is the figure that is now left out (null): neither is a number
    boolean same = a != null && b != null ? a.doubleValue() == b.doubleValue() || Double.compare(a, b) == 0
        : a != null && a.isNaN() && (computed.isNull() || computed.isMissingNode()) || saved.equals(computed);
    return same ? null : path + " is " + saved + " in the run's result, " + computed + " from its records";
  }

  /** A number, or JSON's text for a double that is not one ({@code "NaN"}, {@code "Infinity"}); else null. */
  private static Double number(com.fasterxml.jackson.databind.JsonNode n) {
    if (n.isNumber()) {
      return n.asDouble();
    }
    if (n.isTextual() && java.util.Set.of("NaN", "Infinity", "-Infinity").contains(n.asText())) {
      return Double.parseDouble(n.asText());
    }
    return null;
  }
}
