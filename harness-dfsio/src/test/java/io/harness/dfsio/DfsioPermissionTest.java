package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertNoStackTrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user without write permission on HDFS: {@code dfsio -write} and {@code -clean} fail with one line that
 * names the path and the user (exit 1, no stack trace), and change nothing on the cluster.
 */
class DfsioPermissionTest {
  private static final Path LOCKED = new Path("/locked");
  /** A run root the superuser wrote, inside the locked directory: alice may not delete it. */
  private static final Path OLD_ROOT = new Path(LOCKED, "old");

  @TempDir
  static java.nio.file.Path work;

  private static MiniDFSCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    Configuration conf = new Configuration();
    conf.setBoolean("dfs.permissions.enabled", true);
    cluster = new MiniDFSCluster.Builder(conf, work.resolve("dfs").toFile()).numDataNodes(1).build();
    cluster.waitActive();
    DistributedFileSystem fs = cluster.getFileSystem();
    fs.mkdirs(new Path(OLD_ROOT, "io_data"));
    fs.create(new Path(OLD_ROOT, "io_data/test_io_0")).close();
    fs.setPermission(LOCKED, new FsPermission((short) 0555));
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.shutdown(true);
    }
  }

  private static Run asAlice(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("dfsio", "-fs", cluster.getURI().toString()));
    all.addAll(Arrays.asList(args));
    all.addAll(List.of("--run-dir", work.resolve("runs").toString(), "-resFile", work.resolve("res.log").toString()));
    UserGroupInformation alice = UserGroupInformation.createRemoteUser("alice");
    return alice.doAs((PrivilegedExceptionAction<Run>) () -> Cli.run(all.toArray(new String[0])));
  }

  /** Exit 1 and one line on stderr: permission denied, the user, the path; no stack trace. */
  private static void deniedInOneLine(Run r) {
    assertExit(r, 1);
    List<String> lines = r.err().strip().lines().toList();
    assertEquals(1, lines.size(), r.err());
    String line = lines.get(0);
    System.out.println("permission-check: " + line);
    assertTrue(line.startsWith("harness dfsio: "), line);
    assertTrue(line.contains("Permission denied") && line.contains("alice") && line.contains(LOCKED.toString()),
        line);
    assertNoStackTrace(r);
  }

  private static List<String> lockedContents() throws Exception {
    List<String> names = new ArrayList<>();
    for (FileStatus s : cluster.getFileSystem().listStatus(LOCKED)) {
      names.add(s.getPath().getName());
    }
    return names;
  }

  @Test
  void writeIntoADirectoryTheUserCannotWrite() throws Exception {
    Run r = asAlice("-write", "-nrFiles", "1", "-fileSize", "1KB", "--root", new Path(LOCKED, "bench").toString());
    deniedInOneLine(r);
    assertEquals(List.of("old"), lockedContents(), "nothing created in " + LOCKED);
  }

  @Test
  void cleanOfARootTheUserCannotDelete() throws Exception {
    Run r = asAlice("-clean", "--root", OLD_ROOT.toString());
    deniedInOneLine(r);
    assertEquals(List.of("old"), lockedContents());
    assertTrue(cluster.getFileSystem().exists(new Path(OLD_ROOT, "io_data/test_io_0")), "nothing deleted");
  }
}
