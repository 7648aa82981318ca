package io.harness.instrumentation;

import java.util.Arrays;

/**
 * What a workload's {@code --instrument} does: load the agent into its own JVM (started with
 * -Djdk.attach.allowAttachSelf=true, the instrumentation jar on its class path), then run.
 *
 * <pre>
 * SelfLoadProgram RULES FsCallsProgram-arguments...
 * </pre>
 */
public final class SelfLoadProgram {
  public static void main(String[] args) throws Exception {
    try {
      System.out.println(Attach.loadIntoThisJvm("--instrument", args[0], null));
    } catch (Attach.Failure f) {
      System.err.println("harness: " + f.getMessage());
      System.exit(f.exitCode());
    }
    FsCallsProgram.main(Arrays.copyOfRange(args, 1, args.length));
  }
}
