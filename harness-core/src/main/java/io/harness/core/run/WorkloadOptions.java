package io.harness.core.run;

import io.harness.core.workload.RunTarget;
import io.harness.core.workload.TargetSource;
import io.harness.core.workload.Workload;
import io.harness.core.workload.WorkloadType;

import io.harness.core.result.ResultWriter;
import io.harness.core.fs.Target;
import org.apache.hadoop.conf.Configuration;

/**
 * A workload's options in one class, and its one registration: the fields with their defaults as initial
 * values (the command line's options where the class is a picocli {@code @Command} with {@code @Option}
 * fields: {@code harness} builds the command from it, with the options every workload shares, and picocli
 * shows the initial values as the defaults), the Java API's setters ({@link RunBuilder}), the check that
 * makes them a plan, and the workload that runs a plan, on a Hadoop file system ({@link Target}) or, with
 * {@link #ownTarget}, on a target of its own (a stopped cluster's directories, Spark's session). Listed in
 * {@code META-INF/services/io.harness.core.workload.WorkloadType}, one line, it is both the command and what
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
   * {@code result.json} says where it wrote ({@code root}). It runs on a Hadoop file system (a
   * {@code Workload<Target>}) unless {@link #ownTarget}: then on what {@link #target} opens.
   */
  public abstract Workload<? extends RunTarget> workload(P plan, String root);

  /**
   * Whether the workload runs on a target of its own ({@link #target}) rather than on the Hadoop file system that
   * the Java API's {@code run(URI, conf)} or the command line's shared options name ({@code --embedded},
   * {@code -fs}, {@link #targetPath}): the offline generators on a stopped cluster's directories, Spark on its
   * session and the file systems of its paths. Its command then has, of the options every workload shares, only
   * those of what a run records ({@code --json}, {@code --run-dir}, {@code --instrument}, {@code --profile},
   * {@code --no-report}, {@code --force}, {@code --verbose}); not {@code --embedded}, {@code --threads} or
   * {@code --task-timeout}, which it declares itself where it has them. False by default.
   */
  public boolean ownTarget() {
    return false;
  }

  /**
   * How a new run of {@code plan} gets its own target ({@link #ownTarget}), which the workload of the plan runs on:
   * checked here without contacting anything (bad input: {@link io.harness.core.base.UsageException}), opened by
   * the pipeline once the run's folder exists. Only called when {@link #ownTarget}.
   */
  public TargetSource<? extends RunTarget> target(P plan, Site site) {
    throw new IllegalStateException(name + " runs on a Hadoop file system, not on a target of its own");
  }

  /**
   * What a workload with a target of its own ({@link #target}) may take it from.
   *
   * @param conf the run's configuration (the command line's site files, {@code -conf} and {@code -D}; the Java API
   *     caller's, copied)
   * @param fileSystem the file system of paths that name none, checked when asked (bad input: a
   *     {@link io.harness.core.base.UsageException}): the command line's {@code -fs} or {@code fs.defaultFS}, the
   *     Java API's {@code run(URI, conf)}
   * @param fileSystemGiven whether the command line's {@code -fs} named it
   * @param settings the command line's {@code -D} settings, in order (none from the Java API)
   * @param err where opening the target may print (progress of a cluster it starts)
   */
  public record Site(Configuration conf, java.util.function.Supplier<java.net.URI> fileSystem,
      boolean fileSystemGiven, java.util.Map<String, String> settings, java.io.PrintStream err) {}

  /**
   * Null where the workload's libraries are on this class path; else the one line that says where it runs instead.
   * Then {@code harness} lists its command as usual but runs it, with any arguments, as that line (bad input, exit
   * 2), without looking into this class: picocli reflects on every method of a command, and one whose signature
   * names a missing class would break the whole command line (the job jar on a Hadoop client has no Ozone servers).
   */
  public String unavailable() {
    return null;
  }

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
  public final Workload<?> restore(Object plan, String root) {
    return workload(ResultWriter.mapper().convertValue(plan, planType), root);
  }

  /**
   * A new run of {@code plan}: its workload on its own target ({@link #target}, checked here) when it has one, else
   * on the Hadoop file system {@code fileSystem} opens.
   */
  public final Start<?> newRun(P plan, Site site, TargetSource<Target> fileSystem) {
    TargetPath path = targetPath();
    if (path != null && path.value() != null) {
      io.harness.core.fs.Roots.parse(path.option(), path.value());
    }
    return Start.of(workload(plan, null), ownTarget() ? target(plan, site) : fileSystem);
  }

  @Override
  protected final Start<?> start(Configuration conf, java.net.URI fileSystem, java.io.PrintStream err) {
    P plan = plan(conf);
    Site site = new Site(conf, () -> io.harness.core.fs.TargetUri.check(conf, fileSystem, "fileSystem"), false, java.util.Map.of(), err);
    if (ownTarget()) {
      return newRun(plan, site, null);
    }
    java.net.URI uri = io.harness.core.fs.TargetUri.check(conf, fileSystem, "fileSystem");
    return newRun(plan, site, () -> Target.configured(conf, uri));
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
