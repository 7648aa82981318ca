package io.harness.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * The rules every workload module keeps, checked over the module's own compiled classes (the build's output folder
 * or jar that holds {@code anyClass}): its workload uses no command-line class of harness-core (only the module's
 * own commands may: a {@code harness} subcommand, a JVM's {@code main}, or what is in a {@code cli} package), and
 * no two of its packages use each other.
 */
public final class ModuleRules {
  /**
   * A module's own commands, which belong to the command line: a {@code harness} subcommand or a picocli command it
   * holds (and their nested classes), or the {@code main} of a JVM the module starts (Spark's driver).
   */
  private static final DescribedPredicate<JavaClass> COMMANDS = DescribedPredicate.describe("a command",
      c -> command(c) || c.getEnclosingClass().map(ModuleRules::command).orElse(false));

  private ModuleRules() {}

  private static boolean command(JavaClass c) {
    return c.isAssignableTo(io.harness.core.cli.HarnessSubcommand.class)
        || c.isAssignableTo(java.util.concurrent.Callable.class) && c.isAnnotatedWith("picocli.CommandLine$Command")
        || c.getSimpleName().endsWith("Main")
        && c.getMethods().stream().anyMatch(m -> m.getName().equals("main") && m.getModifiers().contains(
            com.tngtech.archunit.core.domain.JavaModifier.STATIC));
  }

  /** Checks the module of {@code anyClass}, whose packages are under {@code root} ({@code io.harness.dfsio}). */
  public static void check(Class<?> anyClass, String root) {
    JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPath(location(anyClass));
    noClasses().that().resideOutsideOfPackage(root + ".cli..")
        .and(DescribedPredicate.not(COMMANDS))
        .should().dependOnClassesThat().resideInAPackage("io.harness.core.cli..")
        .because("a workload runs through the Java API without the command line")
        .check(classes);
    slices().matching("io.harness.(**)").should().beFreeOfCycles().allowEmptyShould(true).check(classes);
  }

  private static Path location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
