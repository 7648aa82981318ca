package io.harness.namespace;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.data.SeededData;
import io.harness.core.engine.TaskStreams;
import io.harness.core.run.Figures;
import io.harness.core.run.PhaseLoop;
import io.harness.core.run.RunOutcome;
import io.harness.core.run.RunRecords;
import io.harness.core.run.Settings;
import io.harness.core.run.Slice;
import io.harness.core.run.Workload;
import io.harness.core.target.Roots;
import io.harness.core.target.Target;
import io.harness.core.util.Durations;
import io.harness.core.util.Sizes;
import io.harness.namespace.Namespace.Phase;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The namespace workload for the pipeline: the run's own directory {@code <path>/<prefix>} holds a directory per
 * thread ({@code t<i>}, or one {@code shared}) for the files {@code f<item>} (renamed {@code r<item>}, in place or
 * into {@code t<i>-moved} / {@code moved}) and one ({@code d<i>}, or {@code dirs}) for mkdir's directories
 * {@code d<item>}; the phases run on {@link PhaseLoop}, each item one call whose kind is the phase's name.
 */
public final class NamespaceWorkload implements Workload<Target> {
  private static final int BUFFER = 1 << 20;
  /** The phase that makes a mix's files, and the mix's. */
  static final String POPULATE = "populate";
  static final String MIX = "mix";

  private final Namespace.Plan plan;
  private Path base;
  private String directory;
  /** The threads over all clients ({@code -t} times {@code --clients}): the loop numbers its threads over them. */
  private int allThreads;

  /** The workload of {@code plan}; a saved run's directory was {@code directory} (null: a new run). */
  NamespaceWorkload(Namespace.Plan plan, String directory) {
    this.plan = plan;
    this.directory = directory;
  }

  @Override
  public String name() {
    return "namespace";
  }

  @Override
  public String operation() {
    return "phases";
  }

  @Override
  public Namespace.Plan plan() {
    return plan;
  }

  @Override
  public String writesUnder() {
    return base == null ? null : base.toString();
  }

  @Override
  public OptionalLong plannedBytes() {
    return OptionalLong.of(Sizes.planned("-n x -s", plan.items(), plan.fileBytes()));
  }

  @Override
  public void preflight(Target target) throws IOException {
    Path under = target.resolveRoot(plan.path() != null ? plan.path() : "/harness-namespace");
    base = directory != null ? new Path(directory) : new Path(under, plan.prefix());
    Roots.check(target, base, "--path");
    Roots.checkAncestors(target, under, "--path");
    // a saved run's workload, rebuilt (by analyze, or by a client of the MapReduce engine), finds it made
    if (directory == null && target.fs().exists(base)) {
      throw new UsageException("--prefix", target.fs().makeQualified(base) + " exists: a namespace run works in a "
          + "directory of its own, which it makes (and deletes)");
    }
  }

  /** Thread {@code t}'s files' directory ({@code moved}: where rename --rename-across put them). */
  private Path files(int t, boolean moved) {
    String name = plan.shared() ? "shared" : "t" + t;
    return new Path(base, moved ? name + "-moved" : name);
  }

  private Path dirs(int t) {
    return new Path(base, plan.shared() ? "dirs" : "d" + t);
  }

  /** The files' directory of thread {@code t} as the phase at {@code index} finds them (moved by a rename before). */
  private Path filesAt(int t, int index) {
    return files(t, plan.renameAcross() && plan.phases().subList(0, index).contains(Phase.RENAME));
  }

  /** Item {@code i}'s file as the phase at {@code index} finds it (renamed when a rename came before). */
  private Path file(int t, long i, int index) {
    boolean renamed = plan.phases().subList(0, index).contains(Phase.RENAME);
    return new Path(leaf(filesAt(t, index), i), (renamed ? "r" : "f") + i);
  }

  /** The leaves of a tree ({@code span^depth}; 1 without one). */
  private long leaves() {
    long n = 1;
    for (int d = 0; d < plan.depth(); d++) {
      n *= plan.span();
    }
    return n;
  }

