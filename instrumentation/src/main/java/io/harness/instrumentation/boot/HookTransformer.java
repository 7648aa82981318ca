package io.harness.instrumentation.boot;

import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.byteman.objectweb.asm.ClassReader;
import org.jboss.byteman.objectweb.asm.Opcodes;

/**
 * The transformer {@link Hooks#install} adds: it gives each class the hooks of the groups injected so far
 * ({@link HookPoints}), telling subclasses of the base classes by name. It keeps which classes descend from which
 * base, seeded from the classes loaded when it is installed, then from each class it sees; a superclass it has not
 * seen is read from its class loader's resources, once.
 */
final class HookTransformer implements ClassFileTransformer {
  /** Class name -> the bases it descends from (bits of {@link HookPoints#BASES}), for the classes seen so far. */
  private final ConcurrentHashMap<String, Integer> families = new ConcurrentHashMap<>();

  /** Records which bases a loaded class descends from (and its superclasses). */
  int seed(Class<?> c) {
    if (c == null || c.isArray() || c.isPrimitive() || c.isInterface()) {
      return 0;
    }
    String name = c.getName().replace('.', '/');
    if (HookPoints.isJdk(name)) {
      return 0;
    }
    Integer known = families.get(name);
    if (known != null) {
      return known;
    }
    int mask = seed(c.getSuperclass()) | HookPoints.baseBit(name);
    families.put(name, mask);
    return mask;
  }

  /** Whether a loaded class declares a method that gets a hook of {@code newGroups}. */
  boolean hooksIn(Class<?> c, int newGroups) {
    if (c.isArray() || c.isPrimitive() || c.isInterface()) {
      return false;
    }
    String name = c.getName().replace('.', '/');
    if (HookPoints.isJdk(name)) {
      return false;
    }
    int family = families.getOrDefault(name, 0);
    boolean candidate = false;
    for (HookPoints.Point p : HookPoints.POINTS) {
      if ((p.group() & newGroups) != 0 && HookPoints.applies(p, name, family)) {
        candidate = true;
        break;
      }
    }
    if (!candidate) {
      return false;
    }
    try {
      if (c.getDeclaredConstructors().length > 0 && HookPoints.pointFor(name, family, newGroups, "<init>", null) != null) {
        return true;
      }
      for (Method m : c.getDeclaredMethods()) {
        if (HookPoints.pointFor(name, family, newGroups, m.getName(), org.jboss.byteman.objectweb.asm.Type.getMethodDescriptor(m))
            != null) {
          return true;
        }
      }
    } catch (Throwable t) {
      return true; // a method's types do not resolve: let the transformation look at the bytes
    }
    return false;
  }

  @Override
  public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
      byte[] bytes) {
    if (className == null || HookPoints.isJdk(className) || className.startsWith("io/harness/instrumentation/boot/")
        || className.startsWith("org/jboss/byteman/")) {
      return null;
    }
    int family = 0;
    try {
      ClassReader reader = new ClassReader(bytes);
      if ((reader.getAccess() & Opcodes.ACC_INTERFACE) != 0) {
        return null;
      }
      family = familyOf(className, reader.getSuperName(), loader);
      return HookPoints.inject(reader, Hooks.groups(), family);
    } catch (Throwable t) {
      // a class this copy of ASM cannot read (a newer class file version) is left alone; say so for a timed one
      if (family != 0 || HookPoints.isOwner(className)) {
        System.err.println("harness-instrumentation: calls of " + className.replace('/', '.') + " not timed: " + t);
      }
      return null;
    }
  }

  /** The bases {@code name} (with superclass {@code superName}) descends from; remembered. */
  private int familyOf(String name, String superName, ClassLoader loader) {
    Integer known = families.get(name);
    if (known != null) {
      return known;
    }
    int mask = HookPoints.baseBit(name) | superFamily(superName, loader, 0);
    families.put(name, mask);
    return mask;
  }

  private int superFamily(String name, ClassLoader loader, int depth) {
    if (name == null || HookPoints.isJdk(name) || depth > 40) {
      return 0;
    }
    Integer known = families.get(name);
    if (known != null) {
      return known;
    }
    // not seen yet (a class is transformed before its superclass is loaded): read the superclass's header
    String superName = null;
    try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(name + ".class")
        : loader.getResourceAsStream(name + ".class")) {
      if (in != null) {
        superName = new ClassReader(in.readAllBytes()).getSuperName();
      }
    } catch (Throwable t) {
      // unreadable: treated as in no family
    }
    int mask = HookPoints.baseBit(name) | superFamily(superName, loader, depth + 1);
    families.put(name, mask);
    return mask;
  }
}
