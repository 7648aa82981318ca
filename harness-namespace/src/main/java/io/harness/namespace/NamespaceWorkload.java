package io.harness.namespace;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.base.SeededData;
import io.harness.core.workload.Figures;
import io.harness.core.engine.PhaseLoop;
import io.harness.core.workload.RunOutcome;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.engine.Slice;
import io.harness.core.fs.Target;
import io.harness.core.base.Durations;
import io.harness.core.base.Sizes;
import io.harness.namespace.Namespace.Phase;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The namespace workload for the pipeline: the run's own directory {@code <path>/<prefix>} holds a directory per
 * thread ({@code t<i>}, or one {@code shared}) for the files {@code f<item>} (renamed {@code r<item>}, in place or
 * into {@code t<i>-moved} / {@code moved}) and one ({@code d<i>}, or {@code dirs}) for mkdir's directories
 * {@code d<item>}; the phases run on {@link PhaseLoop}, each item one call whose kind is the phase's name.
 */
public final class NamespaceWorkload extends NamedWorkload<Target, Namespace.Plan> {
  /** The phase that makes a mix's files, and the mix's. */
  static final String POPULATE = "populate";
  static final String MIX = "mix";
  /** Where the run's own directory goes without --path. */
  static final String DEFAULT_PATH = "/harness-namespace";

  private Path base;
  private io.harness.core.fs.OwnDirectory own;
  private NamespaceTree tree;
  private String directory;
  /** The threads over all clients ({@code -t} times {@code --clients}): the loop numbers its threads over them. */
  private int allThreads;

  /** The workload of {@code plan}; a saved run's directory was {@code directory} (null: a new run). */
  NamespaceWorkload(Namespace.Plan plan, String directory) {
    super("namespace", "phases", plan);
    this.directory = directory;
  }

  /** As -t is at most -n: every thread of every client needs an item; and --rate is over every client's threads. */
  @Override
  public void checkClients(int clients) {
    if (clients > 1 && plan.items() < (long) plan.threads() * clients) {
      throw new io.harness.core.base.UsageException("--clients", clients + " clients x " + plan.threads()
          + " thread(s) need at least " + (long) plan.threads() * clients + " items (-n " + plan.items()
          + "): a thread needs an item");
    }
    if (clients > 1 && plan.ratePerSec() > 0) {
      io.harness.core.engine.Schedule.check("--rate", plan.ratePerSec(), plan.mix().isEmpty() ? 0 : plan.durationNanos(),
          (long) plan.threads() * clients);
    }
  }

  @Override
  public String writesUnder() {
    return base == null ? null : base.toString();
  }

  @Override
  public OptionalLong plannedBytes() {
    return OptionalLong.of(Sizes.planned("-n x -s", plan.items(), plan.fileBytes()));
  }

  /** The run's own directory, {@code <path>/<prefix>}, which it makes, works in and deletes. */
  @Override
  public java.util.Map<String, String> dataPaths(Target target) {
    return java.util.Map.of("--path", io.harness.core.fs.OwnDirectory.of(target, plan.path(), DEFAULT_PATH,
        plan.prefix(), directory));
  }

  @Override
  public void preflight(Target target) throws IOException {
    own = io.harness.core.fs.OwnDirectory.check(target, plan.path(), DEFAULT_PATH, plan.prefix(), directory,
        "namespace");
    base = own.path();
    tree = new NamespaceTree(plan, base);
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
        tree.make(fs, tree.files(t, false));
        if (plan.has(Phase.RENAME) && plan.renameAcross()) {
          tree.make(fs, tree.files(t, true));
        }
        if (plan.has(Phase.MKDIR)) {
          NamespaceTree.mkdirs(fs, tree.dirs(t));
        }
      }
    } catch (IOException e) {
      throw new RunFailedException("cannot create " + q + ": " + e.getMessage(), e);
    }
    byte[] content = new byte[(int) Math.min(NamespaceTree.BUFFER, Math.max(1, plan.fileBytes()))];
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
          create.call().run(t, i, rec).bytes()), null, create.check(), 0, 0, null, null));
      PhaseLoop.Call mix = NamespaceMix.calls(plan, tree, allThreads, fs, content, loop);
      phases.add(PhaseLoop.Phase.timed(MIX, mix, plan.durationNanos()).atRate(plan.ratePerSec()));
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
            : " holding a tree of depth " + plan.depth() + " and span " + plan.span() + " (" + tree.leaves() + " leaves)"),
        plan.ratePerSec() > 0 ? String.format(Locale.ROOT, ", open loop at %.1f calls/s", plan.ratePerSec()) : "", q);
    return new Prepared(loop[0], line, directory);
  }

  /** What phase {@code p} (the {@code index}-th) does to one item, and what it checks after a thread's share. */
  private PhaseLoop.Phase phase(FileSystem fs, Phase p, int index, byte[] content, PhaseLoop[] loop) {
    String kind = p.word();
    return switch (p) {
      case MKDIR -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        NamespaceTree.mkdirs(fs, new Path(tree.dirs(plan.shared() ? 0 : t), "d" + i));
        return 0;
      }, (t, from, to) -> tree.count(fs, tree.dirs(t), to - from, false));
      case CREATE -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        tree.writeFile(fs, tree.file(t, i, index), content);
        return plan.fileBytes();
      }, (t, from, to) -> tree.count(fs, tree.files(t, false), to - from, true));
      case STAT -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        long len = fs.getFileStatus(tree.file(t, i, index)).getLen();
        if (len != plan.fileBytes()) {
          throw new IOException("length " + len + ", expected " + plan.fileBytes());
        }
        return 0;
      }, null);
      case READ -> new PhaseLoop.Phase(kind, (t, i, rec) -> tree.read(fs, tree.file(t, i, index)), null);
      case LIST -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        Path dir = tree.file(t, i, index).getParent();
        long n = fs.listStatus(dir).length;
        long expected = plan.shared() ? tree.inLeaf(0, plan.items(), i)
            : tree.inLeaf(loop[0].from(t), loop[0].from(t + 1), i);
        if (n != expected) {
          throw new IOException("listed " + n + " entries in " + dir + ", expected " + expected);
        }
        return 0;
      }, (t, share) -> plan.lists(), null);
      case RENAME -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        Path from = tree.file(t, i, index);
        Path to = tree.file(t, i, index + 1);
        if (!fs.rename(from, to)) {
          throw new IOException("rename " + from.getName() + " to " + to + " returned false");
        }
        return 0;
      }, (t, from, to) -> tree.count(fs, tree.files(t, plan.renameAcross()), to - from, true));
      case DELETE -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        if (!fs.delete(tree.file(t, i, index), false)) {
          throw new IOException("delete returned false");
        }
        return 0;
      }, (t, from, to) -> tree.count(fs, tree.filesAt(t, index), 0, true));
      case RMDIR -> new PhaseLoop.Phase(kind, (t, i, rec) -> {
        if (!fs.delete(new Path(tree.dirs(plan.shared() ? 0 : t), "d" + i), false)) {
          throw new IOException("delete of the directory returned false");
        }
        return 0;
      }, (t, from, to) -> tree.count(fs, tree.dirs(t), 0, false));
    };
  }

  @Override
  public Figures figures(RunRecords records) {
    return NamespaceFigures.of(plan, directory, records);
  }

  /** Deletes the run's own directory (and only it), unless {@code --keep}. */
  @Override
  public Figures finish(Target target, RunOutcome outcome, Settings settings) {
    if (!plan.keep() && own != null) {
      own.delete(target, settings.err(), "namespace");
    }
    return outcome.figures();
  }
}
