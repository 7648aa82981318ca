package io.harness.core.workload;

/**
 * What every workload says the same way, said once: its name, its operation, the label of its lines and its plan
 * ({@link Workload#name}, {@link Workload#operation}, {@link Workload#label}, {@link Workload#plan}). A workload
 * extends it and states only what is its own.
 *
 * @param <T> what the workload runs on
 * @param <P> its plan (the checked options)
 */
public abstract class NamedWorkload<T extends RunTarget, P> implements Workload<T> {
  /** The checked options this workload was built from. */
  protected final P plan;
  private final String name;
  private final String operation;
  private final String label;

  /** A workload whose lines start with its name. */
  protected NamedWorkload(String name, String operation, P plan) {
    this(name, operation, name, plan);
  }

  /** A workload whose lines start with {@code label} ({@code freon dfsg}). */
  protected NamedWorkload(String name, String operation, String label, P plan) {
    this.name = name;
    this.operation = operation;
    this.label = label;
    this.plan = plan;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String operation() {
    return operation;
  }

  @Override
  public final String label() {
    return label;
  }

  @Override
  public P plan() {
    return plan;
  }
}
