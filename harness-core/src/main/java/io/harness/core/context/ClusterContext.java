package io.harness.core.context;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * What a run's numbers depend on, read from the target at the start of the run: the servers and their
 * versions, the live datanodes, the placement the run's files get under its root, and the client's settings
 * that differ from the defaults. Saved in the run's JSON as {@code cluster}. A field the target could not tell
 * is absent and named in {@code unknown} with the reason; a field that does not apply is absent.
 *
 * @param system {@code HDFS}, {@code Ozone}, {@code local file system}, or the file system's scheme
 * @param root the path described: the run's root, fully qualified
 * @param servers the servers the client reached, each with its role and its own version
 * @param liveDatanodes datanodes the cluster counts as live (HDFS) or healthy and in service (Ozone)
 * @param datanodeVersions the versions the live datanodes run, each once, sorted
 * @param blockSize bytes per block of a file the run creates under its root
 * @param replication copies of such a file (HDFS; the local file system's 1); Ozone says it in {@code ozone}
 * @param checksumType the checksum the client computes as it writes, e.g. {@code CRC32C}
 * @param hdfs what HDFS places under the root, or null on another file system
 * @param ozone what Ozone places under the root, or null on another file system
 * @param clientSettings {@code io.file.buffer.size}, then every client setting that matters ({@code dfs.client.*},
 *     {@code ozone.client.*}, {@code ozone.fs.*}, block size, replication, checksum) whose value is not its default
 * @param unknown field name (dotted for a nested one: {@code ozone.chunkLayout}) to why the target did not tell it
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterContext(
    String system,
    String root,
    List<Server> servers,
    Integer liveDatanodes,
    List<String> datanodeVersions,
    Long blockSize,
    Integer replication,
    String checksumType,
    Hdfs hdfs,
    Ozone ozone,
    Map<String, String> clientSettings,
    Map<String, String> unknown) {

  /** {@link #system} of HDFS. */
  public static final String HDFS = "HDFS";
  /** {@link #system} of Ozone ({@code ofs://}, {@code o3fs://}). */
  public static final String OZONE = "Ozone";
  /** {@link #system} of the local file system. */
  public static final String LOCAL = "local file system";

  /**
   * One server the client reached.
   *
   * @param role {@code namenode}, {@code om} or {@code scm}
   * @param version the version the server itself reports, e.g. {@code 3.4.3}
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Server(String role, String version) {}

  /**
   * HDFS's placement in effect on the root (inherited from the nearest directory that sets it).
   *
   * @param storagePolicy e.g. {@code HOT}, {@code ALL_SSD}
   * @param erasureCodingPolicy e.g. {@code RS-6-3-1024k}, or {@code none} (replicated)
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Hdfs(String storagePolicy, String erasureCodingPolicy) {}

  /**
   * Ozone's placement for the root's bucket and the datanodes' layout.
   *
   * @param volume the root's volume
   * @param bucket the root's bucket
   * @param bucketLayout {@code FILE_SYSTEM_OPTIMIZED}, {@code OBJECT_STORE} or {@code LEGACY}
   * @param replication the bucket's replication, e.g. {@code RATIS/THREE}, {@code EC/rs-3-2-1024k}; {@code server
   *     default} when the bucket has none (the OM's then applies)
   * @param chunkLayout {@code FILE_PER_BLOCK} or {@code FILE_PER_CHUNK} ({@code ozone.scm.container.layout},
   *     formerly {@code ozone.scm.chunk.layout})
   * @param containerSchema {@code V3} (one RocksDB per volume) or {@code V2} (one per container)
   * @param datastream whether the client writes through Ratis streaming ({@code ozone.fs.datastream.enabled})
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Ozone(String volume, String bucket, String bucketLayout, String replication, String chunkLayout,
      String containerSchema, Boolean datastream) {}

  /** The version the server of {@code role} reported, or null. */
  public String version(String role) {
    if (servers == null) {
      return null;
    }
    return servers.stream().filter(s -> s.role().equals(role)).map(Server::version).findFirst().orElse(null);
  }
}