  /** The directory of {@code root}'s tree that item {@code i} goes in (its leaf {@code i mod leaves}; root: no tree). */
  private Path leaf(Path root, long i) {
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
  private long inLeaf(long from, long to, long i) {
    long leaves = leaves();
    long l = i % leaves;
    long first = from + Math.floorMod(l - from, leaves);
    return first >= to ? 0 : (to - 1 - first) / leaves + 1;
  }

  /** Makes {@code root}'s tree (every leaf, and so every directory above it). */
  private void tree(FileSystem fs, Path root) throws IOException {
    for (long l = 0, n = plan.depth() == 0 ? 1 : leaves(); l < n; l++) {
      mkdirs(fs, leaf(root, l));
    }
  }

  @Override
  public Prepared prepare(Target target, Settings settings) throws IOException {
    FileSystem fs = target.fs();
    Path q = fs.makeQualified(base);
    directory = q.toString();
    allThreads = settings.allThreads(plan.threads());
    int dirsPerKind = plan.shared() ? 1 : allThreads;
    try {
      for (int t = 0; t < dirsPerKind; t++) {
        tree(fs, files(t, false));
        if (plan.has(Phase.RENAME) && plan.renameAcross()) {
          tree(fs, files(t, true));
        }
        if (plan.has(Phase.MKDIR)) {
          mkdirs(fs, dirs(t));
        }
      }
    } catch (IOException e) {
      throw new RunFailedException("cannot create " + q + ": " + e.getMessage(), e);
    }
    byte[] content = new byte[(int) Math.min(BUFFER, Math.max(1, plan.fileBytes()))];
    new SeededData(0, 0).fill(content, 0, content.length, 0);
    List<PhaseLoop.Phase> phases = new ArrayList<>();
    PhaseLoop[] loop = new PhaseLoop[1];
    if (plan.mix().isEmpty()) {
      for (int index = 0; index < plan.phases().size(); index++) {
        phases.add(phase(fs, plan.phases().get(index), index, content, loop).atRate(plan.ratePerSec()));
      }
    } else {
      PhaseLoop.Phase create = phase(fs, Phase.CREATE, 0, content, loop);
      phases.add(new PhaseLoop.Phase(POPULATE, (t, i, rec) -> new PhaseLoop.Done(POPULATE,
          create.call().run(t, i, rec).bytes()), null, create.check(), 0, 0));
      phases.add(PhaseLoop.Phase.timed(MIX, mix(fs, content, loop), plan.durationNanos()).atRate(plan.ratePerSec()));
    }
    // its threads numbered over all clients, as the closures above number them
    loop[0] = new PhaseLoop(plan.items(), plan.threads(), phases, "namespace", Slice.over(settings.clients()));
    String what = plan.mix().isEmpty() ? String.join(",", plan.phases().stream().map(Phase::word).toList())
        : "mix " + plan.mix().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
            .collect(java.util.stream.Collectors.joining(",")) + " for " + Durations.format(plan.durationNanos())
            + " after populating";
    String line = String.format(Locale.ROOT, "namespace: %s on %d item(s)%s, %d thread(s), %s%s, in %s", what,
        plan.items(), plan.fileBytes() > 0 ? " of " + Sizes.format(plan.fileBytes()) : "", plan.threads(),
        (plan.shared() ? "one shared directory" : "a directory per thread") + (plan.depth() == 0 ? ""
            : " holding a tree of depth " + plan.depth() + " and span " + plan.span() + " (" + leaves() + " leaves)"),
        plan.ratePerSec() > 0 ? String.format(Locale.ROOT, ", open loop at %.1f calls/s", plan.ratePerSec()) : "", q);
    return new Prepared(loop[0], line, directory);
  }

  /**
   * The mix's calls: each thread works on its own files (its share of the populated items, and those it creates:
   * numbers {@code items + thread + threads x k}), picking each call by the mix's percentages; a call that needs a
   * file when the thread has none left creates one instead.
   */
  private PhaseLoop.Call mix(FileSystem fs, byte[] content, PhaseLoop[] loop) {
    Own[] own = new Own[allThreads];
    return (t, call, rec) -> {
      if (own[t] == null) {
        own[t] = new Own(loop[0].from(t), loop[0].from(t + 1), plan.items() + t, t);
      }
      Own o = own[t];
      String op = o.pick();
      if (o.alive.isEmpty() && !op.equals("create") && !op.equals("list")) {
        op = "create";
      }
      Path dir = files(t, false);
      try {
        switch (op) {
          case "create" -> {
            long id = o.next;
            o.next += allThreads;
            writeFile(fs, new Path(leaf(dir, id), "f" + id), content);
            o.alive.add(id);
            return new PhaseLoop.Done(op, plan.fileBytes());
          }
          case "list" -> {
            fs.listStatus(o.alive.isEmpty() ? dir : leaf(dir, o.alive.get(o.random.nextInt(o.alive.size()))));
            return new PhaseLoop.Done(op, 0);
          }
          default -> {
            int at = o.random.nextInt(o.alive.size());
            long id = o.alive.get(at);
            Path file = new Path(leaf(dir, id), (o.renamed.contains(id) ? "r" : "f") + id);
            long bytes = 0;
            switch (op) {
              case "stat" -> fs.getFileStatus(file);
              case "read" -> bytes = read(fs, file);
              case "rename" -> {
                Path to = new Path(leaf(dir, id), (o.renamed.contains(id) ? "f" : "r") + id);
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
  private final class Own {
    final List<Long> alive = new ArrayList<>();
    final java.util.Set<Long> renamed = new java.util.HashSet<>();
    final java.util.SplittableRandom random;
    long next;

    Own(long from, long to, long next, int thread) {
      for (long i = from; i < to; i++) {
        alive.add(i);
      }
      this.next = next;
      this.random = new java.util.SplittableRandom(thread);
    }

    String pick() {
      int r = random.nextInt(100);
      for (java.util.Map.Entry<String, Integer> e : plan.mix().entrySet()) {
        r -= e.getValue();
        if (r < 0) {
          return e.getKey();
        }
      }
      return "create";
    }
  }

  private void writeFile(FileSystem fs, Path file, byte[] content) throws IOException {
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

  private static void mkdirs(FileSystem fs, Path dir) throws IOException {
    if (!fs.mkdirs(dir)) {
      throw new IOException("mkdirs " + dir + " returned false");
    }
  }

  /** What phase {@code p} (the {@code index}-th) does to one item, and what it checks after a thread's share. */
  private PhaseLoop.Phase phase(FileSystem fs, Phase p, int index, byte[] content, PhaseLoop[] loop) {
    String kind = p.word();
    return switch (p) {
      case MKDIR -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        mkdirs(fs, new Path(dirs(plan.shared() ? 0 : t), "d" + i));
        return 0;
      }, (t, from, to) -> count(fs, dirs(t), to - from, false));
      case CREATE -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        writeFile(fs, file(t, i, index), content);
        return plan.fileBytes();
      }, (t, from, to) -> count(fs, files(t, false), to - from, true));
      case STAT -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        long len = fs.getFileStatus(file(t, i, index)).getLen();
        if (len != plan.fileBytes()) {
          throw new IOException("length " + len + ", expected " + plan.fileBytes());
        }
        return 0;
      }, null);
      case READ -> new PhaseLoop.Phase(kind, (t, i, rec) -> read(fs, file(t, i, index)), null);
      case LIST -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        Path dir = file(t, i, index).getParent();
        long n = fs.listStatus(dir).length;
        long expected = plan.shared() ? inLeaf(0, plan.items(), i) : inLeaf(loop[0].from(t), loop[0].from(t + 1), i);
        if (n != expected) {
          throw new IOException("listed " + n + " entries in " + dir + ", expected " + expected);
        }
        return 0;
      }, share -> plan.lists(), null);
      case RENAME -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        Path from = file(t, i, index);
        Path to = file(t, i, index + 1);
        if (!fs.rename(from, to)) {
          throw new IOException("rename " + from.getName() + " to " + to + " returned false");
        }
        return 0;
      }, (t, from, to) -> count(fs, files(t, plan.renameAcross()), to - from, true));
      case DELETE -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        if (!fs.delete(file(t, i, index), false)) {
          throw new IOException("delete returned false");
        }
        return 0;
      }, (t, from, to) -> count(fs, filesAt(t, index), 0, true));
      case RMDIR -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        if (!fs.delete(new Path(dirs(plan.shared() ? 0 : t), "d" + i), false)) {
          throw new IOException("delete of the directory returned false");
        }
        return 0;
      }, (t, from, to) -> count(fs, dirs(t), 0, false));
    };
  }

  /**
   * Null when {@code dir} holds {@code expected} entries ({@code files}: the files of its tree, with one; a
   * thread's own, not checked in a shared directory).
   */
  private String count(FileSystem fs, Path dir, long expected, boolean files) throws IOException {
    if (plan.shared()) {
      return null;
    }
    long n = 0;
    if (plan.depth() > 0 && files) {
      for (org.apache.hadoop.fs.RemoteIterator<org.apache.hadoop.fs.LocatedFileStatus> it = fs.listFiles(dir, true);
          it.hasNext(); it.next()) {
        n++;
      }
    } else {
      n = fs.listStatus(dir).length;
    }
    return n == expected ? null : dir + " holds " + n + " entries, expected " + expected;
  }

  private long read(FileSystem fs, Path file) throws IOException {
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

  @Override
  public Figures figures(RunRecords records) {
    return NamespaceFigures.of(plan, directory, records);
  }

  /** Deletes the run's own directory (and only it), unless {@code --keep}. */
  @Override
  public Figures finish(Target target, RunOutcome outcome, Settings settings) {
    if (!plan.keep() && base != null) {
      try {
        target.fs().delete(base, true);
      } catch (IOException e) {
        settings.err().println("namespace: warning: " + directory + " not deleted: " + e.getMessage());
      }
    }
    return outcome.figures();
  }
}
