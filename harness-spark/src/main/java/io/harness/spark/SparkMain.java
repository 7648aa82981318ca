package io.harness.spark;

import io.harness.core.cli.Harness;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The main class for spark-submit: {@code spark-submit --class io.harness.spark.SparkMain
 * harness-spark-job.jar generate DIR --records N ...} runs {@code harness spark generate DIR ...}.
 * Exit codes as the harness's: 0 success, 1 the run failed, 2 bad input.
 */
public final class SparkMain {
  private SparkMain() {}

  public static void main(String[] args) {
    List<String> line = new ArrayList<>();
    line.add("spark");
    line.addAll(Arrays.asList(args));
    int code = Harness.run(System.getenv(), System.out, System.err, line.toArray(new String[0]));
    System.out.flush();
    System.err.flush();
    // A failure must show in spark-submit's exit code. On success main returns normally: in YARN
    // cluster mode an explicit exit before the ApplicationMaster reports its final status marks the
    // application failed (set spark.submit.callSystemExitOnMainExit=true if a client-mode driver lingers).
    if (code != 0) {
      System.exit(code);
    }
  }
}
