package io.harness.dfsio;

import io.harness.core.base.UsageException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.BlockStoragePolicySpi;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicyInfo;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicyState;

/**
 * Checks dfsio's {@code -storagePolicy} and {@code -erasureCodePolicy} against what the cluster
 * has, before anything is written; names match regardless of case and come back as the cluster
 * spells them.
 */
final class HdfsPolicies {
  private HdfsPolicies() {}

  static String storagePolicy(DistributedFileSystem dfs, String name) throws IOException {
    List<String> names = new ArrayList<>();
    for (BlockStoragePolicySpi p : dfs.getAllStoragePolicies()) {
      if (p.getName().equalsIgnoreCase(name)) {
        return p.getName();
      }
      names.add(p.getName());
    }
    throw new UsageException("-storagePolicy", "unknown storage policy '" + name + "'; the cluster has: "
        + String.join(", ", names));
  }

  static String erasureCodingPolicy(DistributedFileSystem dfs, String name) throws IOException {
    List<String> enabled = new ArrayList<>();
    List<String> others = new ArrayList<>();
    ErasureCodingPolicyInfo match = null;
    for (ErasureCodingPolicyInfo info : dfs.getAllErasureCodingPolicies()) {
      String n = info.getPolicy().getName();
      if (n.equalsIgnoreCase(name)) {
        match = info;
      }
      if (info.getState() == ErasureCodingPolicyState.ENABLED) {
        enabled.add(n);
      } else {
        others.add(n + " (" + info.getState().toString().toLowerCase(java.util.Locale.ROOT) + ")");
      }
    }
    String known = "enabled: " + (enabled.isEmpty() ? "none" : String.join(", ", enabled))
        + (others.isEmpty() ? "" : "; also known: " + String.join(", ", others));
    if (match == null) {
      throw new UsageException("-erasureCodePolicy", "unknown erasure coding policy '" + name + "'; "
          + known);
    }
    String canonical = match.getPolicy().getName();
    if (match.getState() != ErasureCodingPolicyState.ENABLED) {
      throw new UsageException("-erasureCodePolicy", canonical + " is "
          + match.getState().toString().toLowerCase(java.util.Locale.ROOT) + " on this cluster (enable it "
          + "with: hdfs ec -enablePolicy -policy " + canonical + "); " + known);
    }
    return canonical;
  }
}
