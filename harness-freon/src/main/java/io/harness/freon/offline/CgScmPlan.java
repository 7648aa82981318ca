package io.harness.freon.offline;

/**
 * One cgscm run, checked: the common ids and sizes, and the containers' owner. Saved in the run's JSON as
 * {@code plan}.
 *
 * @param ids the containers, keys and replication all three generators share
 * @param owner the containers' owner (the OM service id unless {@code --owner} was given)
 */
public record CgScmPlan(Plan ids, String owner) {}
