package io.harness.instrumentation.boot;

import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.byteman.objectweb.asm.ClassReader;
import org.jboss.byteman.objectweb.asm.ClassVisitor;
import org.jboss.byteman.objectweb.asm.ClassWriter;
import org.jboss.byteman.objectweb.asm.Label;
import org.jboss.byteman.objectweb.asm.MethodVisitor;
import org.jboss.byteman.objectweb.asm.Opcodes;

/**
 * The timing of the {@code write} and {@code ozone} sets and the attribution of streams to FileSystems: plain
 * static calls injected into Hadoop's and the Ozone client's methods, not Byteman rules.
 *
 * <p>Why not rules: a rule is type-checked and compiled to bytecode the first time it fires at each method it was
 * injected into, in the thread that calls the method, under a lock of the rule: on the harness's runs that was the
 * first {@code FileSystem.create} of every task (about 30 rules on the local file system's create, close and stream
 * constructors, more on Ozone), tens of ms of a cold JVM's interpreted Byteman code inside the measured phase, and
 * the JIT compilers' work on it after. Each firing after that still costs microseconds (Byteman looks the rule up
 * by a string key, builds a message string, enters a {@code synchronized} method of the rule shared by every
 * thread, and creates a helper by reflection), and a checksummed file system's stream ({@code file://}) writes each
 * 512-byte chunk of a write through inner {@code FSDataOutputStream}s: one 1 MB {@code write()} reached
 * {@code PositionCache.write} about 4,100 times. An injected call costs a static call and a thread-local look-up,
 * and nothing is compiled at its first call. Byteman's engine is started only for the sets that still are rules
 * ({@code read}, {@code datanode}), so without them no transformer of Byteman's looks at the classes a run loads.
 *
 * <p>The hooks, per group ({@link #FS}: always; {@link #OUTPUT}: sets write and ozone; {@link #OZONE}: set ozone):
 * <ul>
 *   <li>FS: {@code create}, {@code createNonRecursive}, {@code append}, {@code primitiveCreate}, {@code open},
 *   {@code openFileWithOptions} of {@code FileSystem} and its subclasses (instance methods with a body):
 *   {@code fsEnter(this)} first, {@code fsExit(this)} at every exit; {@code close()} likewise with
 *   {@code fsCloseEnter} / {@code fsCloseExit}.
 *   <li>OUTPUT: the constructors of {@code FSDataOutputStream} and {@code FSDataOutputStream$PositionCache} call
 *   {@code bind(this)} before they return; {@code PositionCache.write(int)} and {@code write(byte[],int,int)}
 *   (operation write), {@code hflush}, {@code hsync} and {@code close()} of {@code FSDataOutputStream} and its
 *   subclasses: {@code outEnter(op, this)} first, {@code outExit(failed)} at every exit.
 *   <li>OZONE: {@code BlockOutputStream.handleFullBuffer()}; {@code waitOnFlushFuture()}, {@code handleFlush(boolean)},
 *   {@code waitForAllPendingFlushes()} of {@code BlockOutputStream} and its subclasses;
 *   {@code BlockDataStreamOutput.handleFlush(boolean)}, {@code watchForCommit(boolean)}, {@code waitFuturesComplete()};
 *   {@code BufferPool.allocateBuffer(int)}: {@code ozEnter(op)} first, {@code ozExit(op, failed)} at every exit.
 * </ul>
 * "Every exit": before each return instruction, and in a handler over the whole body that calls the exit hook
 * with {@code failed} true and rethrows (listed after the method's own handlers, which still catch what they
 * caught). The hook methods catch everything: a hook never changes what the method does.
 *
 * <p>Subclasses are told by name: the transformer keeps which classes descend from which of the three base classes
 * (seeded from the classes loaded when it is installed, then from each class it sees; a superclass it has not seen
 * is read from its class loader's resources, once). Loaded by the bootstrap class loader, so the injected calls
 * resolve from any class loader; it uses Byteman's copy of ASM, which is there too.
 */
public final class Hooks implements ClassFileTransformer {
  /** Hook groups (bits). */
  public static final int FS = 1;
  public static final int OUTPUT = 2;
  public static final int OZONE = 4;

  static final String OUT_STREAM = "org/apache/hadoop/fs/FSDataOutputStream";
  static final String POSITION_CACHE = OUT_STREAM + "$PositionCache";
  private static final String FILE_SYSTEM = "org/apache/hadoop/fs/FileSystem";
  private static final String STORAGE = "org/apache/hadoop/hdds/scm/storage/";
  private static final String BLOCK_OUT = STORAGE + "BlockOutputStream";
  private static final String HOOKS = "io/harness/instrumentation/boot/Hooks";

