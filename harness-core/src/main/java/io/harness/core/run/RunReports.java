package io.harness.core.run;

import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import io.harness.core.workload.Workload;

import io.harness.core.result.RunResult;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * What writes a saved run's files beside its {@code result.json} (its CSV files, its HTML report): the report
 * layer, found on the class path, so the run layer below it never names it. Without one, a run saves its
 * records and result only.
 */
public interface RunReports {
  /** A run just saved: its folder, its JSON, and what the files are drawn from. */
  record Saved(Path folder, Path json, RunResult result, Figures figures, RunRecords records, Workload<?> workload) {}

  /**
   * Writes {@code run}'s files, the HTML report only when {@code html}; the report's place goes to {@code out}, a
   * file that cannot be written is one warning line on {@code err}, never a failure.
   */
  void write(Saved run, boolean html, PrintStream out, PrintStream err);

  /**
   * The live page the metrics port serves at {@code /}, fetching {@code json} (an address relative to the page);
   * without the report layer, a line that points at the JSON.
   */
  default String livePage(String json) {
    return "<!DOCTYPE html><html><body><p>harness: live figures at <a href=\"" + json + "\">" + json
        + "</a></p></body></html>";
  }

  /** The writer on this class path, or one that writes nothing. */
  static RunReports find() {
    return ServiceLoader.load(RunReports.class, RunReports.class.getClassLoader()).findFirst()
        .orElse(new RunReports() {
          @Override
          public void write(Saved run, boolean html, PrintStream out, PrintStream err) {}
        });
  }
}
