package io.harness.namespace;

import io.harness.core.base.UsageException;
import io.harness.namespace.Namespace.Phase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The namespace workload's option values that need more than a range check: phases, a mix, a tree, a rate. */
final class NamespaceChecks {
  /** What a mix may weigh. */
  static final List<String> MIX_OPERATIONS = List.of("create", "stat", "read", "list", "rename", "delete");

  private NamespaceChecks() {
  }

  /** {@code --rate}: calls per second ({@code 200} or {@code 200/s}), more than 0. */
  static double rate(String rate) {
    double perSecond;
    try {
      perSecond = Double.parseDouble(rate.strip().replaceFirst("(?i)/s$", ""));
    } catch (NumberFormatException e) {
      throw new UsageException("--rate", "must be a number of calls per second, was '" + rate + "'");
    }
    if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
      throw new UsageException("--rate", "must be more than 0 calls per second, was " + rate);
    }
    return perSecond;
  }

  /** The most directories the trees of a run may have. */
  static final long MAX_TREE_DIRECTORIES = 100_000;

  /** The directories of one tree ({@code span + span^2 + ... + span^depth}); bad input when depth or span is. */
  static long treeDirectories(int depth, int span) {
    if (depth < 0) {
      throw new UsageException("--depth", "must be 0 (no tree) or more, was " + depth);
    }
    if (span < 1) {
      throw new UsageException("--span", "must be at least 1, was " + span);
    }
    long level = 1;
    long all = 0;
    for (int d = 0; d < depth; d++) {
      level *= span;
      all += level;
      if (all > MAX_TREE_DIRECTORIES) {
        return all;
      }
    }
    return all;
  }

  /** A mix's percentages by operation, checked: known operations, once each, whole percentages adding up to 100. */
  static Map<String, Integer> mix(List<String> given) {
    Map<String, Integer> out = new LinkedHashMap<>();
    int sum = 0;
    for (String g : given) {
      String[] kv = g.strip().split("=", 2);
      String op = kv[0].strip().toLowerCase(Locale.ROOT);
      if (!MIX_OPERATIONS.contains(op)) {
        throw new UsageException("--mix", "'" + kv[0] + "' is not an operation of a mix ("
            + String.join(", ", MIX_OPERATIONS) + ")");
      }
      if (out.containsKey(op)) {
        throw new UsageException("--mix", op + " is given twice");
      }
      int percent;
      try {
        percent = kv.length == 2 ? Integer.parseInt(kv[1].strip().replaceFirst("%$", "")) : -1;
      } catch (NumberFormatException e) {
        percent = -1;
      }
      if (percent < 0 || percent > 100) {
        throw new UsageException("--mix", "'" + g + "': the form is OPERATION=PERCENT, a whole number 0-100");
      }
      out.put(op, percent);
      sum += percent;
    }
    if (sum != 100) {
      throw new UsageException("--mix", "the percentages add up to " + sum + ", not 100");
    }
    return out;
  }

  /**
   * The phases as given, checked: each known and once, and each after what it needs (stat, read, list, rename
   * and delete after create and not after delete; rmdir after mkdir).
   */
  static List<Phase> phases(List<String> given) {
    List<Phase> out = new ArrayList<>();
    for (String g : given) {
      String word = g.strip().toLowerCase(Locale.ROOT);
      Phase p = Arrays.stream(Phase.values()).filter(x -> x.word().equals(word)).findFirst()
          .orElseThrow(() -> new UsageException("--phases", "'" + g + "' is not a phase (mkdir, create, stat, read, "
              + "list, rename, delete, rmdir)"));
      if (out.contains(p)) {
        throw new UsageException("--phases", p.word() + " is given twice");
      }
      out.add(p);
    }
    if (out.isEmpty()) {
      throw new UsageException("--phases", "must name at least one phase");
    }
    for (int i = 0; i < out.size(); i++) {
      Phase p = out.get(i);
      List<Phase> before = out.subList(0, i);
      if (p == Phase.RMDIR && !before.contains(Phase.MKDIR)) {
        throw new UsageException("--phases", "rmdir needs mkdir before it");
      }
      if (p != Phase.MKDIR && p != Phase.CREATE && p != Phase.RMDIR) {
        if (!before.contains(Phase.CREATE)) {
          throw new UsageException("--phases", p.word() + " needs create before it");
        }
        if (before.contains(Phase.DELETE)) {
          throw new UsageException("--phases", p.word() + " comes after delete, which removed the files");
        }
      }
    }
    return out;
  }
}
