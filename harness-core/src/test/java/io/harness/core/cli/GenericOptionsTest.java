package io.harness.core.cli;

import io.harness.core.base.UsageException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenericOptionsTest {
  @Test
  void genericOptionsAreTakenFromAnywhere() {
    GenericOptions g = GenericOptions.extract("dfsio", "-write", "-D", "a.b=1", "-nrFiles", "4",
        "-Dc.d=x=y", "-fs", "file:///", "-fileSize", "1MB");
    assertEquals(List.of("dfsio", "-write", "-nrFiles", "4", "-fileSize", "1MB"), g.rest());
    assertEquals("file:///", g.fs());
    Configuration conf = new Configuration(false);
    g.applyTo(conf);
    assertEquals("1", conf.get("a.b"));
    assertEquals("x=y", conf.get("c.d"));
    assertEquals("file:///", conf.get("fs.defaultFS"));
  }

  @Test
  void confFileIsLoadedAndAMissingOneIsBadInput(@TempDir Path dir) throws Exception {
    Path site = dir.resolve("extra-site.xml");
    Files.writeString(site, "<configuration><property><name>x.y</name><value>42</value></property>"
        + "</configuration>");
    Configuration conf = RunContext.baseConfiguration(Map.of(),
        GenericOptions.extract("dfsio", "-conf", site.toString()));
    assertEquals("42", conf.get("x.y"));
    UsageException e = assertThrows(UsageException.class, () -> RunContext.baseConfiguration(Map.of(),
        GenericOptions.extract("-conf", dir.resolve("nope.xml").toString())));
    assertEquals("-conf", e.argument());
  }

  @Test
  void hadoopConfDirIsHonoured(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("core-site.xml"), "<configuration><property><name>fs.defaultFS</name>"
        + "<value>hdfs://nn.example:8020</value></property></configuration>");
    Configuration conf = RunContext.baseConfiguration(Map.of("HADOOP_CONF_DIR", dir.toString()),
        GenericOptions.extract("x"));
    assertEquals("hdfs://nn.example:8020", conf.get("fs.defaultFS"));
    // -fs on the command line wins over the site file
    conf = RunContext.baseConfiguration(Map.of("HADOOP_CONF_DIR", dir.toString()),
        GenericOptions.extract("x", "-fs", "file:///"));
    assertEquals("file:///", conf.get("fs.defaultFS"));
  }

  @Test
  void malformedConfFileIsBadInputBeforeHadoopReadsIt(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.xml");
    Files.writeString(bad, "<configuration><property><name>a</name>");
    UsageException e = assertThrows(UsageException.class, () -> RunContext.baseConfiguration(Map.of(),
        GenericOptions.extract("dfsio", "-conf", bad.toString())));
    assertEquals("-conf", e.argument());
    assertTrue(e.getMessage().startsWith("-conf: " + bad + " is not a well-formed Hadoop configuration: line 1, "
        + "column "), e.getMessage());
  }

  @Test
  void malformedSiteFileNamesTheVariableAndTheFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("hdfs-site.xml"), "<configuration><property></configuration>");
    UsageException e = assertThrows(UsageException.class,
        () -> RunContext.baseConfiguration(Map.of("OZONE_CONF_DIR", dir.toString()), GenericOptions.extract("x")));
    assertEquals("$OZONE_CONF_DIR", e.argument());
    assertTrue(e.getMessage().contains(dir.resolve("hdfs-site.xml") + " is not a well-formed Hadoop configuration: "
        + "line 1, column "), e.getMessage());
  }

  /**
   * Hadoop's reader follows an XInclude's href (a URL it connects to, a local file read into the settings): a
   * local configuration file is included (a ViewFs mount table), anything else is refused, in -conf and site files.
   */
  @Test
  void includesOfLocalConfigurationsAreReadAndOthersRefused(@TempDir Path dir) throws Exception {
    Path secret = Files.writeString(dir.resolve("secret.txt"), "not for the settings");
    Files.writeString(dir.resolve("mounts.xml"), "<?xml version=\"1.0\"?>\n<configuration><property><name>"
        + "fs.viewfs.mounttable.c.link./data</name><value>hdfs://nn:8020/data</value></property></configuration>\n");
    Path conf = Files.createDirectories(dir.resolve("conf"));
    for (String element : new String[] {"xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\"",
        "include xmlns=\"http://www.w3.org/2001/XInclude\""}) {
      Path site = Files.writeString(conf.resolve("core-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n<"
          + element + " href=\"../mounts.xml\"/>\n</configuration>\n");
      assertEquals("hdfs://nn:8020/data", RunContext.baseConfiguration(Map.of(), GenericOptions.extract("dfsio",
          "-conf", site.toString())).get("fs.viewfs.mounttable.c.link./data"), element);
    }
    String[][] refused = {
        {secret.toUri().toString(), "includes " + secret.toUri() + " (line 3) is not a well-formed Hadoop configuration"},
        {"http://127.0.0.1:9/x.xml", "includes http://127.0.0.1:9/x.xml (line 3): only local files may be included"},
        {"missing.xml", "includes missing.xml (line 3), which does not exist (and has no xi:fallback)"},
        {"core-site.xml", "includes core-site.xml (line 3): includes may not loop"}};
    for (String[] c : refused) {
      Path site = Files.writeString(conf.resolve("core-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
          + "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"" + c[0] + "\"/>\n</configuration>\n");
      UsageException e = assertThrows(UsageException.class, () -> RunContext.baseConfiguration(Map.of(),
          GenericOptions.extract("dfsio", "-conf", site.toString())));
      assertEquals("-conf", e.argument());
      assertTrue(e.getMessage().startsWith("-conf: " + site + " " + c[1]), e.getMessage());
      e = assertThrows(UsageException.class, () -> RunContext.baseConfiguration(Map.of("HADOOP_CONF_DIR",
          conf.toString()), GenericOptions.extract("x")));
      assertEquals("$HADOOP_CONF_DIR", e.argument());
    }
    // a missing file with a fallback is Hadoop's to handle
    Path site = Files.writeString(conf.resolve("core-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
        + "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"missing.xml\"><xi:fallback/></xi:include>\n"
        + "</configuration>\n");
    RunContext.baseConfiguration(Map.of(), GenericOptions.extract("dfsio", "-conf", site.toString())).get("x");
  }

  @Test
  void fileSystemUriIsCheckedBeforeHadoopParsesIt() {
    for (String fs : new String[] {"hdfs://", "hdfs:///", "webhdfs:///", "o3fs:///x", "", "://x", "hdfs://a b/"}) {
      UsageException e = assertThrows(UsageException.class,
          () -> RunContext.baseConfiguration(Map.of(), GenericOptions.extract("-fs", fs)), fs);
      assertEquals("-fs", e.argument());
      assertTrue(e.getMessage().startsWith(fs.isEmpty() ? "-fs: must not be empty"
          : "-fs: '" + fs + "' is not a file system URI: "), e.getMessage());
    }
    // what Hadoop takes: a full URI, ofs without an authority (the OM comes from the configuration), "local",
    // and HDFS's old host:port form
    for (String fs : new String[] {"hdfs://nn:8020", "ofs:///", "file:///", "local", "nn.example:8020"}) {
      Configuration conf = RunContext.baseConfiguration(Map.of(), GenericOptions.extract("-fs", fs));
      assertTrue(conf.get("fs.defaultFS").contains("://"), fs + " gave " + conf.get("fs.defaultFS"));
    }
  }

  @Test
  void dashDWithoutKeyValueIsBadInput() {
    UsageException e = assertThrows(UsageException.class, () -> GenericOptions.extract("-D"));
    assertEquals("-D", e.argument());
    e = assertThrows(UsageException.class, () -> GenericOptions.extract("-Dnovalue"));
    assertTrue(e.getMessage().contains("key=value"));
    e = assertThrows(UsageException.class, () -> GenericOptions.extract("x", "-fs"));
    assertEquals("-fs", e.argument());
  }
}
