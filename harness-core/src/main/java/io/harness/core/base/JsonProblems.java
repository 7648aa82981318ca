package io.harness.core.base;

/**
 * What is wrong with a saved JSON file or line the harness reads back (a records file, a {@code result.json}),
 * said in the file's own words: not JSON, or which field is missing, unknown or of the wrong kind. Never the
 * reader's class names, which mean nothing to the person holding the file.
 */
public final class JsonProblems {
  private JsonProblems() {}

  /** What is wrong with a JSON text, in words of the file (the field), never the reader's classes. */
  public static String describe(Exception e) {
    if (e instanceof com.fasterxml.jackson.core.JsonParseException) {
      return "not JSON";
    }
    if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath().isEmpty()) {
      StringBuilder field = new StringBuilder();
      for (com.fasterxml.jackson.databind.JsonMappingException.Reference r : m.getPath()) {
        field.append(r.getFieldName() != null ? (field.length() == 0 ? "" : ".") + r.getFieldName()
            : "[" + r.getIndex() + "]");
      }
      return e instanceof com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException
          ? "unknown field '" + field + "'" : "field '" + field + "' is missing or of the wrong kind";
    }
    if (e instanceof com.fasterxml.jackson.core.JacksonException) {
      return "not a JSON object of the expected fields";
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m.split("\\R", 2)[0];
  }
}
