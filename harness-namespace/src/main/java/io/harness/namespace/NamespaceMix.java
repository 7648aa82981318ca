package io.harness.namespace;

import io.harness.core.engine.PhaseLoop;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The namespace workload's {@code --mix}: one timed phase whose every call is an operation picked by percentage. */
final class NamespaceMix {
  private NamespaceMix() {
  }

  /**
   * The mix's calls: each thread works on its own files (its share of the populated items, and those it creates:
   * numbers {@code items + thread + threads x k}), picking each call by the mix's percentages; a call that needs a
   * file when the thread has none left creates one instead.
   */
  static PhaseLoop.Call calls(Namespace.Plan plan, NamespaceTree tree, int allThreads, FileSystem fs, byte[] content,
      PhaseLoop[] loop) {
    Own[] own = new Own[allThreads];
    return (t, call, rec) -> {
      if (own[t] == null) {
        own[t] = new Own(loop[0].from(t), loop[0].from(t + 1), plan.items() + t, t, plan.mix());
      }
      Own o = own[t];
      String op = o.pick();
      if (o.alive.isEmpty() && !op.equals("create") && !op.equals("list")) {
        op = "create";
      }
      Path dir = tree.files(t, false);
      try {
        switch (op) {
          case "create" -> {
            long id = o.next;
            o.next += allThreads;
            tree.writeFile(fs, new Path(tree.leaf(dir, id), "f" + id), content);
            o.alive.add(id);
            return new PhaseLoop.Done(op, plan.fileBytes());
          }
          case "list" -> {
            fs.listStatus(o.alive.isEmpty() ? dir : tree.leaf(dir, o.alive.get(o.random.nextInt(o.alive.size()))));
            return new PhaseLoop.Done(op, 0);
          }
          default -> {
            int at = o.random.nextInt(o.alive.size());
            long id = o.alive.get(at);
            Path file = new Path(tree.leaf(dir, id), (o.renamed.contains(id) ? "r" : "f") + id);
            long bytes = 0;
            switch (op) {
              case "stat" -> fs.getFileStatus(file);
              case "read" -> bytes = tree.read(fs, file);
              case "rename" -> {
                Path to = new Path(tree.leaf(dir, id), (o.renamed.contains(id) ? "f" : "r") + id);
                if (!fs.rename(file, to)) {
                  throw new IOException("returned false");
                }
                if (!o.renamed.remove(id)) {
                  o.renamed.add(id);
                }
              }
              default -> {
                if (!fs.delete(file, false)) {
                  throw new IOException("returned false");
                }
                o.alive.set(at, o.alive.get(o.alive.size() - 1));
                o.alive.remove(o.alive.size() - 1);
                o.renamed.remove(id);
              }
            }
            return new PhaseLoop.Done(op, bytes);
          }
        }
      } catch (IOException e) {
        throw new IOException(op + ": " + e.getMessage(), e);
      }
    };
  }

  /** What one thread of a mix holds: its files, which of them are renamed, its next new file and its random. */
  private static final class Own {
    final List<Long> alive = new ArrayList<>();
    final Set<Long> renamed = new HashSet<>();
    final SplittableRandom random;
    final Map<String, Integer> mix;
    long next;

    Own(long from, long to, long next, int thread, Map<String, Integer> mix) {
      for (long i = from; i < to; i++) {
        alive.add(i);
      }
      this.next = next;
      this.random = new SplittableRandom(thread);
      this.mix = mix;
    }

    String pick() {
      int r = random.nextInt(100);
      for (Map.Entry<String, Integer> e : mix.entrySet()) {
        r -= e.getValue();
        if (r < 0) {
          return e.getKey();
        }
      }
      return "create";
    }
  }
}