  /** The base classes whose subclasses get hooks too, by their bit in a class's family mask. */
  private static final String[] BASES = {FILE_SYSTEM, OUT_STREAM, BLOCK_OUT};

  private static final int K_FS = 0;
  private static final int K_FS_CLOSE = 1;
  private static final int K_BIND = 2;
  private static final int K_OUT = 3;
  private static final int K_OZ = 4;

  /**
   * Where a hook goes: {@code owner} the class, or with {@code base} >= 0 any class of that base's family (the base
   * itself included); {@code name}; {@code params} the descriptor up to and with ')', or null for any.
   */
  private record Point(int group, String owner, int base, String name, String params, int kind, int op) {}

  private static final List<Point> POINTS = new ArrayList<>();

  static {
    for (String m : new String[] {"create", "createNonRecursive", "append", "primitiveCreate", "open",
        "openFileWithOptions"}) {
      POINTS.add(new Point(FS, null, 0, m, null, K_FS, -1));
    }
    POINTS.add(new Point(FS, null, 0, "close", "()", K_FS_CLOSE, -1));
    POINTS.add(new Point(OUTPUT, OUT_STREAM, -1, "<init>", null, K_BIND, -1));
    POINTS.add(new Point(OUTPUT, POSITION_CACHE, -1, "<init>", null, K_BIND, -1));
    POINTS.add(new Point(OUTPUT, POSITION_CACHE, -1, "write", "(I)", K_OUT, Ops.WRITE));
    POINTS.add(new Point(OUTPUT, POSITION_CACHE, -1, "write", "([BII)", K_OUT, Ops.WRITE));
    POINTS.add(new Point(OUTPUT, null, 1, "hflush", null, K_OUT, Ops.HFLUSH));
    POINTS.add(new Point(OUTPUT, null, 1, "hsync", null, K_OUT, Ops.HSYNC));
    POINTS.add(new Point(OUTPUT, null, 1, "close", "()", K_OUT, Ops.CLOSE));
    POINTS.add(new Point(OZONE, BLOCK_OUT, -1, "handleFullBuffer", "()", K_OZ, Ops.HANDLE_FULL_BUFFER));
    POINTS.add(new Point(OZONE, null, 2, "waitOnFlushFuture", "()", K_OZ, Ops.WAIT_ON_FLUSH_FUTURE));
    POINTS.add(new Point(OZONE, null, 2, "handleFlush", "(Z)", K_OZ, Ops.HANDLE_FLUSH));
    POINTS.add(new Point(OZONE, null, 2, "waitForAllPendingFlushes", "()", K_OZ, Ops.WAIT_FOR_ALL_PENDING_FLUSHES));
    String stream = STORAGE + "BlockDataStreamOutput";
    POINTS.add(new Point(OZONE, stream, -1, "handleFlush", "(Z)", K_OZ, Ops.STREAM_HANDLE_FLUSH));
    POINTS.add(new Point(OZONE, stream, -1, "watchForCommit", "(Z)", K_OZ, Ops.STREAM_WATCH_FOR_COMMIT));
    POINTS.add(new Point(OZONE, stream, -1, "waitFuturesComplete", "()", K_OZ, Ops.STREAM_WAIT_FUTURES_COMPLETE));
    POINTS.add(new Point(OZONE, STORAGE + "BufferPool", -1, "allocateBuffer", "(I)", K_OZ, Ops.ALLOCATE_BUFFER));
  }

  private static Hooks installed;
  /** The groups whose hooks are injected (bits); only grows. */
  private static volatile int groups;

  /** Class name -> the bases it descends from (bits of {@link #BASES}), for the classes seen so far. */
  private final ConcurrentHashMap<String, Integer> families = new ConcurrentHashMap<>();

  private Hooks() {}

  // ---------------------------------------------------------------- the injected calls

  public static void fsEnter(Object fs) {
    try {
      Registry.fsEnter(fs, null);
    } catch (Throwable t) {
      // a timing hook never changes what the method does
    }
  }

  public static void fsExit(Object fs) {
    try {
      Registry.fsExit(fs);
    } catch (Throwable t) {
      // as above
    }
  }

  public static void fsCloseEnter(Object fs) {
    try {
      Registry.closeEnter(fs);
    } catch (Throwable t) {
      // as above
    }
  }

  public static void fsCloseExit(Object fs) {
    try {
      Registry.closeExit(fs);
    } catch (Throwable t) {
      // as above
    }
  }

  /** End of a stream constructor. */
  public static void bind(Object stream) {
    try {
      Registry.bindStream(stream);
    } catch (Throwable t) {
      // as above
    }
  }

  /** Entry of an output stream call: {@code stream} is the FSDataOutputStream or its PositionCache. */
  public static void outEnter(int op, Object stream) {
    try {
      Registry.outEnter(op, stream);
    } catch (Throwable t) {
      // as above
    }
  }

