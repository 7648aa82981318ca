package io.harness.core.engine.clients;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a client (one map) says about itself, the first line of its side file {@code _clients/report/<client>}; its
 * tasks' {@link io.harness.core.records.TaskLine}s follow, one a line.
 *
 * @param client its index
 * @param host the machine it ran on
 * @param node on YARN, the node manager it ran under ({@code host:port}); else null
 * @param late whether it was ready only after the barrier released
 * @param readyEpochNanos when it was ready (its clock)
 * @param releaseEpochNanos when the barrier released (the releasing client's clock)
 * @param clockOffsetNanos its clock minus the file system's
 * @param timings with {@code --instrument} on a cluster, its JVM's agent counters (one line of JSON), else null
 */
public record ClientReport(int client, String host, @JsonInclude(JsonInclude.Include.NON_NULL) String node,
    boolean late, long readyEpochNanos, long releaseEpochNanos,
    long clockOffsetNanos, @JsonInclude(JsonInclude.Include.NON_NULL) String timings) {
}
