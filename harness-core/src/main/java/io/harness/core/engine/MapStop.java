package io.harness.core.engine;

import io.harness.core.records.Stopping;

import io.harness.core.base.StopRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * How a stopped run's MapReduce job ends with what its maps did, as a stopped run of the local engine does: the
 * launcher leaves a marker file (the job's {@value #MARKER} names it, a place the job owns on the target) holding the
 * signal's name, and waits; each map watches for it ({@link #watch}), ends its task early (what it measured is kept,
 * marked interrupted, and what failed by the stop is cut short) and reports as a map that ran to its end does; a map
 * that starts after the marker does nothing. Maps that have not ended {@link #GRACE_SECONDS} s later are killed with
 * the job ({@link MapReduceJobs#submitAndWait}).
 */
public final class MapStop {
  /** The job's setting that names its stop marker. */
  public static final String MARKER = "harness.stop.marker";
  /** How long the launcher waits for the maps to end after it left the marker, before it kills the job. */
  public static final long GRACE_SECONDS = LocalEngine.GIVE_UP_AFTER_SECONDS + 10;
  /** How often a map looks for the marker. */
  static final long WATCH_MILLIS = 250;

  private MapStop() {}

  /** The job's maps watch for {@code marker} (which must not exist yet: it is deleted now). */
  public static void configure(Configuration conf, FileSystem fs, Path marker) throws IOException {
    fs.delete(marker, false);
    conf.set(MARKER, fs.makeQualified(marker).toString());
  }

  /** The job's marker, or null when its maps watch for none. */
  static Path marker(Configuration conf) {
    String m = conf.get(MARKER);
    return m == null ? null : new Path(m);
  }

  /** Leaves the marker of the job of {@code conf}, saying {@code signal}; false when the job has none. */
  static boolean leave(Configuration conf, String signal) throws IOException {
    Path marker = marker(conf);
    if (marker == null) {
      return false;
    }
    try (FSDataOutputStream out = marker.getFileSystem(conf).create(marker, true)) {
      out.write(signal.getBytes(StandardCharsets.UTF_8));
    }
    return true;
  }

  /** Removes the marker of the job of {@code conf} (after the job), if it has one. */
  public static void clean(Configuration conf) {
    Path marker = marker(conf);
    if (marker != null) {
      try {
        marker.getFileSystem(conf).delete(marker, false);
      } catch (IOException e) {
        // a marker left behind is deleted with its job's folder, or before the next job
      }
    }
  }

  /**
   * In a map: a watch for the job's marker, whose request is asked once the launcher leaves it (at once when it is
   * there already). A job with no marker gives a watch that is never asked. Close it when the map's task has ended.
   */
  public static Watch watch(Configuration conf) throws IOException {
    Path marker = marker(conf);
    StopRequest request = StopRequest.detached();
    if (marker == null) {
      return new Watch(request, null);
    }
    FileSystem fs = marker.getFileSystem(conf);
    Watch w = new Watch(request, Heartbeat.every(WATCH_MILLIS, () -> look(fs, marker, request)));
    look(fs, marker, request);
    return w;
  }

  private static void look(FileSystem fs, Path marker, StopRequest request) {
    if (request.requested()) {
      return;
    }
    try (FSDataInputStream in = fs.open(marker)) {
      String signal = new String(in.readNBytes(16), StandardCharsets.UTF_8).strip();
      request.request(signal.isEmpty() ? "SIGTERM" : signal, signal.equals("SIGINT") ? 130 : 143);
    } catch (java.io.FileNotFoundException e) {
      // not stopped
    } catch (IOException e) {
      // looked again at the next beat
    }
  }

  /** A map's watch for its job's stop marker: {@link #request} is asked when the launcher left it. */
  public static final class Watch implements AutoCloseable {
    private final StopRequest request;
    private final Heartbeat beat;

    private Watch(StopRequest request, Heartbeat beat) {
      this.request = request;
      this.beat = beat;
    }

    /** The map's stop request: a run's settings take it, as a signal's. */
    public StopRequest request() {
      return request;
    }

    /** What a map's task ends early by ({@link LocalEngine#runAlone}). */
    public Stopping stopping() {
      return Stopping.of(request);
    }

    @Override
    public void close() {
      if (beat != null) {
        beat.close();
      }
    }
  }
}
