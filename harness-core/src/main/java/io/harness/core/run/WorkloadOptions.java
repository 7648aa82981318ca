package io.harness.core.run;

import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.target.Target;
import org.apache.hadoop.conf.Configuration;

/**
 * A workload's options in one class, and its one registration: the fields with their defaults as initial
 * values (the command line's options where the class is a picocli {@code @Command} with {@code @Option}
 * fields: {@code harness} builds the command from it, with the options every workload shares, and picocli
 * shows the initial values as the defaults), the Java API's setters ({@link RunBuilder}), the check that
 * makes them a plan, and the workload that runs a plan. Listed in
 * {@code META-INF/services/io.harness.core.run.WorkloadType}, one line, it is both the command and what
 * {@code harness analyze} rebuilds a saved run's workload from (its saved plan read back as {@code P}).
 * The annotations need picocli only where the command line reads them: the JVM ignores annotations whose
 * classes are absent, so the Java API runs without picocli.
 *
 * @param <B> the class itself
 * @param <P> its checked plan, saved in the run's JSON as {@code plan}
 */
public abstract class WorkloadOptions<B extends WorkloadOptions<B, P>, P> extends RunBuilder<B>
    implements WorkloadType {
  private final String name;
  private final String operation;
  private final Class<P> planType;

  /**
   * @param name the workload as saved runs name it ({@code freon})
   * @param operation its operation ({@code dfsg}); null: every operation of the workload (dfsio's)
   * @param planType the plan's class, which a saved plan is read back as
   */
  protected WorkloadOptions(String name, String operation, Class<P> planType) {
    this.name = name;
    this.operation = operation;
    this.planType = planType;
  }

  /**
   * The checked plan; {@link io.harness.core.base.UsageException} names the option that is wrong. {@code conf} is
   * the run's configuration (site files, {@code -D}; the caller's in the Java API), for defaults it holds.
   */
  public abstract P plan(Configuration conf);

  /**
   * The workload that runs {@code plan}: a new run's ({@code root} null) or a saved run's, whose
   * {@code result.json} says where it wrote ({@code root}).
   */
  public abstract Workload<Target> workload(P plan, String root);

  /**
   * Called by the command line before {@link #plan}, with the line as typed: for what a command line has that the
   * Java API has not (dfsio's {@code -resFile}, the spelling of its size option). Nothing by default.
   */
  public void fromCommandLine(java.util.List<String> commandLine) {
  }

  /** Whether {@code plan} measures a workload; one that does not (dfsio's {@code -clean}) runs {@link #unmeasured}. */
  public boolean measures(P plan) {
    return true;
  }

  /** What a plan that measures nothing does on its target, printing to {@code out}; returns the exit code. */
  public int unmeasured(P plan, Target target, java.io.PrintStream out) throws Exception {
    throw new IllegalStateException(name + " measures");
  }

  /** The command this workload's is a subcommand of ({@code freon}); null: a command of its own. */
  public String group() {
    return null;
  }

  /** The help of {@code --threads} where it differs from the text every workload shares; null: that text. */
  public String threadsHelp() {
    return null;
  }

  /** The option whose value may be a full URI naming the run's file system, and its value; null: none. */
  public TargetPath targetPath() {
    return null;
  }

  /** An option ({@code --path}) and its value as given (null when it was not). */
  public record TargetPath(String option, String value) {}

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final boolean handles(String savedOperation) {
    return operation == null || operation.equals(savedOperation);
  }

  @Override
  public final Workload<?> restore(RunResult saved) {
    return workload(ResultWriter.mapper().convertValue(saved.plan(), planType), saved.root());
  }

  @Override
  protected final Workload<Target> workload(Configuration conf) {
    return workload(plan(conf), null);
  }

  /**
   * {@code prefix} (a run's own directory's name under {@code --path}) when given, checked as one directory name;
   * else 10 random lower-case letters and digits, as Freon's generators name theirs.
   */
  protected static String prefixOr(String prefix) {
    if (prefix == null) {
      return java.util.concurrent.ThreadLocalRandom.current().ints(10, 0, 36)
          .mapToObj(i -> String.valueOf(Character.forDigit(i, 36))).collect(java.util.stream.Collectors.joining());
    }
    if (prefix.isBlank() || prefix.contains("/") || prefix.contains("\\") || prefix.equals(".") || prefix.equals("..")
        || prefix.chars().anyMatch(Character::isISOControl)) {
      throw new io.harness.core.base.UsageException("--prefix", "must be one directory name under --path (no '/', "
          + "not '.' or '..'), was '" + prefix + "'");
    }
    return prefix;
  }
}
