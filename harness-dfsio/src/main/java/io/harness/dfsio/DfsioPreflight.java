package io.harness.dfsio;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.fs.Roots;
import io.harness.core.fs.Target;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * dfsio's checks against the target, before anything is created or deleted: the root's form and
 * ancestors, the placement options (HDFS or Ozone only, names the cluster knows), the data a read, append
 * or truncate needs, and for {@code -clean} a root that holds nothing but what dfsio makes. Bad input is
 * exit 2; missing data is exit 1.
 */
final class DfsioPreflight {
  private DfsioPreflight() {}

  /** The root on the target: resolved (under an embedded Ozone's bucket) and checked. */
  static Path root(DfsioPlan plan, Target target) {
    String option = rootOption(plan);
    Path root = givenRoot(plan, target);
    Roots.check(target, root, option);
    // a root under a file is bad input; -clean tells of a root that is a file itself (cleanRoot)
    Roots.checkAncestors(target, plan.op() == DfsioOperation.CLEANUP ? root.getParent() : root, option);
    return root;
  }

  /** The run's root as given ({@code --root}, else {@code test.build.data}, else TestDFSIO's), placed on the target. */
  static Path givenRoot(DfsioPlan plan, Target target) {
    String given = plan.root() != null ? plan.root() : target.conf().get("test.build.data", Dfsio.DEFAULT_ROOT);
    return target.resolveRoot(Roots.parse(rootOption(plan), given).toString());
  }

  static String rootOption(DfsioPlan plan) {
    return plan.root() != null ? "--root" : "test.build.data";
  }

  /**
   * The placement options against the target; returns the plan with the cluster's own names for them, and
   * sets the Ozone client's replication on the target.
   */
  static DfsioPlan placement(DfsioPlan plan, Target target) {
    String scheme = target.uri().getScheme();
    boolean ozone = "ofs".equalsIgnoreCase(scheme) || "o3fs".equalsIgnoreCase(scheme);
    String policy = plan.storagePolicy();
    String ecPolicy = plan.erasureCodePolicy();
    try {
      if (policy != null || ecPolicy != null) {
        String option = policy != null ? "-storagePolicy" : "-erasureCodePolicy";
        if (!(target.fs() instanceof DistributedFileSystem dfs)) {
          throw new UsageException(option, "applies to HDFS (hdfs://) only; the target is " + target.uri()
              + (ozone ? "; on Ozone use --replication" : ""));
        }
        if (policy != null) {
          policy = HdfsPolicies.storagePolicy(dfs, policy);
        }
        if (ecPolicy != null) {
          ecPolicy = HdfsPolicies.erasureCodingPolicy(dfs, ecPolicy);
        }
      }
      if (plan.replication() != null) {
        if (!ozone) {
          throw new UsageException("--replication", "applies to Ozone (ofs://, o3fs://) only; the target is "
              + target.uri() + ("hdfs".equalsIgnoreCase(scheme)
                  ? "; on HDFS use -Ddfs.replication=N or -erasureCodePolicy" : ""));
        }
        OzoneReplication r = OzoneReplication.parse(plan.replication());
        target.setClientSetting(OzoneReplication.TYPE_KEY, r.type());
        target.setClientSetting(OzoneReplication.REPLICATION_KEY, r.replication());
      }
    } catch (IOException e) {
      throw new RunFailedException("cannot check the placement options on " + target.uri() + ": " + e, e);
    }
    return plan.withPlacement(policy, ecPolicy);
  }

