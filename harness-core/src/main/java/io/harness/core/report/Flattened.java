package io.harness.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * The leaves of a JSON tree as key / value rows: a key joins the names on the way with dots ({@code legacy.rate},
 * {@code files[2].rows}), and each leaf keeps its JSON Pointer. Nulls are left out; at most {@link #MAX} leaves
 * (a table is for reading, the JSON has the rest).
 */
final class Flattened {
  /** Leaves given at most. */
  static final int MAX = 400;

  private Flattened() {}

  /** What is done with each leaf. */
  interface Leaf {
    void accept(String key, String pointer, JsonNode value);
  }

  /** Calls {@code leaf} for each leaf of {@code node}, found at {@code pointer}, under the key {@code key}. */
  static void leaves(JsonNode node, String pointer, String key, Leaf leaf) {
    walk(node, pointer, key, leaf, new int[] {0});
  }

  private static void walk(JsonNode node, String pointer, String key, Leaf leaf, int[] count) {
    if (node == null || node.isNull() || node.isMissingNode() || count[0] >= MAX) {
      return;
    }
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        walk(e.getValue(), pointer + Html.pointer(e.getKey()), key.isEmpty() ? e.getKey() : key + "." + e.getKey(),
            leaf, count);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), pointer + "/" + i, key + "[" + i + "]", leaf, count);
      }
    } else {
      count[0]++;
      leaf.accept(key, pointer, node);
    }
  }
}
