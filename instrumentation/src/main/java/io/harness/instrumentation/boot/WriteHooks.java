package io.harness.instrumentation.boot;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import org.jboss.byteman.objectweb.asm.ClassReader;
import org.jboss.byteman.objectweb.asm.ClassVisitor;
import org.jboss.byteman.objectweb.asm.ClassWriter;
import org.jboss.byteman.objectweb.asm.Label;
import org.jboss.byteman.objectweb.asm.MethodVisitor;
import org.jboss.byteman.objectweb.asm.Opcodes;
import org.jboss.byteman.objectweb.asm.Type;

/**
 * The {@code write} timing of {@code FSDataOutputStream}: two plain static calls injected into
 * {@code FSDataOutputStream$PositionCache.write(int)} and {@code write(byte[],int,int)}, not Byteman rules.
 *
 * <p>Why not rules: a rule firing costs microseconds (Byteman looks the rule up by a string key, builds a
 * message string, enters a {@code synchronized} method of the rule shared by every thread, and creates a
 * helper by reflection), and a checksummed file system's stream ({@code file://}) writes through inner
 * {@code FSDataOutputStream}s: every 512-byte chunk of a write is written to the inner data stream and its
 * checksum to the inner checksum stream, so one 1 MB {@code write()} reached {@code PositionCache.write} about
 * 4,100 times, 8,200 rule firings, which made the write about 100 times slower. Here an inner call costs a
 * thread-local look-up and a counter (the outermost call of a thread is the one timed, as before).
 *
 * <p>The injected code: {@code enter(this)} first; {@code exit(false)} before each return; and a handler over
 * the whole body that calls {@code exit(true)} and rethrows. Loaded by the bootstrap class loader, so the
 * injected calls resolve from any class loader; it uses Byteman's copy of ASM, which is there too.
 */
public final class WriteHooks implements ClassFileTransformer {
  static final String TARGET = "org/apache/hadoop/fs/FSDataOutputStream$PositionCache";
  private static final String TARGET_CLASS = TARGET.replace('/', '.');
  private static final String HOOKS = "io/harness/instrumentation/boot/WriteHooks";

  private static volatile boolean installed;

  private WriteHooks() {}

  // ---------------------------------------------------------------- the injected calls

  /** Entry of {@code PositionCache.write}: {@code stream} is the PositionCache (bound to its FileSystem). */
  public static void enter(Object stream) {
    try {
      Registry.outEnter(Ops.WRITE, stream);
    } catch (Throwable t) {
      // a timing hook never changes what the write does
    }
  }

  /** Exit of {@code PositionCache.write}, normal ({@code failed} false) or by an exception. */
  public static void exit(boolean failed) {
    try {
      Registry.outExit(failed);
    } catch (Throwable t) {
      // as above
    }
  }

  // ---------------------------------------------------------------- installing

  /**
   * Adds the transformer (once per JVM) and re-transforms {@code PositionCache} wherever it is loaded already
   * (an attach into a running JVM, or Hadoop used before the agent was loaded).
   */
  static synchronized void install(Instrumentation inst) throws Exception {
    if (installed) {
      return;
    }
    inst.addTransformer(new WriteHooks(), true);
    installed = true;
    for (Class<?> c : inst.getAllLoadedClasses()) {
      if (TARGET_CLASS.equals(c.getName()) && inst.isModifiableClass(c)) {
        inst.retransformClasses(c);
      }
    }
  }

  @Override
  public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
      byte[] bytes) {
    if (!TARGET.equals(className)) {
      return null;
    }
    try {
      return inject(bytes);
    } catch (Throwable t) {
      System.err.println("harness-instrumentation: write calls not timed, cannot instrument " + TARGET_CLASS + ": " + t);
      return null;
    }
  }

  /** {@code bytes} with the hooks in {@code write(int)} and {@code write(byte[],int,int)}, or null if it has neither. */
  static byte[] inject(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    boolean[] changed = new boolean[1];
    reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
        if ("write".equals(name) && ("(I)V".equals(desc) || "([BII)V".equals(desc))
            && (access & (Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0) {
          changed[0] = true;
          return new Timed(mv, reader.getClassName(), desc);
        }
        return mv;
      }
    }, ClassReader.EXPAND_FRAMES);
    return changed[0] ? writer.toByteArray() : null;
  }

  /** A void instance method's body between {@code enter(this)} and {@code exit(failed)}. */
  private static final class Timed extends MethodVisitor {
    private final String owner;
    private final String desc;
    private final Label start = new Label();
    private final Label handler = new Label();

    Timed(MethodVisitor mv, String owner, String desc) {
      super(Opcodes.ASM9, mv);
      this.owner = owner;
      this.desc = desc;
    }

    @Override
    public void visitCode() {
      super.visitCode();
      super.visitVarInsn(Opcodes.ALOAD, 0);
      super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "enter", "(Ljava/lang/Object;)V", false);
      super.visitLabel(start);
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode == Opcodes.RETURN) {
        super.visitInsn(Opcodes.ICONST_0);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "exit", "(Z)V", false);
      }
      super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      // listed after the method's own handlers: those still catch what they caught
      super.visitTryCatchBlock(start, handler, handler, null);
      super.visitLabel(handler);
      Type[] args = Type.getArgumentTypes(desc);
      Object[] locals = new Object[args.length + 1];
      locals[0] = owner;
      for (int i = 0; i < args.length; i++) {
        locals[i + 1] = frameType(args[i]);
      }
      super.visitFrame(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"});
      super.visitInsn(Opcodes.ICONST_1);
      super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "exit", "(Z)V", false);
      super.visitInsn(Opcodes.ATHROW);
      super.visitMaxs(maxStack, maxLocals);
    }

    private static Object frameType(Type t) {
      switch (t.getSort()) {
        case Type.BOOLEAN:
        case Type.BYTE:
        case Type.CHAR:
        case Type.SHORT:
        case Type.INT:
          return Opcodes.INTEGER;
        case Type.FLOAT:
          return Opcodes.FLOAT;
        case Type.LONG:
          return Opcodes.LONG;
        case Type.DOUBLE:
          return Opcodes.DOUBLE;
        default:
          return t.getInternalName();
      }
    }
  }
}
