package io.harness.freon.offline;

import org.apache.hadoop.hdds.client.RatisReplicationConfig;
import org.apache.hadoop.hdds.client.ReplicationConfig;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos.ReplicationFactor;

/**
 * What cgscm, cgom and cgdn agree on without talking to each other: every id and size is a pure
 * function of the shared options ({@code --from}, {@code -n}, {@code --keys-per-container},
 * {@code --key-size}, {@code --replication}), so the three can run on different hosts. Part of each
 * generator's plan, as the run's JSON saves it.
 *
 * <ul>
 *   <li>containers {@code from, from+1, ..., from+n-1};</li>
 *   <li>in every container, keys (= blocks) {@code 1..k}: block {@code j} has local id {@code j} and
 *       block commit sequence id {@code j}; the container's sequence id (BCSID) is {@code k};</li>
 *   <li>container {@code c} lives on the datanodes with index {@code (c + r) mod N},
 *       {@code r = 0 .. factor-1}, of the {@code N} given to cgdn;</li>
 *   <li>the bytes of block {@code (c, j)} at offset {@code o} are {@code SeededData(seed,
 *       stream(c, j))} at {@code o} (random data) or zero.</li>
 * </ul>
 *
 * @param from the first container id
 * @param containers how many containers
 * @param keysPerContainer keys (one block each) per container
 * @param keySize bytes of every key
 * @param factor the containers' and keys' RATIS replication factor
 */
public record Ids(long from, int containers, int keysPerContainer, long keySize, ReplicationFactor factor) {
  /** Keys per container stay below this, so object ids and data streams derived from them stay unique. */
  static final int MAX_KEYS_PER_CONTAINER = 1 << 23;
  /** Container ids stay below this (the OM object ids hold 37 bits of container id). */
  static final long MAX_CONTAINER_ID = (1L << 37) - 1;

  /** The last container id of the range. */
  long last() {
    return from + containers - 1;
  }

  long containerId(int i) {
    return from + i;
  }

  int replicas() {
    return factor == ReplicationFactor.THREE ? 3 : 1;
  }

  ReplicationConfig replicationConfig() {
    return RatisReplicationConfig.getInstance(factor);
  }

  /** Local id of the {@code j}-th block (0-based) of a container. */
  static long localId(int j) {
    return j + 1L;
  }

  /** Block commit sequence id of the {@code j}-th block (0-based) of a container. */
  static long blockBcsid(int j) {
    return j + 1L;
  }

  /** The container's BCSID: that of its last block. */
  long containerBcsid() {
    return keysPerContainer;
  }

  /** Bytes of one replica of one container. */
  long containerBytes() {
    return keySize * keysPerContainer;
  }

  long totalKeys() {
    return (long) containers * keysPerContainer;
  }

  long totalBytes() {
    return containerBytes() * containers;
  }

  /** Whether container {@code containerId} has a replica on datanode {@code index} of {@code datanodes}. */
  boolean placedOn(long containerId, int index, int datanodes) {
    for (int r = 0; r < replicas(); r++) {
      if (Math.floorMod(containerId + r, (long) datanodes) == index) {
        return true;
      }
    }
    return false;
  }

  /** The data stream of block {@code (containerId, localId)} for {@link io.harness.core.base.SeededData}. */
  static long stream(long containerId, long localId) {
    return (containerId << 32) | localId;
  }

  /** The key name of block {@code (containerId, localId)}: {@code <prefix><containerId>-<localId>}. */
  static String keyName(String prefix, long containerId, long localId) {
    return prefix + containerId + "-" + localId;
  }

  /** Parses the factor of {@code --replication} or of the configuration's client default. */
  static ReplicationFactor parseFactor(String text) {
    String t = text.trim().toUpperCase(java.util.Locale.ROOT);
    if (t.startsWith("RATIS/")) {
      t = t.substring("RATIS/".length());
    }
    switch (t) {
      case "1":
      case "ONE":
        return ReplicationFactor.ONE;
      case "3":
      case "THREE":
        return ReplicationFactor.THREE;
      default:
        return null;
    }
  }

  @Override
  public String toString() {
    return "containers " + from + ".." + last() + ", " + keysPerContainer + " key(s) of " + keySize
        + " bytes each, RATIS/" + factor;
  }
}
