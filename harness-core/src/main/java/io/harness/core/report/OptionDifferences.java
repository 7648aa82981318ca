package io.harness.core.report;

import io.harness.core.base.Units;
import io.harness.core.base.Durations;
import io.harness.core.base.Sizes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What differs between the runs of a comparison, from their {@code result.json}: the workload and operation
 * (when {@code --force} let different ones in) and every option whose value, as the workload reads it, is not the
 * same in all runs, one line each with the value in each group (or each run, where a group's runs differ). Two
 * spellings the workload reads alike are one value ({@code 10mb} and {@code 10MB}, {@code 1024KB} and {@code 1MB},
 * {@code 60s} and {@code 1m}, {@code 2} and {@code 2.0}; through a {@link Reading}, also a bare number as the option
 * reads it); an option a run did not give (saved as null: its workload chose) is not a value, and is said apart
 * ({@code given in r2 only}); an option a run's command does not have (another workload's) is not compared. Where a
 * run's output went ({@code --json}, {@code --run-dir}, {@code -resFile}, {@code --verbose}) is left out.
 */
public final class OptionDifferences {
  private static final Set<String> OUTPUTS = Set.of("--json", "--run-dir", "-resFile", "--verbose");

  /**
   * How a saved option value is read for the comparison: the value as the run's workload read it (a size, a time
   * span, a number, an enum constant), or the saved value itself when that cannot be told. The command line's
   * parser knows each option's type; without it ({@link #PLAIN}) a text is read every way it can be.
   */
  @FunctionalInterface
  public interface Reading {
    Object read(SavedRun run, String option, Object saved);
  }

  /** Reads every value as it is saved. */
  public static final Reading PLAIN = (run, option, saved) -> saved;

  private OptionDifferences() {}

  /** The lines, empty when the runs were all run alike, each value read {@link #PLAIN}ly. */
  public static List<String> of(List<RunGroup> groups) {
    return of(groups, PLAIN);
  }

  /** The lines, empty when the runs were all run alike; {@code reading} tells two spellings of one value apart. */
  public static List<String> of(List<RunGroup> groups, Reading reading) {
    List<String> lines = new ArrayList<>();
    Map<String, List<String>> workloads = new LinkedHashMap<>();
    forEachRun(groups, (place, r) -> workloads.computeIfAbsent(r.result().workload() + " " + r.result().operation(),
        k -> new ArrayList<>()).add(place));
    if (workloads.size() > 1) {
      lines.add("workloads differ: " + join(workloads));
    }
    Set<String> names = new LinkedHashSet<>();
    groups.forEach(g -> g.runs().forEach(r -> names.addAll(options(r).keySet())));
    for (String name : names) {
      if (!OUTPUTS.contains(name)) {
        String line = line(groups, name, reading);
        if (line != null) {
          lines.add(line);
        }
      }
    }
    return lines;
  }

  /** The option's line, or null when every run that has the option gave it one value, or none did. */
  private static String line(List<RunGroup> groups, String name, Reading reading) {
    // each value given (by its first spelling) and where; the runs that did not give it
    List<Value> given = new ArrayList<>();
    List<String> notGiven = new ArrayList<>();
    int having = 0;
    for (RunGroup g : groups) {
      Set<Integer> own = new LinkedHashSet<>();
      List<Object[]> mine = new ArrayList<>();
      for (SavedRun r : g.runs()) {
        if (!options(r).containsKey(name)) {
          continue;
        }
        having++;
        Object saved = options(r).get(name);
        int v = saved == null ? -1 : index(given, saved, readings(reading.read(r, name, saved)));
        own.add(v);
        mine.add(new Object[] {v, r});
      }
      for (Object[] m : mine) {
        int v = (Integer) m[0];
        String place = own.size() == 1 ? g.label() : g.label() + "/" + ((SavedRun) m[1]).name();
        List<String> places = v < 0 ? notGiven : given.get(v).places;
        if (!places.contains(place)) {
          places.add(place);
        }
      }
    }
    if (having < 2 || given.isEmpty() || given.size() == 1 && notGiven.isEmpty()) {
      return null;
    }
    String unset = notGiven.isEmpty() ? "" : " (not given in " + String.join(", ", notGiven)
        + ": the workload's default)";
    if (given.size() == 1) {
      return "option " + name + " given in " + String.join(", ", given.get(0).places) + " only: "
          + given.get(0).text + unset;
    }
    Map<String, List<String>> where = new LinkedHashMap<>();
    given.forEach(v -> where.put(v.text, v.places));
    return "option " + name + " differs: " + join(where) + unset;
  }

