package io.harness.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.records.LiveFeed;
import io.harness.core.live.Live;
import io.harness.core.live.LiveRun;
import io.harness.core.run.RunBuilder;
import io.harness.core.workload.RunOutcome;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.MiniDfsProvider;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.Test;

/**
 * dfsio on the MapReduce engine on a real YARN (MiniMRYarnCluster, one node manager; the application master and
 * the maps in JVMs of their own) and a MiniDFSCluster, watched live through the Java API's hub: the submitting
 * client feeds each map's bytes (its HDFS counters, from the maps' task reports), progress and state, on
 * {@code /metrics} and in the run's live view, and the job's bytes.
 */
class DfsioYarnLiveTest {
  private static final int FILES = 2;
  private static final long FILE_SIZE = 4L << 20;

  @Test
  void eachMapsBytesAndStateReachTheLiveView() throws Exception {
    try (EmbeddedCluster hdfs = new MiniDfsProvider().start(new Configuration(), 1)) {
      MiniMRYarnCluster yarn = new MiniMRYarnCluster("harness-live-yarn", 1);
      try {
        yarn.init(new Configuration(hdfs.configuration()));
        yarn.start();
        Configuration conf = new Configuration(yarn.getConfig());
        conf.unset("net.topology.node.switch.mapping.impl");
        try (Live hub = RunBuilder.liveHub(new Live.Options(Live.Options.LOOPBACK, 0, null,
            TimeUnit.SECONDS.toNanos(1), false))) {
          hub.start(System.err);
          RunOutcome w = Dfsio.write().engine("mapreduce").files(FILES).fileSize("4MB").root("/live").live(hub)
              .printTo(System.out, System.err).run(conf);
          assertEquals(0, w.exitCode());
          assertEquals(FILES * FILE_SIZE, w.aggregate().bytes());

          LiveRun run = hub.runs().get(0);
          List<LiveFeed.TaskView> maps = run.taskViews();
          assertEquals(List.of("m_000000", "m_000001"), maps.stream().map(LiveFeed.TaskView::id).toList(),
              maps.toString());
          for (LiveFeed.TaskView m : maps) {
            assertEquals("done", m.state(), maps.toString());
            assertEquals(1.0, m.progress(), maps.toString());
            // its file's bytes written, and its control file read
            assertTrue(m.bytes() >= FILE_SIZE && m.bytes() < FILE_SIZE + 4096, maps.toString());
          }
          assertEquals(new LiveFeed.TaskStates(0, FILES, 0, 0), run.taskStates());
          // the job's bytes: the maps' and the reducer's part file
          long maps0 = maps.stream().mapToLong(LiveFeed.TaskView::bytes).sum();
          assertTrue(run.bytes() >= maps0, run.bytes() + " < " + maps0);

          String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
              + hub.port() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
          for (LiveFeed.TaskView m : maps) {
            assertTrue(metrics.contains(",task=\"" + m.id() + "\"} " + m.bytes() + "\n"), metrics);
            assertTrue(metrics.contains(",task=\"" + m.id() + "\",state=\"done\"} 1\n"), metrics);
          }
        }
      } finally {
        yarn.stop();
      }
    }
  }
}
