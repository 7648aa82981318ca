package io.harness.io500;

import io.harness.core.base.SeededData;
import io.harness.core.engine.PhaseLoop;
import io.harness.core.engine.PhaseLoop.Done;
import io.harness.core.engine.PhaseLoop.Phase;
import io.harness.core.engine.Stonewall;
import io.harness.core.records.TaskRecorder;
import io.harness.core.workload.Column;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * What each of IO500's phases does, as {@link PhaseLoop} phases over the ranks (rank {@code r} is the loop's thread
 * {@code r}, numbered over all clients). IO500's data directory, under the run's own:
 * {@code ior-easy/ior_file_easy.RANK} (a file per rank), {@code ior-hard/file.RANK} (a file per rank: no Hadoop file
 * system lets several writers share one), {@code mdtest-easy/mdtest_tree.RANK.0/file.mdtest.RANK.I} (a directory per
 * rank), {@code mdtest-hard/file.mdtest.RANK.I} (one directory for all) and {@code timestampfile}. Reads, stats and
 * mdtest-hard's reads are of the next rank's files (rank {@code r} reads {@code r+1}'s, IOR's {@code -C -Q 1} and
 * mdtest's {@code -N 1}); every byte read is checked against what was written ({@link IorFiles} holds the ior files,
 * {@link Io500Layout} names them). Each rank's items are numbered in
 * a range of its own ({@link #span} long), so a call knows which transfer or file it is from its item.
 */
final class Io500Phases {
  static final String IOR_EASY_WRITE = "ior-easy-write";
  static final String MDTEST_EASY_WRITE = "mdtest-easy-write";
  static final String TIMESTAMP = "timestamp";
  static final String IOR_HARD_WRITE = "ior-hard-write";
  static final String MDTEST_HARD_WRITE = "mdtest-hard-write";
  static final String FIND = "find";
  static final String IOR_EASY_READ = "ior-easy-read";
  static final String MDTEST_EASY_STAT = "mdtest-easy-stat";
  static final String IOR_HARD_READ = "ior-hard-read";
  static final String MDTEST_HARD_STAT = "mdtest-hard-stat";
  static final String MDTEST_EASY_DELETE = "mdtest-easy-delete";
  static final String MDTEST_HARD_READ = "mdtest-hard-read";
  static final String MDTEST_HARD_DELETE = "mdtest-hard-delete";
  /** IO500's phases, in its order. */
  static final List<String> NAMES = List.of(IOR_EASY_WRITE, MDTEST_EASY_WRITE, TIMESTAMP, IOR_HARD_WRITE,
      MDTEST_HARD_WRITE, FIND, IOR_EASY_READ, MDTEST_EASY_STAT, IOR_HARD_READ, MDTEST_HARD_STAT, MDTEST_EASY_DELETE,
      MDTEST_HARD_READ, MDTEST_HARD_DELETE);
  /** The phases whose writes a stonewall ends. */
  static final List<String> WRITES = List.of(IOR_EASY_WRITE, MDTEST_EASY_WRITE, IOR_HARD_WRITE, MDTEST_HARD_WRITE);
  static final String TIMESTAMP_FILE = "timestampfile";
  /** What find notes per rank, after {@code phase.find.}: the files it looked at and those that matched. */
  static final String SCANNED = "scanned";
  static final String MATCHED = "matched";
  /** What a rank notes when the space guard ended its writes. */
  static final String SPACE_LOW = "spaceLow";
  /** The rank a task is (noted once, by mdtest-hard-write): its files' names hold it. */
  static final String RANK = "rank";

  private final Io500.Plan plan;
  private final FileSystem fs;
  private final Path data;
  private final Io500Layout layout;
  private final int ranks;
  private final long span;
  private PhaseLoop loop;
  /** Per rank of this JVM: its open file, its buffers, the files its mdtest writes made, find's counts. */
  private final long[] easyMade;
  private final long[] hardMade;
  private final long[] scanned;
  private final long[] matched;
  private volatile long stampMillis = -1;
  private final SpaceGuard space;
  private final IorFiles ior;

  Io500Phases(Io500.Plan plan, FileSystem fs, Path data, int ranks) {
    this.plan = plan;
    this.fs = fs;
    this.data = data;
    this.layout = new Io500Layout(data, ranks);
    this.ranks = ranks;
    this.span = Math.max(Math.max(plan.easyTransfers(), plan.hardSegments()), Math.max(plan.easyFiles(),
        plan.hardFiles()));
    easyMade = new long[ranks];
    hardMade = new long[ranks];
    Arrays.fill(easyMade, -1);
    Arrays.fill(hardMade, -1);
    scanned = new long[ranks];
    matched = new long[ranks];
    space = SpaceGuard.of(fs, data.getParent());
    ior = new IorFiles(plan, fs, ranks, space);
  }

  /** The free bytes below which the ior writes end, or -1 when the target does not say its space. */
  long spaceFloor() {
    return space.floor();
  }

  /** The loop's items: a range of {@link #span} for each rank. */
  long items() {
    return span * ranks;
  }

  void loop(PhaseLoop loop) {
    this.loop = loop;
  }

  /** IO500's directories: the ior and mdtest-hard directories and each rank's mdtest-easy directory. */
  void makeDirectories() throws IOException {
    for (String d : List.of("ior-easy", "ior-hard", "mdtest-hard")) {
      mkdirs(new Path(data, d));
    }
    for (int r = 0; r < ranks; r++) {
      mkdirs(layout.easyDir(r));
    }
  }

  private void mkdirs(Path dir) throws IOException {
    if (!fs.mkdirs(dir)) {
      throw new IOException("mkdirs " + dir + " returned false");
    }
  }

  /** The thirteen phases, for {@code threads} ranks of this JVM (they share each write phase's stonewall). */
  List<Phase> phases(int threads) {
    List<Phase> p = new ArrayList<>();
    p.add(phase(IOR_EASY_WRITE, (t, s) -> plan.easyTransfers(), (t, i, rec) -> ior.write(IOR_EASY_WRITE, t, i, rec,
        layout.easyFile(t), (int) plan.easyTransfer(), 0)).until(wall(threads)).finishing(ior::closeWriter));
    p.add(phase(MDTEST_EASY_WRITE, (t, s) -> plan.easyFiles(), (t, i, rec) -> {
      fs.create(layout.mdEasy(t, i), false).close();
      easyMade[t] = i + 1;
      return 0;
    }).until(wall(threads)));
    p.add(phase(TIMESTAMP, (t, s) -> t == 0 ? 1 : 0, (t, i, rec) -> {
      fs.create(new Path(data, TIMESTAMP_FILE), false).close();
      return 0;
    }));
    p.add(phase(IOR_HARD_WRITE, (t, s) -> plan.hardSegments(), (t, i, rec) -> ior.write(IOR_HARD_WRITE, t, i, rec,
        layout.hardFile(t), Io500.HARD_TRANSFER, 1)).until(wall(threads)).finishing(ior::closeWriter));
    p.add(phase(MDTEST_HARD_WRITE, (t, s) -> plan.hardFiles(), (t, i, rec) -> {
      byte[] b = ior.buffer(t);
      new SeededData(plan.seed() + 2, t).fill(b, 0, Io500.HARD_FILE, i * Io500.HARD_FILE);
      try (FSDataOutputStream o = fs.create(layout.mdHard(t, i), false)) {
        o.write(b, 0, Io500.HARD_FILE);
      }
      if (hardMade[t] < 0) {
        rec.note(RANK, t);
      }
      hardMade[t] = i + 1;
      return Io500.HARD_FILE;
    }).until(wall(threads)));
    List<Path> dirs = layout.findDirectories();
    p.add(phase(FIND, (t, s) -> t < dirs.size() ? (dirs.size() - 1 - t) / ranks + 1 : 0, (t, i, rec) -> {
      find(t, dirs.get((int) (t + i * ranks)));
      rec.note("phase." + FIND + "." + SCANNED, scanned[t]);
      rec.note("phase." + FIND + "." + MATCHED, matched[t]);
      return 0;
    }));
    p.add(phase(IOR_EASY_READ, (t, s) -> ior.transfers(layout.easyFile(next(t)), plan.easyTransfer()),
        (t, i, rec) -> ior.read(t, next(t), i, layout.easyFile(next(t)), (int) plan.easyTransfer(), 0, false))
        .finishing(ior::closeReader));
    p.add(phase(MDTEST_EASY_STAT, (t, s) -> made(easyMade, t), (t, i, rec) -> {
      FileStatus st = fs.getFileStatus(layout.mdEasy(next(t), i));
      if (st.getLen() != 0) {
        throw new IOException(st.getPath().getName() + " holds " + st.getLen() + " bytes, expected none");
      }
      return 0;
    }));
    p.add(phase(IOR_HARD_READ, (t, s) -> ior.transfers(layout.hardFile(next(t)), Io500.HARD_TRANSFER),
        (t, i, rec) -> ior.read(t, next(t), i, layout.hardFile(next(t)), Io500.HARD_TRANSFER, 1, true)).finishing(ior::closeReader));
    p.add(phase(MDTEST_HARD_STAT, (t, s) -> made(hardMade, t), (t, i, rec) -> {
      FileStatus st = fs.getFileStatus(layout.mdHard(next(t), i));
      if (st.getLen() != Io500.HARD_FILE) {
        throw new IOException(st.getPath().getName() + " holds " + st.getLen() + " bytes, expected 3901");
      }
      return 0;
    }));
    p.add(phase(MDTEST_EASY_DELETE, (t, s) -> Math.max(0, easyMade[t]), (t, i, rec) -> {
      delete(layout.mdEasy(t, i));
      return 0;
    }));
    p.add(phase(MDTEST_HARD_READ, (t, s) -> made(hardMade, t), (t, i, rec) -> {
      int n = next(t);
      byte[] b = ior.buffer(t);
      try (FSDataInputStream s = fs.open(layout.mdHard(n, i))) {
        s.readFully(b, 0, Io500.HARD_FILE);
        if (s.read() != -1) {
          throw new IOException(layout.mdHard(n, i).getName() + " is longer than 3901 bytes");
        }
      }
      ior.verify(b, Io500.HARD_FILE, new SeededData(plan.seed() + 2, n), i * Io500.HARD_FILE, t, layout.mdHard(n, i));
      return Io500.HARD_FILE;
    }));
    p.add(phase(MDTEST_HARD_DELETE, (t, s) -> Math.max(0, hardMade[t]), (t, i, rec) -> {
      delete(layout.mdHard(t, i));
      return 0;
    }));
    return p;
  }

  /**
   * A phase whose calls are recorded as its name's kind ({@code ior_easy_write}), each call's item its index; a call
   * returning less than 0 ends its rank's calls.
   */
  private Phase phase(String name, PhaseLoop.Calls calls, Indexed body) {
    String kind = Column.name(name);
    return new Phase(name, (t, item, rec) -> {
      long bytes = body.run(t, item - loop.from(t), rec);
      return bytes < 0 ? null : new Done(kind, bytes);
    }, calls, null, 0, 0, null, null);
  }

  /**
   * One call of a phase, given its rank and its index among the rank's calls; returns the bytes it moved, or -1 when
   * the rank's calls end (the space guard).
   */
  @FunctionalInterface
  private interface Indexed {
    long run(int rank, long index, TaskRecorder rec) throws Exception;
  }

  private Stonewall wall(int threads) {
    return new Stonewall(plan.stonewallNanos(), threads);
  }

  /** The files the next rank made, when this JVM ran it; else this rank's own (the wear-out makes them equal). */
  private long made(long[] counts, int t) {
    long n = counts[next(t)];
    return Math.max(0, n >= 0 ? n : counts[t]);
  }

  private void delete(Path p) throws IOException {
    if (!fs.delete(p, false)) {
      throw new IOException("delete of " + p.getName() + " returned false");
    }
  }

  /**
   * IO500's find ({@code -newer timestampfile -size 3901c -name *01*}) under {@code dir}: every file is counted as
   * scanned, those newer than the timestamp file (the file system's own clock), of 3901 bytes, with 01 in their
   * name as matched.
   */
  private void find(int t, Path dir) throws IOException {
    if (stampMillis < 0) {
      stampMillis = fs.getFileStatus(new Path(data, TIMESTAMP_FILE)).getModificationTime();
    }
    List<Path> todo = new ArrayList<>(List.of(dir));
    while (!todo.isEmpty()) {
      RemoteIterator<FileStatus> it = fs.listStatusIterator(todo.remove(todo.size() - 1));
      while (it.hasNext()) {
        FileStatus f = it.next();
        if (f.isDirectory()) {
          todo.add(f.getPath());
          continue;
        }
        scanned[t]++;
        if (f.getLen() == Io500.HARD_FILE && f.getModificationTime() > stampMillis
            && f.getPath().getName().contains("01")) {
          matched[t]++;
        }
      }
    }
  }

  private int next(int t) {
    return (t + 1) % ranks;
  }


}
