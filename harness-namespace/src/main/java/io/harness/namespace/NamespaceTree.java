package io.harness.namespace;

import io.harness.core.records.TaskStreams;
import io.harness.namespace.Namespace.Phase;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Where a namespace run's items are, under its own directory {@code base}: a directory per thread ({@code t<i>},
 * or one {@code shared}) for the files {@code f<item>} (renamed {@code r<item>}, in place or into
 * {@code t<i>-moved} / {@code moved}), each optionally a tree of depth {@code --depth} and span {@code --span};
 * one ({@code d<i>}, or {@code dirs}) for mkdir's directories; and the file operations every phase shares.
 */
final class NamespaceTree {
  static final int BUFFER = 1 << 20;

  private final Namespace.Plan plan;
  private final Path base;

  NamespaceTree(Namespace.Plan plan, Path base) {
    this.plan = plan;
    this.base = base;
  }

  /** Thread {@code t}'s files' directory ({@code moved}: where rename --rename-across put them). */
  Path files(int t, boolean moved) {
    String name = plan.shared() ? "shared" : "t" + t;
    return new Path(base, moved ? name + "-moved" : name);
  }

  Path dirs(int t) {
    return new Path(base, plan.shared() ? "dirs" : "d" + t);
  }

  /** The files' directory of thread {@code t} as the phase at {@code index} finds them (moved by a rename before). */
  Path filesAt(int t, int index) {
    return files(t, plan.renameAcross() && plan.phases().subList(0, index).contains(Phase.RENAME));
  }

  /** Item {@code i}'s file as the phase at {@code index} finds it (renamed when a rename came before). */
  Path file(int t, long i, int index) {
    boolean renamed = plan.phases().subList(0, index).contains(Phase.RENAME);
    return new Path(leaf(filesAt(t, index), i), (renamed ? "r" : "f") + i);
  }

  /** The leaves of a tree ({@code span^depth}; 1 without one). */
  long leaves() {
    long n = 1;
    for (int d = 0; d < plan.depth(); d++) {
      n *= plan.span();
    }
    return n;
  }

  /** The directory of {@code root}'s tree that item {@code i} goes in (its leaf {@code i mod leaves}; root: no tree). */
  Path leaf(Path root, long i) {
    if (plan.depth() == 0) {
      return root;
    }
    long l = i % leaves();
    String[] names = new String[plan.depth()];
    for (int d = plan.depth() - 1; d >= 0; d--) {
      names[d] = "n" + (l % plan.span());
      l /= plan.span();
    }
    return new Path(root, String.join("/", names));
  }

  /** The items of {@code [from, to)} in the leaf of item {@code i}. */
  long inLeaf(long from, long to, long i) {
    long leaves = leaves();
    long l = i % leaves;
    long first = from + Math.floorMod(l - from, leaves);
    return first >= to ? 0 : (to - 1 - first) / leaves + 1;
  }

  /** Makes {@code root}'s tree (every leaf, and so every directory above it). */
  void make(FileSystem fs, Path root) throws IOException {
    for (long l = 0, n = plan.depth() == 0 ? 1 : leaves(); l < n; l++) {
      mkdirs(fs, leaf(root, l));
    }
  }

  void writeFile(FileSystem fs, Path file, byte[] content) throws IOException {
    FSDataOutputStream out = fs.create(file, false);
    try {
      for (long left = plan.fileBytes(); left > 0; left -= content.length) {
        out.write(content, 0, (int) Math.min(content.length, left));
      }
    } catch (Throwable e) {
      TaskStreams.closeAfter(out, e);
      throw e;
    }
    out.close();
  }

  static void mkdirs(FileSystem fs, Path dir) throws IOException {
    if (!fs.mkdirs(dir)) {
      throw new IOException("mkdirs " + dir + " returned false");
    }
  }

  /**
   * Null when {@code dir} holds {@code expected} entries ({@code files}: the files of its tree, with one; a
   * thread's own, not checked in a shared directory).
   */
  String count(FileSystem fs, Path dir, long expected, boolean files) throws IOException {
    if (plan.shared()) {
      return null;
    }
    long n = 0;
    if (plan.depth() > 0 && files) {
      for (RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
          it.hasNext(); it.next()) {
        n++;
      }
    } else {
      n = fs.listStatus(dir).length;
    }
    return n == expected ? null : dir + " holds " + n + " entries, expected " + expected;
  }

  long read(FileSystem fs, Path file) throws IOException {
    byte[] buf = new byte[(int) Math.min(BUFFER, Math.max(1, plan.fileBytes()))];
    long n = 0;
    try (InputStream in = fs.open(file)) {
      for (int r = in.read(buf); r >= 0; r = in.read(buf)) {
        n += r;
      }
    }
    if (n != plan.fileBytes()) {
      throw new IOException("read " + n + " bytes, expected " + plan.fileBytes());
    }
    return n;
  }

}
