package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code --help} of every command and subcommand, as the distribution's bin/harness shows it (every module's
 * commands on the class path; spark's in its own JVM), is free of the usual rendering defects:
 * <ul>
 *   <li>the word {@code null} (a {@code ${...}} picocli interpolated with nothing, or a missing value);</li>
 *   <li>{@code WARN} (picocli's warnings about the command's model) or anything else on stderr;</li>
 *   <li>a cut entry in a list of commands: each command's line (its header, else the first line of its
 *       description, which picocli takes as it is) must end a sentence: with {@code .}, {@code ?} or
 *       {@code !}.</li>
 * </ul>
 */
class HelpTextsIT {
  private static final Pattern COMMAND = Pattern.compile("^  ([a-z][\\w-]*)(?:, [\\w-]+)*\\s{2,}(\\S.*)$");

  @Test
  void everyHelpTextIsWhole(@TempDir Path work) throws Exception {
    Map<String, Run> helps = new LinkedHashMap<>();
    render(work, List.of(), helps);
    assertTrue(helps.keySet().containsAll(List.of("harness", "harness experiment", "harness attach",
        "harness freon dfsg", "harness freon cgdn", "harness spark", "harness spark generate")), helps.keySet()
        .toString());

    List<String> defects = new ArrayList<>();
    helps.forEach((name, help) -> {
      if (help.code() != 0) {
        defects.add(name + " --help: exit " + help.code());
      }
      if (!help.err().isEmpty()) {
        defects.add(name + " --help: on stderr: " + help.err().strip());
      }
      help.out().lines().filter(l -> Pattern.compile("\\bnull\\b|WARN").matcher(l).find())
          .forEach(l -> defects.add(name + " --help: " + l.strip()));
      cutEntries(help.out()).forEach(e -> defects.add(name + " --help: cut in its list of commands: " + e));
    });
    assertEquals("", String.join("\n", defects));
  }

  /** The entries of the help's list of commands (continuation lines joined) that do not end a sentence. */
  static List<String> cutEntries(String help) {
    List<String> entries = new ArrayList<>();
    boolean inList = false;
    for (String l : help.split("\n")) {
      if (l.equals("Commands:")) {
        inList = true;
      } else if (inList && COMMAND.matcher(l).matches()) {
        Matcher m = COMMAND.matcher(l);
        m.matches();
        entries.add(m.group(1) + ": " + m.group(2).strip());
      } else if (inList && l.startsWith("    ") && !entries.isEmpty()) {
        entries.set(entries.size() - 1, entries.get(entries.size() - 1) + " " + l.strip());
      } else {
        inList = false;
      }
    }
    return entries.stream().filter(e -> !e.matches(".*[.?!]$")).toList();
  }

  /** {@code bin/harness PATH --help} and, recursively, that of every command its list names. */
  private static void render(Path work, List<String> path, Map<String, Run> into) throws Exception {
    List<String> args = new ArrayList<>(path);
    args.add("--help");
    // in a JVM of its own: picocli writes its warnings to the System.err it found first
    Run help = Cli.process(work, 120, args.toArray(new String[0]));
    into.put(String.join(" ", "harness", String.join(" ", path)).strip(), help);
    boolean inList = false;
    for (String l : help.out().split("\n")) {
      inList = l.equals("Commands:") || (inList && l.startsWith(" "));
      Matcher m = COMMAND.matcher(l);
      if (inList && m.matches()) {
        List<String> sub = new ArrayList<>(path);
        sub.add(m.group(1));
        render(work, sub, into);
      }
    }
  }

  @Test
  void aCutEntryIsFound() {
    String help = "Usage: x\nCommands:\n  a     Whole.\n  bb    Cut at the line break of the source,\n"
        + "  c, cc  Long and\n          whole.\n  d     Long and\n          cut\n";
    assertEquals(List.of("bb: Cut at the line break of the source,", "d: Long and cut"), cutEntries(help));
    assertEquals(List.of(), cutEntries(String.join("\n", "Commands:", "  e  (fine).", "  f  Ok!")));
  }
}