  /** Exit of an output stream call, normal ({@code failed} false) or by an exception. */
  public static void outExit(boolean failed) {
    try {
      Registry.outExit(failed);
    } catch (Throwable t) {
      // as above
    }
  }

  public static void ozEnter(int op) {
    try {
      Registry.ozEnter(op);
    } catch (Throwable t) {
      // as above
    }
  }

  public static void ozExit(int op, boolean failed) {
    try {
      Registry.ozExit(op, failed);
    } catch (Throwable t) {
      // as above
    }
  }

  // ---------------------------------------------------------------- installing

  /**
   * Injects the hooks of {@code add} (bits) from now on: adds the transformer once per JVM, and re-transforms the
   * loaded classes that get hooks of a group that was not injected before (an attach into a running JVM, or Hadoop
   * used before the agent was loaded).
   */
  static synchronized void install(Instrumentation inst, int add) throws Exception {
    int before = groups;
    int now = before | add;
    if (now == before) {
      return;
    }
    Class<?>[] loaded = inst.getAllLoadedClasses();
    if (installed == null) {
      Hooks h = new Hooks();
      for (Class<?> c : loaded) {
        h.seed(c);
      }
      installed = h;
      groups = now;
      inst.addTransformer(h, true);
    } else {
      groups = now;
    }
    List<Class<?>> again = new ArrayList<>();
    for (Class<?> c : loaded) {
      if (inst.isModifiableClass(c) && installed.hooksIn(c, now & ~before)) {
        again.add(c);
      }
    }
    if (!again.isEmpty()) {
      inst.retransformClasses(again.toArray(new Class<?>[0]));
    }
  }

  /** The groups injected so far (bits). */
  static int groups() {
    return groups;
  }

  /** Records which bases a loaded class descends from (and its superclasses). */
  private int seed(Class<?> c) {
    if (c == null || c.isArray() || c.isPrimitive() || c.isInterface()) {
      return 0;
    }
    String name = c.getName().replace('.', '/');
    if (isJdk(name)) {
      return 0;
    }
    Integer known = families.get(name);
    if (known != null) {
      return known;
    }
    int mask = seed(c.getSuperclass()) | baseBit(name);
    families.put(name, mask);
    return mask;
  }

  /** Whether a loaded class declares a method that gets a hook of {@code newGroups}. */
  private boolean hooksIn(Class<?> c, int newGroups) {
    if (c.isArray() || c.isPrimitive() || c.isInterface()) {
      return false;
    }
    String name = c.getName().replace('.', '/');
    if (isJdk(name)) {
      return false;
    }
    int family = families.getOrDefault(name, 0);
    boolean candidate = false;
    for (Point p : POINTS) {
      if ((p.group & newGroups) != 0 && applies(p, name, family)) {
        candidate = true;
        break;
      }
    }
    if (!candidate) {
      return false;
    }
    try {
      if (c.getDeclaredConstructors().length > 0 && pointFor(name, family, newGroups, "<init>", null) != null) {
        return true;
      }
      for (Method m : c.getDeclaredMethods()) {
        if (pointFor(name, family, newGroups, m.getName(), org.jboss.byteman.objectweb.asm.Type.getMethodDescriptor(m))
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
    if (className == null || isJdk(className) || className.startsWith("io/harness/instrumentation/boot/")
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
      return inject(reader, groups, family);
    } catch (Throwable t) {
      // a class this copy of ASM cannot read (a newer class file version) is left alone; say so for a timed one
      if (family != 0 || isOwner(className)) {
        System.err.println("harness-instrumentation: calls of " + className.replace('/', '.') + " not timed: " + t);
      }
      return null;
    }
  }

  private static boolean isOwner(String className) {
    for (Point p : POINTS) {
      if (className.equals(p.owner)) {
        return true;
      }
    }
    return baseBit(className) != 0;
  }

  /** The bases {@code name} (with superclass {@code superName}) descends from; remembered. */
  private int familyOf(String name, String superName, ClassLoader loader) {
    Integer known = families.get(name);
    if (known != null) {
      return known;
    }
    int mask = baseBit(name) | superFamily(superName, loader, 0);
    families.put(name, mask);
    return mask;
  }

  private int superFamily(String name, ClassLoader loader, int depth) {
    if (name == null || isJdk(name) || depth > 40) {
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
    int mask = baseBit(name) | superFamily(superName, loader, depth + 1);
    families.put(name, mask);
    return mask;
  }

  private static int baseBit(String name) {
    for (int i = 0; i < BASES.length; i++) {
      if (BASES[i].equals(name)) {
        return 1 << i;
      }
    }
    return 0;
  }

  private static boolean isJdk(String name) {
    return name.startsWith("java/") || name.startsWith("javax/") || name.startsWith("jdk/") || name.startsWith("sun/")
        || name.startsWith("com/sun/");
  }

  private static boolean applies(Point p, String className, int family) {
    return p.base >= 0 ? (family & (1 << p.base)) != 0 : p.owner.equals(className);
  }

  private static Point pointFor(String className, int family, int groups, String name, String desc) {
    for (Point p : POINTS) {
      if ((p.group & groups) != 0 && p.name.equals(name) && applies(p, className, family)
          && (p.params == null || desc == null || desc.startsWith(p.params))) {
        return p;
      }
    }
    return null;
  }

  /**
   * {@code bytes} with the hooks of {@code groups} for a class of {@code family} (bits of the bases it descends
   * from, the class itself included), or null if no method of it gets one.
   */
  static byte[] inject(byte[] bytes, int groups, int family) {
    return inject(new ClassReader(bytes), groups, family);
  }

  private static byte[] inject(ClassReader reader, int groups, int family) {
    String owner = reader.getClassName();
    boolean any = false;
    for (Point p : POINTS) {
      if ((p.group & groups) != 0 && applies(p, owner, family)) {
        any = true;
        break;
      }
    }
    if (!any) {
      return null;
    }
    boolean frames = reader.readUnsignedShort(6) >= 50; // major version: stack map frames from Java 6
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    boolean[] changed = new boolean[1];
    reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
        if ((access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
          return mv;
        }
        Point p = pointFor(owner, family, groups, name, desc);
        if (p == null) {
          return mv;
        }
        changed[0] = true;
        return p.kind == K_BIND ? new Bound(mv) : new Timed(mv, owner, p, frames);
      }
    }, ClassReader.EXPAND_FRAMES);
    return changed[0] ? writer.toByteArray() : null;
  }

  /** A constructor that calls {@code bind(this)} before each return. */
  private static final class Bound extends MethodVisitor {
    Bound(MethodVisitor mv) {
      super(Opcodes.ASM9, mv);
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode == Opcodes.RETURN) {
        super.visitVarInsn(Opcodes.ALOAD, 0);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "bind", "(Ljava/lang/Object;)V", false);
      }
      super.visitInsn(opcode);
    }
  }

