package io.harness.core.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /live.json}, what the live page draws: the run going on now (its labels, totals, tasks and its ticks so
 * far: the page draws the whole run even when opened late), and the runs that ended (an experiment's), each with
 * its totals and its own figures.
 */
final class LiveJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private LiveJson() {}

  static String of(Live live) {
    List<LiveRun> runs = live.runs();
    LiveRun current = live.current();
    LiveRun shown = current != null ? current : runs.isEmpty() ? null : runs.get(runs.size() - 1);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("now", System.currentTimeMillis());
    m.put("running", current != null);
    m.put("note", live.note());
    m.put("runs", runs.size());
    m.put("run", shown == null ? null : run(shown, live.ticks(shown)));
    List<Map<String, Object>> finished = new ArrayList<>();
    for (LiveRun r : runs) {
      if (r.ended()) {
        Map<String, Object> f = summary(r);
        f.put("figures", r.figures());
        finished.add(f);
      }
    }
    m.put("finished", finished);
    try {
      return JSON.writeValueAsString(m);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, Object> summary(LiveRun r) {
    Map<String, Object> m = new LinkedHashMap<>(new java.util.TreeMap<>(r.labels()));
    m.put("seconds", r.seconds());
    m.put("ended", r.ended());
    m.put("bytes", r.bytes());
    m.put("operations", r.operations());
    return m;
  }

  private static Map<String, Object> run(LiveRun r, List<LiveTick> ticks) {
    Map<String, Object> m = summary(r);
    m.put("tasks", r.taskStates());
    m.put("taskViews", r.taskViews());
    m.put("ticks", ticks);
    return m;
  }
}
