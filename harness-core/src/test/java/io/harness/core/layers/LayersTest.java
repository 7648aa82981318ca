package io.harness.core.layers;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * harness-core's packages in layers, each using only the layers below it, and free of cycles between any two
 * packages, checked over the compiled classes (bottom to top):
 * <ol>
 *   <li>base: exceptions, exit codes, stop requests, units, sizes, durations, local files, seeded data</li>
 *   <li>context: what a cluster is, as a run describes it</li>
 *   <li>records: task records, their recorder, lines and checks, intervals, histograms, the records file</li>
 *   <li>result: the aggregate and the run's result, as saved and printed</li>
 *   <li>observe: the live view and the profiler ({@code live}, {@code profile})</li>
 *   <li>engine: every engine (the local threads and pool, the item and phase loops, the MapReduce jobs), the
 *       {@code Engine} interface, a run's settings</li>
 *   <li>workload: the contract a workload implements (its figures, type, target)</li>
 *   <li>fs: the file system target, embedded clusters, the foreground cluster's folder</li>
 *   <li>clients: the clients engine and its barrier ({@code engine.clients}), which rebuilds a workload in each map</li>
 *   <li>run: the pipeline, the run's folder and recording, the Java API and a workload's options</li>
 *   <li>report: reports and comparisons drawn from saved runs</li>
 *   <li>studies: experiments</li>
 *   <li>options: what a workload's options class declares with picocli (the converters of sizes and times, the
 *       engine's and the barrier's options, the version line)</li>
 *   <li>cli: the command line (picocli), every command among them</li>
 * </ol>
 * Only the cli and the options use picocli (a workload's options class names them only in its annotations, which the
 * JVM ignores where picocli is absent), so the Java API runs without it. Every package of harness-core is in a layer.
 */
class LayersTest {
  /** The layers, bottom first, and the packages of each. */
  static final String[][] LAYERS = {
      {"base", "io.harness.core.base.."},
      {"context", "io.harness.core.context.."},
      {"records", "io.harness.core.records.."},
      {"result", "io.harness.core.result.."},
      {"observe", "io.harness.core.live..", "io.harness.core.profile.."},
      {"engine", "io.harness.core.engine"},
      {"workload", "io.harness.core.workload.."},
      {"fs", "io.harness.core.fs.."},
      {"clients", "io.harness.core.engine.clients.."},
      {"run", "io.harness.core.run.."},
      {"report", "io.harness.core.report.."},
      {"studies", "io.harness.core.experiment.."},
      {"options", "io.harness.core.options.."},
      {"cli", "io.harness.core.cli.."}};

  /** harness-core's own classes (its build's output folder or jar), not the class path's other jars. */
  private static final JavaClasses CORE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPath(ownClasses());

  private static java.nio.file.Path ownClasses() {
    try {
      return java.nio.file.Path.of(io.harness.core.run.Pipeline.class.getProtectionDomain().getCodeSource()
          .getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The layered architecture of {@link #LAYERS}: each layer may be used only by the layers above it. */
  static LayeredArchitecture layers() {
    LayeredArchitecture a = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (String[] layer : LAYERS) {
      a = a.layer(layer[0]).definedBy(java.util.Arrays.copyOfRange(layer, 1, layer.length));
    }
    for (int i = 0; i < LAYERS.length; i++) {
      String[] above = new String[LAYERS.length - i - 1];
      for (int j = i + 1; j < LAYERS.length; j++) {
        above[j - i - 1] = LAYERS[j][0];
      }
      a = above.length == 0 ? a.whereLayer(LAYERS[i][0]).mayNotBeAccessedByAnyLayer()
          : a.whereLayer(LAYERS[i][0]).mayOnlyBeAccessedByLayers(above);
    }
    return a.withOptionalLayers(false);
  }

  @Test
  void eachLayerUsesOnlyTheLayersBelowIt() {
    layers().check(CORE);
  }

  /** No two packages use each other, directly or through others, inside a layer or across. */
  @Test
  void noPackageCycles() {
    slices().matching("io.harness.core.(**)").should().beFreeOfCycles().check(CORE);
  }

  @Test
  void everyPackageIsInALayer() {
    Set<String> outside = new TreeSet<>();
    for (com.tngtech.archunit.core.domain.JavaClass c : CORE) {
      String p = c.getPackageName();
      boolean in = false;
      for (String[] layer : LAYERS) {
        for (int i = 1; i < layer.length; i++) {
          String pattern = layer[i];
          in |= pattern.endsWith("..") ? p.equals(pattern.substring(0, pattern.length() - 2))
              || p.startsWith(pattern.substring(0, pattern.length() - 1)) : p.equals(pattern);
        }
      }
      if (!in && p.startsWith("io.harness.core")) {
        outside.add(p);
      }
    }
    org.junit.jupiter.api.Assertions.assertEquals(Set.of(), outside, "packages in no layer");
  }

  @Test
  void onlyTheCliAndTheOptionsUsePicocli() {
    noClasses().that().resideOutsideOfPackages("io.harness.core.cli..", "io.harness.core.options..").should().dependOnClassesThat().resideInAPackage("picocli..")
        .check(CORE);
  }
}
