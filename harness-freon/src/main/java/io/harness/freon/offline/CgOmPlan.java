package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import java.util.Arrays;
import java.util.List;

/**
 * One cgom run, checked: the common ids and sizes, the volume and bucket, the layout asked for a bucket
 * created here (null: the configuration's default, {@code defaultLayout}), the keys' prefix and their owner.
 * Saved in the run's JSON as {@code plan}.
 *
 * @param ids the containers, keys and replication all three generators share
 * @param volume the keys' volume
 * @param bucket the keys' bucket
 * @param layout {@code --layout}, or null
 * @param defaultLayout {@code ozone.default.bucket.layout}
 * @param prefix key names are {@code <prefix><containerId>-<localId>}
 * @param owner owner of the keys and of a volume or bucket created here
 */
public record CgOmPlan(Plan ids, String volume, String bucket, String layout, String defaultLayout, String prefix,
    String owner) {

  /** The directories of the prefix ({@code a/b/c-} has {@code a, b}). */
  List<String> dirs() {
    int slash = prefix.lastIndexOf('/');
    String dirPart = slash < 0 ? "" : prefix.substring(0, slash);
    return dirPart.isEmpty() ? List.of() : Arrays.asList(dirPart.split("/", -1));
  }

  /** The prefix's part after its last directory. */
  String filePrefix() {
    return prefix.substring(prefix.lastIndexOf('/') + 1);
  }

  /** The first key's name. */
  String firstKey() {
    return Plan.keyName(prefix, ids.from(), Plan.localId(0));
  }

  /** Checks {@code --prefix}: relative to the bucket, with no empty, {@code .} or {@code ..} directory. */
  static void checkPrefix(String prefix) {
    if (prefix.startsWith("/")) {
      throw new UsageException("--prefix", "must not start with '/': it is relative to the bucket");
    }
    CgOmPlan p = new CgOmPlan(null, null, null, null, null, prefix, null);
    for (String d : p.dirs()) {
      if (d.isEmpty() || d.equals(".") || d.equals("..")) {
        throw new UsageException("--prefix", "'" + prefix + "' has an empty, '.' or '..' directory name");
      }
    }
  }
}
