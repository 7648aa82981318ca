package io.harness.freon.offline;

import java.util.ArrayList;
import java.util.List;

/**
 * One cgdn run, checked: the common ids and sizes, this datanode's place among the datanodes, the data
 * ({@code --zero} or seeded random), the threads, and what the datanode's configuration says about its
 * containers (schema v3 or v2, layout, the client's chunk size and checksums, the containers' maximum size).
 * Saved in the run's JSON as {@code plan}.
 *
 * @param ids the containers, keys and replication all three generators share
 * @param index this datanode's index
 * @param datanodes how many datanodes the containers are spread over
 * @param zero zero bytes instead of seeded random data
 * @param seed the random data's seed
 * @param threads containers written in parallel
 * @param schemaV3 schema v3 (one DB per volume) rather than v2 (one DB per container)
 * @param layout the container layout, {@code FILE_PER_BLOCK} or {@code FILE_PER_CHUNK}
 * @param chunkSize bytes per chunk ({@code ozone.client.stream.buffer.size})
 * @param checksumType {@code ozone.client.checksum.type}
 * @param bytesPerChecksum {@code ozone.client.bytes.per.checksum}
 * @param containerMaxSize the containers' maximum size, in their descriptors
 */
public record CgDnPlan(Plan ids, int index, int datanodes, boolean zero, long seed, int threads, boolean schemaV3,
    String layout, int chunkSize, String checksumType, int bytesPerChecksum, long containerMaxSize) {

  /** The containers with a replica on this datanode, in id order. */
  List<Long> placed() {
    return placed(ids, index, datanodes);
  }

  static List<Long> placed(Plan ids, int index, int datanodes) {
    List<Long> placed = new ArrayList<>();
    for (int i = 0; i < ids.containers(); i++) {
      if (ids.placedOn(ids.containerId(i), index, datanodes)) {
        placed.add(ids.containerId(i));
      }
    }
    return placed;
  }
}
