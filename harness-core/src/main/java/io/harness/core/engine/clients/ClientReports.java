package io.harness.core.engine.clients;

import io.harness.core.engine.Clients;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the launcher gathers from the maps' reports ({@link ClientReport}) of one start barrier: which were late, their
 * hosts and YARN nodes, when each was ready, their clocks' offsets from the launcher's, and when the barrier released
 * (the run's start). {@link #noted} is what the run's records note as {@value io.harness.core.run.Analysis#CLIENTS}.
 */
final class ClientReports {
  private final Clients clients;
  private final long launcherOffsetNanos;
  private final List<Integer> late = new ArrayList<>();
  private final Map<String, Object> offsets = new LinkedHashMap<>();
  private final Map<String, Object> hosts = new LinkedHashMap<>();
  private final Map<String, Object> nodes = new LinkedHashMap<>();
  private final Map<String, Object> ready = new LinkedHashMap<>();
  private long release = Long.MAX_VALUE;

  /** The reports of {@code clients}; {@code launcherOffsetNanos}: the launcher's clock minus the file system's. */
  ClientReports(Clients clients, long launcherOffsetNanos) {
    this.clients = clients;
    this.launcherOffsetNanos = launcherOffsetNanos;
  }

  void add(ClientReport report) {
    String name = "client-" + report.client();
    release = Math.min(release, report.releaseEpochNanos());
    if (report.late()) {
      late.add(report.client());
    }
    offsets.put(name, report.clockOffsetNanos() - launcherOffsetNanos);
    ready.put(name, report.readyEpochNanos());
    hosts.put(name, report.host());
    if (report.node() != null) {
      nodes.put(name, report.node());
    }
  }

  /** When the barrier released (epoch ns): the run's start. */
  long releaseEpochNanos() {
    return release;
  }

  /** Whether the tasks of this client count in the figures (its seconds in the merged latency, its record). */
  boolean counts(ClientReport report) {
    return !report.late() || clients.countLate();
  }

  /** What the records note about the clients; {@code job}: the MapReduce job's id. */
  Map<String, Object> noted(String job) {
    long min = offsets.values().stream().mapToLong(o -> (Long) o).min().orElse(0);
    long max = offsets.values().stream().mapToLong(o -> (Long) o).max().orElse(0);
    long firstReady = ready.values().stream().mapToLong(o -> (Long) o).min().orElse(0);
    long lastReady = ready.values().stream().mapToLong(o -> (Long) o).max().orElse(0);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", clients.count());
    m.put("late", late.size());
    m.put("lateClients", late);
    m.put("countLate", clients.countLate());
    m.put("startAtMillis", clients.startAtMillis());
    m.put("barrierTimeoutMillis", clients.barrierTimeoutMillis());
    m.put("releaseEpochNanos", release);
    // when each client was ready at the barrier (its own clock): how far apart the maps came up
    m.put("readyEpochNanos", ready);
    m.put("readySpreadNanos", lastReady - firstReady);
    m.put("clockOffsetsNanos", offsets);
    m.put("clockSpreadNanos", max - min);
    m.put("hosts", hosts);
    if (!nodes.isEmpty()) {
      m.put("nodes", nodes);
    }
    m.put("job", job);
    return m;
  }
}
