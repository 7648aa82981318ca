package io.harness.core.profile;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import one.profiler.AsyncProfiler;

/**
 * {@code --profile EVENT}: async-profiler in this JVM around a run's measured phase, ending in an HTML
 * flame graph. Which sampling engine ran is recorded: {@code cpu} uses perf_events (the cpu-clock event)
 * where the kernel lets this process open it, and falls back to ctimer (a per-thread CPU-time timer)
 * where it does not.
 */
public final class Profiler {
  public static final List<String> EVENTS = List.of("cpu", "wall", "alloc", "lock");
  private static final String OPTION = "--profile";

  private final AsyncProfiler profiler;
  private final String event;
  private final String engine;

  private Profiler(AsyncProfiler profiler, String event, String engine) {
    this.profiler = profiler;
    this.event = event;
    this.engine = engine;
  }

  /** Checks the event and that the profiler loads and can sample it here; throws UsageException (exit 2). */
  public static Profiler prepare(String event) {
    String e = event.toLowerCase(Locale.ROOT);
    if (!EVENTS.contains(e)) {
      throw new UsageException(OPTION, "unknown event '" + event + "' (use " + String.join(", ", EVENTS) + ")");
    }
    AsyncProfiler p;
    try {
      p = AsyncProfiler.getInstance();
    } catch (LinkageError | RuntimeException x) {
      throw new UsageException(OPTION, "async-profiler cannot load in this JVM: " + x.getMessage());
    }
    try {
      p.execute("check,event=" + e);
    } catch (Exception x) {
      throw new UsageException(OPTION, "event " + e + " is not supported here: " + x.getMessage());
    }
    return new Profiler(p, e, engine(p, e));
  }

  private static String engine(AsyncProfiler p, String event) {
    return switch (event) {
      case "cpu" -> canOpen(p, "cpu-clock") ? "perf_events (cpu-clock)" : "ctimer (perf_events unavailable)";
      case "wall" -> "wall-clock sampling of all threads";
      case "alloc" -> "TLAB allocation sampling";
      default -> "Java lock contention";
    };
  }

  private static boolean canOpen(AsyncProfiler p, String perfEvent) {
    try {
      p.execute("check,event=" + perfEvent);
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  public String event() {
    return event;
  }

  /** The sampling engine that ran, in words. */
  public String engine() {
    return engine;
  }

  public void start() {
    try {
      // alloc and lock keep async-profiler's own thresholds (512 KiB of allocation a sample, every contended
      // lock): it refuses an interval of 0 for them
      profiler.execute("start,event=" + event + ("cpu".equals(event) || "wall".equals(event) ? ",interval=10ms" : ""));
    } catch (Exception e) {
      throw new RunFailedException(OPTION + ": cannot start async-profiler: " + e.getMessage(), e);
    }
  }

  /** Stops and writes the flame graph. */
  public void stop(Path html) {
    try {
      profiler.execute("stop");
      Files.createDirectories(html.toAbsolutePath().getParent());
      profiler.execute("flamegraph,title=harness " + event + " profile,file=" + html.toAbsolutePath());
    } catch (Exception e) {
      throw new RunFailedException(OPTION + ": cannot write the flame graph " + html + ": " + e.getMessage(), e);
    }
  }
}
