package io.harness.core.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes and reads run results as JSON. */
public final class ResultWriter {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultWriter() {}

  public static void write(RunResult result, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    MAPPER.writeValue(file.toFile(), result);
  }

  /** The result saved in {@code file}, in the current format whatever format it was saved in. */
  public static RunResult read(Path file) throws IOException {
    com.fasterxml.jackson.databind.JsonNode tree = readTree(file);
    if (!tree.isObject()) {
      throw com.fasterxml.jackson.databind.exc.MismatchedInputException.from(null, RunResult.class,
          "not a JSON object");
    }
    return MAPPER.treeToValue(tree, RunResult.class);
  }

  /** The result saved in {@code file} as a tree, in the current format ({@link ResultFormat#upgrade}). */
  public static com.fasterxml.jackson.databind.JsonNode readTree(Path file) throws IOException {
    return ResultFormat.upgrade(MAPPER.readTree(file.toFile()));
  }

  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
