package io.harness.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The shape of a run's {@code result.json}, named by its {@code format} field. Format 1 (the files written before
 * the field existed) kept {@code --instrument}'s reports and {@code --profile}'s flame graph inside
 * {@code figures} ({@code figures.instrumentation}, {@code figures.profile}); format 2 gives each its own field.
 * Everything that reads a saved result reads it through {@link #upgrade}, so a run saved by an older harness is
 * analyzed, reported and compared as a new one.
 */
public final class ResultFormat {
  /** The format this harness writes. */
  public static final int CURRENT = 2;

  private ResultFormat() {}

  /** The format a saved result says it has: 1 when it names none. */
  public static int of(JsonNode result) {
    return result.path("format").asInt(1);
  }

  /**
   * {@code result} in the current format (changed in place): a format 1 file's {@code figures.instrumentation}
   * and {@code figures.profile} move to their own fields. A newer format than this harness knows is left as it
   * is (its unknown fields are ignored where it is read).
   */
  public static JsonNode upgrade(JsonNode result) {
    if (!(result instanceof ObjectNode tree) || of(tree) >= CURRENT) {
      return result;
    }
    if (tree.get("figures") instanceof ObjectNode figures) {
      for (String moved : new String[] {"instrumentation", "profile"}) {
        JsonNode value = figures.remove(moved);
        if (value != null && !tree.has(moved)) {
          tree.set(moved, value);
        }
      }
    }
    tree.put("format", CURRENT);
    return tree;
  }
}
