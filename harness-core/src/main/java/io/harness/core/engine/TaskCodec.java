package io.harness.core.engine;

import io.harness.core.result.LatencySummary;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A {@link TaskRecord} as one line of text, for engines whose tasks run elsewhere (MapReduce maps) and
 * send their records back through a file: {@code index|bytes|startEpochNs|endEpochNs|kind:histogram,...|
 * tick:bytes,...|url-encoded error} (ticks of {@link TaskRecord#TICK_NANOS}). Histograms are in HdrHistogram's compressed Base64 form; the name
 * travels beside the line (a part file's key, a file's name).
 */
public final class TaskCodec {
  private TaskCodec() {}

  public static String encode(TaskRecord r) {
    StringBuilder b = new StringBuilder();
    b.append(r.index()).append('|').append(r.bytes()).append('|').append(r.startEpochNanos()).append('|')
        .append(r.endEpochNanos()).append('|');
    String sep = "";
    for (Map.Entry<String, Histogram> e : r.latency().entrySet()) {
      b.append(sep).append(e.getKey()).append(':').append(LatencySummary.of(e.getValue()).histogram());
      sep = ",";
    }
    b.append('|');
    sep = "";
    for (Map.Entry<Long, Long> e : r.bytesPerTick().entrySet()) {
      b.append(sep).append(e.getKey()).append(':').append(e.getValue());
      sep = ",";
    }
    b.append('|');
    if (r.error() != null) {
      b.append(URLEncoder.encode(r.error(), StandardCharsets.UTF_8));
    }
    return b.toString();
  }

  public static TaskRecord decode(String name, String line) {
    String[] f = line.strip().split("\\|", -1);
    if (f.length != 7) {
      throw new IllegalArgumentException("not an encoded task record (" + f.length + " fields): " + line);
    }
    Map<String, Histogram> latency = new LinkedHashMap<>();
    for (String item : f[4].isEmpty() ? new String[0] : f[4].split(",")) {
      int colon = item.indexOf(':');
      latency.put(item.substring(0, colon),
          new LatencySummary(0, 0, 0, 0, 0, 0, 0, item.substring(colon + 1)).decode());
    }
    SortedMap<Long, Long> series = new TreeMap<>();
    for (String item : f[5].isEmpty() ? new String[0] : f[5].split(",")) {
      int colon = item.indexOf(':');
      series.put(Long.parseLong(item.substring(0, colon)), Long.parseLong(item.substring(colon + 1)));
    }
    return new TaskRecord(Integer.parseInt(f[0]), name, Long.parseLong(f[1]), Long.parseLong(f[2]),
        Long.parseLong(f[3]), latency, series,
        f[6].isEmpty() ? null : URLDecoder.decode(f[6], StandardCharsets.UTF_8));
  }
}