  /** An instance method's body between its point's entry hook and its exit hook. */
  private static final class Timed extends MethodVisitor {
    private final String owner;
    private final Point point;
    private final boolean frames;
    private final Label start = new Label();
    private final Label handler = new Label();

    Timed(MethodVisitor mv, String owner, Point point, boolean frames) {
      super(Opcodes.ASM9, mv);
      this.owner = owner;
      this.point = point;
      this.frames = frames;
    }

    @Override
    public void visitCode() {
      super.visitCode();
      switch (point.kind) {
        case K_FS -> call("fsEnter", "(Ljava/lang/Object;)V", true, false);
        case K_FS_CLOSE -> call("fsCloseEnter", "(Ljava/lang/Object;)V", true, false);
        case K_OUT -> call("outEnter", "(ILjava/lang/Object;)V", true, true);
        default -> call("ozEnter", "(I)V", false, true);
      }
      super.visitLabel(start);
    }

    private void exit(boolean failed) {
      switch (point.kind) {
        case K_FS -> call("fsExit", "(Ljava/lang/Object;)V", true, false);
        case K_FS_CLOSE -> call("fsCloseExit", "(Ljava/lang/Object;)V", true, false);
        case K_OUT -> {
          super.visitInsn(failed ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
          call("outExit", "(Z)V", false, false);
        }
        default -> {
          push(point.op);
          super.visitInsn(failed ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
          call("ozExit", "(IZ)V", false, false);
        }
      }
    }

    /** Pushes the op (when {@code op}), then this (when {@code self}), and calls {@code name}. */
    private void call(String name, String desc, boolean self, boolean op) {
      if (op) {
        push(point.op);
      }
      if (self) {
        super.visitVarInsn(Opcodes.ALOAD, 0);
      }
      super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, name, desc, false);
    }

    private void push(int value) {
      super.visitIntInsn(Opcodes.BIPUSH, value);
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
        exit(false);
      }
      super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      // listed after the method's own handlers: those still catch what they caught
      super.visitTryCatchBlock(start, handler, handler, null);
      super.visitLabel(handler);
      if (frames) {
        // only this is used below (javac never stores into local 0 of an instance method): the rest are TOP
        super.visitFrame(Opcodes.F_NEW, 1, new Object[] {owner}, 1, new Object[] {"java/lang/Throwable"});
      }
      exit(true);
      super.visitInsn(Opcodes.ATHROW);
      super.visitMaxs(maxStack, maxLocals);
    }
  }
}
