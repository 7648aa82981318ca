package io.harness.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.base.UsageException;
import java.util.List;
import java.util.Set;

/** The keys of one mapping, each read once, unknown ones refused. */
final class YamlKeys {
  private final String arg;
  private final String prefix;
  private final JsonNode node;

  YamlKeys(String arg, String prefix, JsonNode node, Set<String> known) {
    this.arg = arg;
    this.prefix = prefix;
    this.node = node;
    String where = prefix.isEmpty() ? "the file" : prefix.substring(0, prefix.length() - 1);
    if (node == null || !node.isObject()) {
      throw new UsageException(arg, where + ": expected a mapping");
    }
    node.fieldNames().forEachRemaining(f -> {
      if (!known.contains(f)) {
        throw new UsageException(arg, prefix + f + ": unknown key (known here: " + String.join(", ",
            new java.util.TreeSet<>(known)) + ")");
      }
    });
  }

  boolean has(String key) {
    return node.has(key);
  }

  JsonNode node(String key, boolean required) {
    JsonNode n = node.path(key);
    if (required && (n.isMissingNode() || n.isNull())) {
      throw new UsageException(arg, prefix + key + ": missing");
    }
    return n;
  }

  String text(String key, String otherwise) {
    JsonNode n = node.path(key);
    if (n.isMissingNode()) {
      return otherwise;
    }
    if (!n.isValueNode() || n.isNull() || n.asText().isBlank()) {
      throw new UsageException(arg, prefix + key + ": expected a non-empty value");
    }
    return n.asText().strip();
  }

  boolean bool(String key) {
    JsonNode n = node.path(key);
    if (!n.isMissingNode() && !n.isBoolean()) {
      throw new UsageException(arg, prefix + key + ": expected true or false, got '" + n.asText() + "'");
    }
    return n.asBoolean(false);
  }

  int integer(String key, int otherwise, int min, int max) {
    JsonNode n = node.path(key);
    if (n.isMissingNode()) {
      return otherwise;
    }
    if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < min || n.asInt() > max) {
      throw new UsageException(arg, prefix + key + ": expected a whole number from " + min + " to " + max + ", got '"
          + n.asText() + "'");
    }
    return n.asInt();
  }

  List<String> list(String key, List<String> otherwise) {
    JsonNode n = node.path(key);
    return n.isMissingNode() ? otherwise : ExperimentFile.values(arg, prefix + key, n);
  }
}
