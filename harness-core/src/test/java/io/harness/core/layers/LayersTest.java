package io.harness.core.layers;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * harness-core's packages in layers, each using only the layers below it, checked over the compiled classes:
 * <ol>
 *   <li>base: exceptions, exit codes, stop requests, units, sizes, seeded data ({@code base}, {@code util},
 *       {@code data})</li>
 *   <li>context: what a cluster is, as a run describes it</li>
 *   <li>records: the engine, the records and results, the profiler ({@code engine}, {@code result},
 *       {@code profile})</li>
 *   <li>run: the pipeline and its targets ({@code run}, {@code target})</li>
 *   <li>report: reports and comparisons drawn from saved runs</li>
 *   <li>studies: experiments (a study as a value, its lines run through {@code Lines}) and the foreground cluster's
 *       folder and client site file ({@code experiment}, {@code cluster})</li>
 *   <li>cli: the command line (picocli), every command among them</li>
 * </ol>
 * Only the cli uses picocli, so the Java API runs without it.
 */
class LayersTest {
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

  @Test
  void eachLayerUsesOnlyTheLayersBelowIt() {
    ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("base").definedBy("io.harness.core.base..", "io.harness.core.util..", "io.harness.core.data..")
        .layer("context").definedBy("io.harness.core.context..")
        .layer("records").definedBy("io.harness.core.engine..", "io.harness.core.live..", "io.harness.core.result..",
            "io.harness.core.profile..")
        .layer("run").definedBy("io.harness.core.run..", "io.harness.core.target..")
        .layer("report").definedBy("io.harness.core.report..")
        .layer("studies").definedBy("io.harness.core.experiment..", "io.harness.core.cluster..")
        .layer("cli").definedBy("io.harness.core.cli..")
        .whereLayer("cli").mayNotBeAccessedByAnyLayer()
        .whereLayer("studies").mayOnlyBeAccessedByLayers("cli")
        .whereLayer("report").mayOnlyBeAccessedByLayers("studies", "cli")
        .whereLayer("run").mayOnlyBeAccessedByLayers("report", "studies", "cli")
        .whereLayer("records").mayOnlyBeAccessedByLayers("run", "report", "studies", "cli")
        .whereLayer("context").mayOnlyBeAccessedByLayers("records", "run", "report", "studies", "cli")
        .withOptionalLayers(false);
    layers.check(CORE);
  }

  @Test
  void onlyTheCliUsesPicocli() {
    noClasses().that().resideOutsideOfPackages("io.harness.core.cli..").should().dependOnClassesThat().resideInAPackage("picocli..")
        .check(CORE);
  }
}