  /**
   * Before -read, -append or -truncate: the file system can do the operation, every data file is
   * there (else exit 1), reads find at least -fileSize bytes (else exit 1), and a truncate only
   * shortens (else exit 2, nothing truncated).
   */
  static void data(DfsioPlan plan, FileSystem fs, Path root) throws IOException {
    DfsioOperation op = plan.op();
    FsSupport.Feature feature = op == DfsioOperation.APPEND ? FsSupport.Feature.APPEND
        : op == DfsioOperation.TRUNCATE ? FsSupport.Feature.TRUNCATE : null;
    if (feature != null) {
      String reason = FsSupport.staticReason(fs, feature);
      if (reason != null) {
        throw new RunFailedException(op.flags() + ": the file system " + FsSupport.describe(fs)
            + " does not support " + feature.call + ": " + reason);
      }
    }
    List<String> missing = new ArrayList<>();
    List<String> shortFiles = new ArrayList<>();
    long firstLength = -1;
    for (int i = 0; i < plan.nrFiles(); i++) {
      Path p = DfsioFiles.dataFile(root, i);
      try {
        FileStatus st = fs.getFileStatus(p);
        if (i == 0) {
          firstLength = st.getLen();
        }
        // a compressed file's length says nothing about the bytes it decompresses to
        if (op != DfsioOperation.APPEND && plan.codec() == null && st.getLen() < plan.fileBytes()) {
          shortFiles.add(p.getName() + ", " + st.getLen() + " bytes");
        }
      } catch (FileNotFoundException e) {
        missing.add(p.getName());
      }
    }
    if (!missing.isEmpty()) {
      throw new RunFailedException(op.flags() + ": " + missing.size() + " of " + plan.nrFiles()
          + " data file(s) missing under " + DfsioFiles.dataDir(root) + " (first: " + missing.get(0)
          + "); run -write first with the same -nrFiles and root");
    }
    if (!shortFiles.isEmpty() && op == DfsioOperation.TRUNCATE) {
      throw new UsageException(plan.sizeOption(), shortFiles.size() + " of " + plan.nrFiles() + " file(s) are "
          + "shorter than the new length " + plan.fileBytes() + " bytes (first: " + shortFiles.get(0)
          + "); -truncate only shortens files, nothing was truncated");
    }
    if (!shortFiles.isEmpty()) {
      throw new RunFailedException(op.flags() + ": " + shortFiles.size() + " file(s) shorter than "
          + "-fileSize " + plan.fileBytes() + " bytes (first: " + shortFiles.get(0) + ")");
    }
    if (feature != null) {
      FsSupport.check(fs, feature, op.flags(), DfsioFiles.dataFile(root, 0), firstLength);
    }
  }

  /** Before -clean: the root is a directory holding only what dfsio makes (or is not there at all). */
  static void cleanRoot(FileSystem fs, Path root, String option) throws IOException {
    FileStatus st;
    try {
      st = fs.getFileStatus(root);
    } catch (FileNotFoundException e) {
      return;
    }
    if (!st.isDirectory()) {
      throw new UsageException(option, fs.makeQualified(root) + " is a file, not a dfsio run root; nothing deleted");
    }
    List<String> foreign = new ArrayList<>();
    for (FileStatus child : fs.listStatus(root)) {
      if (!DfsioFiles.ROOT_ENTRIES.contains(child.getPath().getName())) {
        foreign.add(child.getPath().getName());
      }
    }
    if (!foreign.isEmpty()) {
      foreign.sort(null);
      throw new UsageException(option, fs.makeQualified(root) + " holds " + foreign.size()
          + " entr" + (foreign.size() == 1 ? "y" : "ies") + " dfsio did not make (first: "
          + foreign.get(0) + "); -clean deletes only a root with nothing but "
          + String.join(", ", DfsioFiles.ROOT_ENTRIES) + "; nothing deleted");
    }
  }

  /** Reads the target for the checks above, turning a failure to reach it into one line (exit 1). */
  static void onTarget(DfsioPlan plan, Target target, Path root, Check check) {
    try {
      check.run(target.fs());
    } catch (IOException e) {
      throw new RunFailedException(plan.op().flags() + ": cannot check " + root + " on " + target.uri() + ": " + e, e);
    }
  }

  /** A check that reads the target. */
  interface Check {
    void run(FileSystem fs) throws IOException;
  }
}