  /** One value of an option: its first spelling, what it reads as, and where it was given. */
  private record Value(String text, Set<String> readings, List<String> places) {}

  /** The index of the value {@code saved} reads as in {@code values}, added when new. */
  private static int index(List<Value> values, Object saved, Set<String> readings) {
    for (int i = 0; i < values.size(); i++) {
      for (String r : readings) {
        if (values.get(i).readings.contains(r)) {
          return i;
        }
      }
    }
    values.add(new Value(String.valueOf(saved), readings, new ArrayList<>()));
    return values.size() - 1;
  }

  /**
   * What a value reads as, each way it can: a typed value (what the option's own reading gave) one way; a text
   * without its option's type as itself and, where it is one, as a number, a size with its unit (case aside) and a
   * time span.
   */
  static Set<String> readings(Object v) {
    Set<String> out = new LinkedHashSet<>();
    if (v instanceof Units.Size s) {
      out.add("bytes " + s.bytes());
    } else if (v instanceof Units.Span s) {
      out.add("nanos " + s.nanos());
    } else if (v instanceof Enum<?> e) {
      out.add("text " + e.name().toLowerCase(java.util.Locale.ROOT));
    } else if (v instanceof Number n) {
      number(n.toString()).ifPresent(out::add);
    } else if (v instanceof String text) {
      out.add("text " + text);
      number(text.strip()).ifPresent(out::add);
      String t = text.strip();
      // a size or a time with its unit: the unit's case does not matter (a bare number is the option's to read)
      if (t.matches("[0-9.]+\\s*[A-Za-z]+")) {
        try {
          out.add("bytes " + Sizes.parse(t, 1));
        } catch (IllegalArgumentException notASize) {
          // not a size
        }
        try {
          out.add("nanos " + Durations.parseNanos(t));
        } catch (IllegalArgumentException notATime) {
          // not a time span
        }
      }
    } else if (v instanceof List<?> list) {
      List<String> each = new ArrayList<>();
      list.forEach(x -> each.add(String.join("|", readings(x))));
      out.add("list " + each);
    } else {
      out.add("text " + v);
    }
    return out;
  }

  private static java.util.Optional<String> number(String text) {
    try {
      BigDecimal d = new BigDecimal(text);
      return java.util.Optional.of("number " + (d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString()));
    } catch (NumberFormatException e) {
      return java.util.Optional.empty();
    }
  }

  private static Map<String, Object> options(SavedRun run) {
    return run.result().options() == null ? Map.of() : run.result().options();
  }

  private static void forEachRun(List<RunGroup> groups, java.util.function.BiConsumer<String, SavedRun> each) {
    for (RunGroup g : groups) {
      Set<String> own = new LinkedHashSet<>();
      g.runs().forEach(r -> own.add(r.result().workload() + " " + r.result().operation()));
      for (SavedRun r : g.runs()) {
        each.accept(own.size() == 1 ? g.label() : g.label() + "/" + r.name(), r);
      }
    }
  }

  /** {@code 4 in hdfs, ozone; 8 in local}, each place once. */
  private static String join(Map<String, List<String>> where) {
    List<String> parts = new ArrayList<>();
    where.forEach((v, places) -> parts.add(v + " in " + String.join(", ", new LinkedHashSet<>(places))));
    return String.join("; ", parts);
  }
}
