package io.harness.instrumentation.boot;

import java.util.ArrayList;
import java.util.List;
import org.jboss.byteman.objectweb.asm.ClassReader;
import org.jboss.byteman.objectweb.asm.ClassVisitor;
import org.jboss.byteman.objectweb.asm.ClassWriter;
import org.jboss.byteman.objectweb.asm.Label;
import org.jboss.byteman.objectweb.asm.MethodVisitor;
import org.jboss.byteman.objectweb.asm.Opcodes;

/**
 * Where each of {@link Hooks}' calls goes (a table of points: class or base class, method, group) and the bytecode
 * that injects it: an entry call first, an exit call before each return and in a handler over the whole body.
 */
final class HookPoints {
  static final String OUT_STREAM = "org/apache/hadoop/fs/FSDataOutputStream";
  static final String POSITION_CACHE = OUT_STREAM + "$PositionCache";
  private static final String FILE_SYSTEM = "org/apache/hadoop/fs/FileSystem";
  private static final String STORAGE = "org/apache/hadoop/hdds/scm/storage/";
  private static final String BLOCK_OUT = STORAGE + "BlockOutputStream";
  private static final String HOOKS = "io/harness/instrumentation/boot/Hooks";

  /** The base classes whose subclasses get hooks too, by their bit in a class's family mask. */
  static final String[] BASES = {FILE_SYSTEM, OUT_STREAM, BLOCK_OUT};

  private static final int K_FS = 0;
  private static final int K_FS_CLOSE = 1;
  private static final int K_BIND = 2;
  private static final int K_OUT = 3;
  private static final int K_OZ = 4;

  /**
   * Where a hook goes: {@code owner} the class, or with {@code base} >= 0 any class of that base's family (the base
   * itself included); {@code name}; {@code params} the descriptor up to and with ')', or null for any.
   */
  record Point(int group, String owner, int base, String name, String params, int kind, int op) {}

  static final List<Point> POINTS = new ArrayList<>();

  static {
    for (String m : new String[] {"create", "createNonRecursive", "append", "primitiveCreate", "open",
        "openFileWithOptions"}) {
      POINTS.add(new Point(Hooks.FS, null, 0, m, null, K_FS, -1));
    }
    POINTS.add(new Point(Hooks.FS, null, 0, "close", "()", K_FS_CLOSE, -1));
    POINTS.add(new Point(Hooks.OUTPUT, OUT_STREAM, -1, "<init>", null, K_BIND, -1));
    POINTS.add(new Point(Hooks.OUTPUT, POSITION_CACHE, -1, "<init>", null, K_BIND, -1));
    POINTS.add(new Point(Hooks.OUTPUT, POSITION_CACHE, -1, "write", "(I)", K_OUT, Ops.WRITE));
    POINTS.add(new Point(Hooks.OUTPUT, POSITION_CACHE, -1, "write", "([BII)", K_OUT, Ops.WRITE));
    POINTS.add(new Point(Hooks.OUTPUT, null, 1, "hflush", null, K_OUT, Ops.HFLUSH));
    POINTS.add(new Point(Hooks.OUTPUT, null, 1, "hsync", null, K_OUT, Ops.HSYNC));
    POINTS.add(new Point(Hooks.OUTPUT, null, 1, "close", "()", K_OUT, Ops.CLOSE));
    POINTS.add(new Point(Hooks.OZONE, BLOCK_OUT, -1, "handleFullBuffer", "()", K_OZ, Ops.HANDLE_FULL_BUFFER));
    POINTS.add(new Point(Hooks.OZONE, null, 2, "waitOnFlushFuture", "()", K_OZ, Ops.WAIT_ON_FLUSH_FUTURE));
    POINTS.add(new Point(Hooks.OZONE, null, 2, "handleFlush", "(Z)", K_OZ, Ops.HANDLE_FLUSH));
    POINTS.add(new Point(Hooks.OZONE, null, 2, "waitForAllPendingFlushes", "()", K_OZ, Ops.WAIT_FOR_ALL_PENDING_FLUSHES));
    String stream = STORAGE + "BlockDataStreamOutput";
    POINTS.add(new Point(Hooks.OZONE, stream, -1, "handleFlush", "(Z)", K_OZ, Ops.STREAM_HANDLE_FLUSH));
    POINTS.add(new Point(Hooks.OZONE, stream, -1, "watchForCommit", "(Z)", K_OZ, Ops.STREAM_WATCH_FOR_COMMIT));
    POINTS.add(new Point(Hooks.OZONE, stream, -1, "waitFuturesComplete", "()", K_OZ, Ops.STREAM_WAIT_FUTURES_COMPLETE));
    POINTS.add(new Point(Hooks.OZONE, STORAGE + "BufferPool", -1, "allocateBuffer", "(I)", K_OZ, Ops.ALLOCATE_BUFFER));
  }

  private HookPoints() {}

  static boolean isOwner(String className) {
    for (Point p : POINTS) {
      if (className.equals(p.owner)) {
        return true;
      }
    }
    return baseBit(className) != 0;
  }

  static int baseBit(String name) {
    for (int i = 0; i < BASES.length; i++) {
      if (BASES[i].equals(name)) {
        return 1 << i;
      }
    }
    return 0;
  }

  static boolean isJdk(String name) {
    return name.startsWith("java/") || name.startsWith("javax/") || name.startsWith("jdk/") || name.startsWith("sun/")
        || name.startsWith("com/sun/");
  }

  static boolean applies(Point p, String className, int family) {
    return p.base >= 0 ? (family & (1 << p.base)) != 0 : p.owner.equals(className);
  }

  static Point pointFor(String className, int family, int groups, String name, String desc) {
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

  static byte[] inject(ClassReader reader, int groups, int family) {
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
