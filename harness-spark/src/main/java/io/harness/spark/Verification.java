package io.harness.spark;

import io.harness.core.base.RunFailedException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code --verify}'s full scan of a data set found (the {@code verify} figure): rows, distinct ids, the id
 * range, the payloads' lengths, the payloads that differ from the generator's ({@code -1}: the data set has no
 * {@value ParquetDirs#MARKER}, so contents were not checked), the generator's description, the scan's seconds,
 * the data set and its schema ({@code distinctIds} is -1 when it has no id and payload columns).
 */
public record Verification(long rows, long distinctIds, long minId, long maxId, long minPayloadBytes,
    long maxPayloadBytes, long badPayloads, Map<String, Object> generator, double seconds, String dataSet,
    String schema) {

  /** Scans {@code dir} (a Spark job on the run's session, after the measured ones). */
  static Verification of(SparkRunner spark, SparkTarget.Place dir) throws IOException {
    Map<String, Object> marker = dir.fs().getFileStatus(dir.path()).isDirectory()
        ? ParquetDirs.readMarker(dir.fs(), dir.path()) : null;
    Long seed = marker != null ? ((Number) marker.get("seed")).longValue() : null;
    Integer size = marker != null ? ((Number) marker.get("recordSize")).intValue() : null;
    long t0 = System.nanoTime();
    SparkRunner.Verification v;
    try {
      v = spark.verify(dir.uri(), seed, size);
    } catch (RuntimeException e) {
      throw new RunFailedException("--verify of " + dir.path() + " failed: " + SparkEngine.rootCause(e), e);
    }
    return new Verification(v.rows(), v.distinctIds(), v.minId(), v.maxId(), v.minPayload(), v.maxPayload(),
        v.badPayloads(), marker, (System.nanoTime() - t0) / 1e9, dir.uri(), v.schema());
  }

  /** The scan's lines; {@code counted}: the rows the run counted (or wrote) before it. */
  List<String> lines(long counted) {
    if (distinctIds < 0) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    out.add(String.format(Locale.ROOT, "spark count --verify: %d rows, %d distinct ids (%d .. %d), payloads %d .. %d "
        + "bytes%s in %.3f s", rows, distinctIds, minId, maxId, minPayloadBytes, maxPayloadBytes,
        badPayloads < 0 ? " (no " + ParquetDirs.MARKER + ": contents not checked)"
            : ", " + badPayloads + " differ from the generator's", seconds));
    if (failures(counted).isEmpty()) {
      out.add("spark count --verify: OK");
    }
    return out;
  }

  /** What the scan found wrong, each {@code --verify: ...}. */
  List<String> failures(long counted) {
    List<String> failed = new ArrayList<>();
    if (distinctIds < 0) {
      failed.add("--verify: " + dataSet + " has no id and payload columns (" + schema + ")");
      return failed;
    }
    if (rows != counted) {
      failed.add("--verify: the scan found " + rows + " rows, count() said " + counted);
    }
    if (distinctIds != rows) {
      failed.add("--verify: ids are not unique: " + distinctIds + " distinct ids in " + rows + " rows");
    }
    Integer size = generator != null ? ((Number) generator.get("recordSize")).intValue() : null;
    if (size != null && rows > 0 && (minPayloadBytes != size || maxPayloadBytes != size)) {
      failed.add("--verify: payloads of " + minPayloadBytes + " .. " + maxPayloadBytes + " bytes, the generator "
          + "wrote " + size);
    }
    if (badPayloads > 0) {
      failed.add("--verify: " + badPayloads + " payload(s) differ from the generator's");
    }
    if (generator != null) {
      long expected = ((Number) generator.get("rows")).longValue();
      if (expected != rows) {
        failed.add("--verify: the generator wrote " + expected + " rows, found " + rows);
      }
    }
    return failed;
  }
}
