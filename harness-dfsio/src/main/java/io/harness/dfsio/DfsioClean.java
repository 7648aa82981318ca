package io.harness.dfsio;

import io.harness.core.base.ExitCodes;
import io.harness.core.base.RunFailedException;
import io.harness.core.fs.Target;
import io.harness.core.base.Sizes;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * TestDFSIO's cleanup ({@code -clean}): deletes the run root, when it holds nothing but what dfsio makes,
 * and prints what it held. Not a measured run: no tasks, no result block, no JSON or part file (the root
 * is gone).
 */
final class DfsioClean {
  private DfsioClean() {}

  static int run(DfsioPlan plan, Target target, PrintStream out) throws IOException {
    Path root = DfsioPreflight.root(plan, target);
    FileSystem fs = target.fs();
    DfsioPreflight.onTarget(plan, target, root, f -> DfsioPreflight.cleanRoot(f, root, DfsioPreflight.rootOption(plan)));
    Path qualified = fs.makeQualified(root);
    if (!fs.exists(root)) {
      out.println("dfsio cleanup: " + qualified + " does not exist; nothing deleted");
      return ExitCodes.OK;
    }
    List<String> entries = new ArrayList<>();
    long files = 0;
    long bytes = 0;
    FileStatus[] children = fs.listStatus(root);
    Arrays.sort(children);
    for (FileStatus child : children) {
      ContentSummary cs = fs.getContentSummary(child.getPath());
      files += cs.getFileCount();
      bytes += cs.getLength();
      entries.add(String.format("  %-16s %d file(s), %s", child.getPath().getName(), cs.getFileCount(),
          Sizes.format(cs.getLength())));
    }
    if (!fs.delete(root, true)) {
      throw new RunFailedException("-clean: could not delete " + qualified);
    }
    out.println("dfsio cleanup: deleted " + qualified + " (" + files + " file(s), " + Sizes.format(bytes) + ")");
    entries.forEach(out::println);
    return ExitCodes.OK;
  }
}
