package io.harness.it;

import io.harness.core.run.RunOutcome;
import io.harness.dfsio.Dfsio;
import io.harness.freon.dfsg.Dfsg;
import io.harness.freon.dfsg.DfsgFigures;
import io.harness.teragen.TeraGen;
import io.harness.teragen.TeraGenFigures;
import io.harness.teragen.TeraValidate;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * The Java API's workloads on the local file system under {@code args[0]}, run by {@link JavaApiWithoutPicocliIT}
 * in a JVM whose class path has no picocli: prints each outcome's numbers, exits 0 when every run did what it
 * was asked.
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
    System.out.println("dfsio write " + w.exitCode() + " " + w.aggregate().bytes());
    System.out.println("dfsio read " + r.exitCode() + " " + r.aggregate().bytes());
    System.out.println("teragen " + g.exitCode() + " " + g.figures(TeraGenFigures.class).bytes());
    System.out.println("teravalidate " + v.exitCode());
    System.out.println("dfsg " + d.exitCode() + " " + d.figures(DfsgFigures.class).files());
    int worst = Math.max(Math.max(w.exitCode(), r.exitCode()), Math.max(Math.max(g.exitCode(), v.exitCode()),
        d.exitCode()));
    System.exit(worst);
  }
}
