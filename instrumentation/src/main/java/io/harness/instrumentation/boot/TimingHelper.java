package io.harness.instrumentation.boot;

/**
 * The Byteman rule helper of every harness rule ({@code HELPER io.harness.instrumentation.boot.TimingHelper}).
 *
 * <p>Byteman makes a subclass of this class per rule and an instance of it each time a rule fires, so
 * it holds no state: it turns the rule's call into one on {@link Registry}. Its methods are public (the
 * generated subclass lives in another class loader) and take only JDK types, since this class is
 * loaded by the bootstrap class loader and sees no Hadoop class. Every method returns normally: a rule
 * never changes what the instrumented method does.
 */
public class TimingHelper {
  public TimingHelper() {
    Registry.ruleFired(); // one helper per firing: counted per thread (Timings.agentCallsOnThisThread)
  }

  /** Entry of FileSystem.create/append/open/...: streams built inside belong to {@code fs}. */
  public void fsEnter(Object fs, Object uri) {
    Registry.fsEnter(fs, uri);
  }

  /** Exit (normal or by exception) of FileSystem.create/append/open/... */
  public void fsExit(Object fs) {
    Registry.fsExit(fs);
  }

  /** End of a stream constructor. */
  public void bindStream(Object stream) {
    Registry.bindStream(stream);
  }

  /** Entry of an output stream call named {@code op} (write, hflush, hsync, close). */
  public void outEnter(String op, Object stream) {
    Registry.outEnter(Ops.index(op), stream);
  }

  public void outExit(boolean failed) {
    Registry.outExit(failed);
  }

  /** Entry of an input stream call named {@code op}; streams that are not FSDataInputStreams are ignored. */
  public void inEnter(String op, Object stream) {
    Registry.inEnter(Ops.index(op), stream);
  }

  public void inExit(Object stream, boolean failed) {
    Registry.inExit(stream, failed);
  }

  /** Entry of an Ozone client wait named {@code op} (flushWait.*). */
  public void ozEnter(String op) {
    OzoneWaits.enter(Ops.index(op));
  }

  public void ozExit(String op, boolean failed) {
    OzoneWaits.exit(Ops.index(op), failed);
  }

  /** Entry of a server-side call named {@code op} (dn.write, dn.apply, dn.watch). */
  public void serverEnter(String op) {
    ServerCalls.enter(Ops.index(op));
  }

  /**
   * Exit of a server-side call: {@code result} is its return value; a {@code CompletionStage} is timed to its
   * completion. {@code failed}: the call threw.
   */
  public void serverExit(String op, Object result, boolean failed) {
    ServerCalls.exit(Ops.index(op), result, failed);
  }

  /** Entry of the datanode dispatcher's dispatch of a command of type {@code cmdType} (WriteChunk, ...). */
  public void dispatchEnter(Object cmdType) {
    ServerCalls.enter(Ops.dispatchOp(String.valueOf(cmdType)));
  }

  public void dispatchExit(Object cmdType, boolean failed) {
    ServerCalls.exit(Ops.dispatchOp(String.valueOf(cmdType)), null, failed);
  }

  /** Entry of FileSystem.close(). */
  public void fsCloseEnter(Object fs) {
    Registry.closeEnter(fs);
  }

  /** Exit of FileSystem.close(): the outermost one prints the file system's report. */
  public void fsCloseExit(Object fs) {
    Registry.closeExit(fs);
  }
}
