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

  public static RunResult read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), RunResult.class);
  }

  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
