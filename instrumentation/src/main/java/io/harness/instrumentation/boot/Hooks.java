package io.harness.instrumentation.boot;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

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
 * is read from its class loader's resources, once: {@link HookTransformer}); where each hook goes and the code it
 * injects are {@link HookPoints}. Loaded by the bootstrap class loader, so the injected calls resolve from any class
 * loader; the injection uses Byteman's copy of ASM, which is there too.
 */
public final class Hooks {
  /** Hook groups (bits). */
  public static final int FS = 1;
  public static final int OUTPUT = 2;
  public static final int OZONE = 4;

  private static HookTransformer installed;
  /** The groups whose hooks are injected (bits); only grows. */
  private static volatile int groups;

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
      OzoneWaits.enter(op);
    } catch (Throwable t) {
      // as above
    }
  }

  public static void ozExit(int op, boolean failed) {
    try {
      OzoneWaits.exit(op, failed);
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
      HookTransformer h = new HookTransformer();
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

  /**
   * {@code bytes} with the hooks of {@code groups} for a class of {@code family} (bits of the bases it descends
   * from, the class itself included), or null if no method of it gets one.
   */
  static byte[] inject(byte[] bytes, int groups, int family) {
    return HookPoints.inject(bytes, groups, family);
  }
}
