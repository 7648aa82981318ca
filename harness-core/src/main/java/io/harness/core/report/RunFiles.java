package io.harness.core.report;

import io.harness.core.result.ResultWriter;
import io.harness.core.run.RunReports;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** The files every saved run gets: its CSV files, and its HTML report with charts. */
public final class RunFiles implements RunReports {
  @Override
  public String livePage(String json) {
    return LivePage.html(json);
  }

  @Override
  public void write(Saved run, boolean html, PrintStream out, PrintStream err) {
    RunCsv.write(run.folder(), run.result(), run.figures().columns(), run.records(), err);
    if (!html) {
      return;
    }
    Path file = run.folder().resolve(HtmlReport.FILE);
    try {
      SavedRun saved = new SavedRun(run.folder(), ResultWriter.read(run.json()), run.records(), run.workload());
      HtmlReport.runs(List.of(saved), file);
      out.println("Report: " + file);
    } catch (Exception | LinkageError e) {
      err.println(run.workload().label() + ": warning: " + HtmlReport.FILE + " not written: "
          + String.valueOf(e).replaceAll("\\s*[\\r\\n]+\\s*", " "));
    }
  }
}
