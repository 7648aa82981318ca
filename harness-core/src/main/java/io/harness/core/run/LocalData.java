package io.harness.core.run;

import io.harness.core.workload.RunTarget;
import io.harness.core.workload.Workload;

import io.harness.core.base.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The line's local outputs against the run's data on this machine's disk: the run's folder, {@code --json},
 * {@code --live-csv} or a workload's own file ({@code -resFile}) inside a directory the run reads or writes as
 * its data (teravalidate's DIR, spark count's DIR, spark copy's SRC and DST) would be read as data, or written
 * over it. Bad input, before the workload looks at its data.
 */
final class LocalData {
  private LocalData() {}

  static <T extends RunTarget> void check(Workload<T> workload, T target, Path runFolder, Recording recording) {
    Map<String, String> data = workload.dataPaths(target);
    if (data.isEmpty()) {
      return;
    }
    Map<String, Path> outputs = new LinkedHashMap<>();
    outputs.put("--run-dir", runFolder);
    if (recording != null) {
      outputs.put("--json", recording.jsonCopy());
      outputs.put("--live-csv", recording.live().csvFile());
    }
    outputs.putAll(workload.localOutputs());
    data.forEach((argument, path) -> {
      Path dir = target.localPath(path).map(LocalData::real).orElse(null);
      if (dir == null) {
        return;
      }
      outputs.forEach((option, given) -> {
        if (given != null && real(given).startsWith(dir)) {
          throw new UsageException(option, given.toAbsolutePath().normalize() + " is in " + argument + " (" + dir
              + "), which the run " + (option.equals("--run-dir") ? "reads or writes as data" : "would write over")
              + ": give a path outside it");
        }
      });
    });
  }

  /** {@code p} with the symbolic links of its longest existing part resolved (the rest does not exist yet). */
  static Path real(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    Path existing = abs;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return abs;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(abs));
    } catch (IOException e) {
      return abs;
    }
  }
}
