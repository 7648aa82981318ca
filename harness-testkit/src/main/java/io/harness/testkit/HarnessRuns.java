package io.harness.testkit;

import io.harness.core.cli.Harness;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs harness command lines one after the other in this JVM ({@link Harness#run}), separated by {@code --next}:
 * how a test runs two workloads in one JVM. Exits with the first non-zero exit code (0 when all succeeded).
 */
public final class HarnessRuns {
  private HarnessRuns() {}

  public static void main(String[] args) {
    List<List<String>> runs = new ArrayList<>();
    runs.add(new ArrayList<>());
    for (String a : args) {
      if ("--next".equals(a)) {
        runs.add(new ArrayList<>());
      } else {
        runs.get(runs.size() - 1).add(a);
      }
    }
    int code = 0;
    for (List<String> run : runs) {
      System.err.println("RUN " + String.join(" ", run));
      int c = Harness.run(System.getenv(), System.out, System.err, run.toArray(new String[0]));
      System.err.println("EXIT " + c + " " + Arrays.toString(run.toArray()));
      if (code == 0) {
        code = c;
      }
    }
    System.out.flush();
    System.exit(code);
  }
}
