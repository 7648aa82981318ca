package io.harness.core.cli;

/**
 * A command that measures a workload through the run pipeline. Under an experiment's check
 * ({@link RunContext.Host#planned()}) it checks its options, hands its workload over and stops, touching nothing;
 * any other command is refused there.
 */
public interface MeasuringCommand {
}
