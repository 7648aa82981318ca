package io.harness.io500;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.Path;

/**
 * IO500's data directory under the run's own, as its phases name it: {@code ior-easy/ior_file_easy.RANK},
 * {@code ior-hard/file.RANK}, {@code mdtest-easy/mdtest_tree.RANK.0/file.mdtest.RANK.I},
 * {@code mdtest-hard/file.mdtest.RANK.I}, {@code timestampfile}.
 */
record Io500Layout(Path data, int ranks) {
  Path easyFile(int r) {
    return new Path(data, String.format(Locale.ROOT, "ior-easy/ior_file_easy.%08d", r));
  }

  Path hardFile(int r) {
    return new Path(data, String.format(Locale.ROOT, "ior-hard/file.%08d", r));
  }

  Path easyDir(int r) {
    return new Path(data, "mdtest-easy/mdtest_tree." + r + ".0");
  }

  Path mdEasy(int r, long i) {
    return new Path(easyDir(r), "file.mdtest." + r + "." + i);
  }

  Path mdHard(int r, long i) {
    return new Path(data, "mdtest-hard/file.mdtest." + r + "." + i);
  }

  /** The directories find walks, dealt to the ranks in turn: the four of IO500's data, each rank's mdtest-easy. */
  List<Path> findDirectories() {
    List<Path> dirs = new ArrayList<>(List.of(new Path(data, "ior-easy"), new Path(data, "ior-hard"),
        new Path(data, "mdtest-hard")));
    for (int r = 0; r < ranks; r++) {
      dirs.add(easyDir(r));
    }
    return dirs;
  }

  /** mdtest-hard's files that find must match: those of each rank's first {@code made} with 01 in their name. */
  static long expectedMatches(long[] made) {
    long n = 0;
    for (int r = 0; r < made.length; r++) {
      for (long i = 0; i < made[r]; i++) {
        n += ("file.mdtest." + r + "." + i).contains("01") ? 1 : 0;
      }
    }
    return n;
  }
}
