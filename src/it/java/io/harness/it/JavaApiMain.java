package io.harness.it;

import io.harness.core.live.Live;
import io.harness.core.run.RunBuilder;
import io.harness.core.workload.RunOutcome;
import io.harness.dfsio.Dfsio;
import io.harness.freon.dfsg.Dfsg;
import io.harness.freon.dfsg.DfsgFigures;
import io.harness.teragen.TeraGen;
import io.harness.teragen.TeraGenFigures;
import io.harness.teragen.TeraValidate;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;

/**
 * The Java API's workloads on the local file system under {@code args[0]}, run by {@link JavaApiWithoutPicocliIT}
 * in a JVM whose class path has no picocli: prints each outcome's numbers, exits 0 when every run did what it
 * was asked. One run is watched live (metrics port, live CSV, JMX) through the builder's {@code live(hub)}.
 */
public final class JavaApiMain {
  private JavaApiMain() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    String dfsio = dir.resolve("dfsio").toString();
    RunOutcome w = Dfsio.write().files(2).fileSize("1MB").root(dfsio).run(conf);
    RunOutcome r = Dfsio.read().verify().files(2).fileSize("1MB").root(dfsio).saveTo(dir.resolve("runs")).run(conf);
    RunOutcome g = TeraGen.rows(1000).maps(2).output(dir.resolve("tera").toString()).run(conf);
    String checksum = g.figures(TeraGenFigures.class).checksum();
    RunOutcome v = TeraValidate.dir(dir.resolve("tera").toString()).checksumOnly().expectChecksum(checksum)
        .expectRows(1000).run(conf);
    RunOutcome d = Dfsg.files(10).size("4KB").threads(2).path(dir.resolve("dfsg").toString()).run(conf);
    // watched live: the metrics port, the live CSV and JMX, on one hub of the caller's, read after the run
    Path csv = dir.resolve("live.csv");
    long[] live;
    RunOutcome l;
    try (Live hub = RunBuilder.liveHub(new Live.Options(Live.Options.LOOPBACK, 0, csv, 100_000_000L, true))) {
      hub.start(System.err);
      l = Dfsio.read().files(2).fileSize("1MB").root(dfsio).live(hub).run(conf);
      live = liveBytes(hub.port(), csv);
    }
    System.out.println("dfsio write " + w.exitCode() + " " + w.aggregate().bytes());
    System.out.println("dfsio read " + r.exitCode() + " " + r.aggregate().bytes());
    System.out.println("teragen " + g.exitCode() + " " + g.figures(TeraGenFigures.class).bytes());
    System.out.println("teravalidate " + v.exitCode());
    System.out.println("dfsg " + d.exitCode() + " " + d.figures(DfsgFigures.class).files());
    System.out.println("live " + l.exitCode() + " " + l.aggregate().bytes() + " " + live[0] + " " + live[1] + " "
        + live[2]);
    int worst = Math.max(Math.max(w.exitCode(), r.exitCode()), Math.max(Math.max(g.exitCode(), v.exitCode()),
        Math.max(d.exitCode(), l.exitCode())));
    System.exit(worst);
  }

  /** The bytes of the hub's runs: summed from /metrics, the CSV's last 'all' row, JMX's {@code bytes.read}. */
  private static long[] liveBytes(int port, Path csv) throws Exception {
    String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
        + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
    long scraped = metrics.lines().filter(x -> x.startsWith("harness_bytes_total{"))
        .mapToLong(x -> (long) Double.parseDouble(x.substring(x.lastIndexOf(' ') + 1))).sum();
    List<String> rows = Files.readAllLines(csv).stream().filter(x -> x.contains(",all,")).toList();
    long fromCsv = Long.parseLong(rows.get(rows.size() - 1).split(",")[4]);
    MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
    long jmx = 0;
    for (ObjectName n : beans.queryNames(new ObjectName("harness:name=bytes.read,*"), null)) {
      jmx += (Long) beans.getAttribute(n, "Count");
    }
    return new long[] {scraped, fromCsv, jmx};
  }
}
