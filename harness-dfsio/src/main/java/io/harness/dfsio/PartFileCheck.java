package io.harness.dfsio;

import io.harness.core.base.UsageException;
import java.util.List;

/**
 * The checks behind {@link PartFile#check}: a part file that was cut off, lacks a key TestDFSIO's figures
 * need, or holds a value its key cannot have (not a number, NaN or infinite rates, negative sizes or times,
 * no tasks, a histogram or per-second series that does not decode) is refused with one line naming the file,
 * the key and its line. Only the keys {@code dfsio analyze} reads are checked; others are left alone.
 */
final class PartFileCheck {
  private static final List<String> LEGACY = List.of("tasks", "size", "time", "rate", "sqrate");
  private static final int SHOWN = 40;

  private final PartFile part;
  private final String argument;

  private PartFileCheck(PartFile part, String argument) {
    this.part = part;
    this.argument = argument;
  }

  static void check(PartFile part, String argument) {
    new PartFileCheck(part, argument).run();
  }

  private void run() {
    if (part.cutLine() != null) {
      String text = part.cutLine().strip();
      String key = text.isEmpty() ? "(blank)" : text.split("[\\s%]+", 2)[0];
      throw bad(part.lineCount(), key, "the file ends in the middle of this line ('" + shorten(text)
          + "', no newline): it was cut off");
    }
    for (String name : LEGACY) {
      if (part.legacyKey(name) == null) {
        throw new UsageException(argument, part.file() + ": " + (name.endsWith("rate") ? "f:" : "l:") + name
            + " is missing from its " + part.lineCount() + " line(s) (a TestDFSIO part file has l:tasks, l:size, "
            + "l:time, f:rate and f:sqrate)");
      }
    }
    long tasks = whole(part.legacyKey("tasks"));
    if (tasks < 1) {
      String failed = part.values().get(PartFile.FAILED);
      throw bad(part.legacyKey("tasks"), "must be at least 1, was " + tasks
          + (failed != null && !failed.equals("0") ? " (no task succeeded; " + PartFile.FAILED + " is " + failed
              + "): TestDFSIO's figures average over the successful tasks" : ""));
    }
    notNegative(part.legacyKey("size"), whole(part.legacyKey("size")));
    notNegative(part.legacyKey("time"), whole(part.legacyKey("time")));
    rate(part.legacyKey("rate"));
    rate(part.legacyKey("sqrate"));
    checkHarnessKeys();
  }

  private void checkHarnessKeys() {
    Long first = part.values().containsKey(PartFile.FIRST_START) ? whole(PartFile.FIRST_START) : null;
    Long last = part.values().containsKey(PartFile.LAST_END) ? whole(PartFile.LAST_END) : null;
    if (first != null && last != null && last < first) {
      throw bad(PartFile.LAST_END, last + " is before " + PartFile.FIRST_START + " " + first + " (line "
          + part.lineOf(PartFile.FIRST_START) + ")");
    }
    if (part.values().containsKey(PartFile.FAILED)) {
      long failed = notNegative(PartFile.FAILED, whole(PartFile.FAILED));
      if (failed > Integer.MAX_VALUE) {
        throw bad(PartFile.FAILED, "must be at most " + Integer.MAX_VALUE + ", was " + failed);
      }
    }
    for (String key : part.values().keySet()) {
      if (key.startsWith(PartFile.HISTOGRAM_PREFIX)) {
        histogram(key);
      }
    }
    if (part.values().containsKey(PartFile.BYTES_PER_SECOND)) {
      series(PartFile.BYTES_PER_SECOND);
    }
  }

  private long whole(String key) {
    String v = part.values().get(key);
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw bad(key, "'" + shorten(v) + "' is not a whole number");
    }
  }

  private long notNegative(String key, long v) {
    if (v < 0) {
      throw bad(key, "must not be negative, was " + v);
    }
    return v;
  }

  private void rate(String key) {
    String v = part.values().get(key);
    float f;
    try {
      f = Float.parseFloat(v);
    } catch (NumberFormatException e) {
      throw bad(key, "'" + shorten(v) + "' is not a number");
    }
    if (!Float.isFinite(f)) {
      throw bad(key, "'" + v + "' is not a finite number");
    }
    if (f < 0) {
      throw bad(key, "must not be negative, was " + v);
    }
  }

  private void histogram(String key) {
    String v = part.values().get(key);
    try {
      PartFile.decode(v);
    } catch (RuntimeException e) {
      String reason = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
      if (e.getCause() != null && e.getCause().getMessage() != null) {
        reason += ": " + e.getCause().getMessage();
      }
      throw bad(key, "'" + shorten(v) + "' is not a latency histogram (compressed HdrHistogram in Base64): "
          + reason);
    }
  }

  private void series(String key) {
    String v = part.values().get(key);
    for (String item : v.isEmpty() ? new String[0] : v.split(",", -1)) {
      int colon = item.indexOf(':');
      try {
        if (colon < 0) {
          throw new NumberFormatException();
        }
        Long.parseLong(item.substring(0, colon));
        if (Long.parseLong(item.substring(colon + 1)) < 0) {
          throw bad(key, "'" + shorten(item) + "' has negative bytes");
        }
      } catch (NumberFormatException e) {
        throw bad(key, "'" + shorten(item) + "' in '" + shorten(v) + "' is not second:bytes (whole numbers)");
      }
    }
  }

  private UsageException bad(String key, String reason) {
    return bad(part.lineOf(key), key, reason);
  }

  private UsageException bad(int line, String key, String reason) {
    return new UsageException(argument, part.file() + " line " + line + ": " + key + ": " + reason);
  }

  private static String shorten(String s) {
    String t = s.replace('\t', ' ').replaceAll("\\p{Cntrl}", "?");
    return t.length() <= SHOWN ? t : t.substring(0, SHOWN - 3) + "...";
  }
}
