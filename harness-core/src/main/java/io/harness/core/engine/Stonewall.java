package io.harness.core.engine;

import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * IOR's and mdtest's stonewall for one phase of a {@link PhaseLoop}: the phase's calls end {@code nanos} after the
 * first of its threads started it, then every thread goes on until it has made as many calls as the most any thread
 * had made when the stonewall struck (the wear-out), so that every thread leaves the same number of files or
 * transfers for the phases after it. A thread whose calls ran out before the stonewall takes part with what it did.
 * The threads of this JVM agree on the most, and then, when the loop is one client's of several ({@code --clients}),
 * the clients agree on theirs ({@link Slice.Gate#most}).
 */
public final class Stonewall {
  private final long nanos;
  private final Phaser threads;
  private final AtomicLong most = new AtomicLong();
  private long deadline;
  private boolean started;
  /** How the clients agree on the most (null: this JVM alone), and what went wrong when they could not. */
  private volatile Exchange exchange;
  private volatile Exception failed;

  /** The most over all clients, given this JVM's. */
  @FunctionalInterface
  interface Exchange {
    long most(long mine) throws Exception;
  }

  /** A stonewall {@code nanos} after the phase's start, for {@code threads} threads of this JVM. */
  public Stonewall(long nanos, int threads) {
    if (nanos <= 0 || threads < 1) {
      throw new IllegalArgumentException("a stonewall of " + nanos + " ns for " + threads + " thread(s)");
    }
    this.nanos = nanos;
    this.threads = new Phaser(threads) {
      @Override
      protected boolean onAdvance(int phase, int parties) {
        // the last of this JVM's threads to arrive asks the other clients, the others wait for it
        Exchange x = exchange;
        if (x != null) {
          try {
            most.set(Math.max(most.get(), x.most(most.get())));
          } catch (Exception e) {
            failed = e;
          }
        }
        return true;
      }
    };
  }

  /** The stonewall's time ({@link System#nanoTime()}), fixed by the first thread to start the phase ({@code now}). */
  synchronized long deadline(long now) {
    if (!started) {
      deadline = now + nanos;
      started = true;
    }
    return deadline;
  }

  /**
   * This thread had made {@code calls} calls when the stonewall struck: waits for the other threads (and, through
   * {@code clients}, null for none, the other clients) and returns the most any of them had made, or -1 when
   * {@code stopped} became true while it waited.
   */
  long wearOut(long calls, BooleanSupplier stopped, Exchange clients) throws InterruptedException {
    exchange = clients;
    most.accumulateAndGet(calls, Math::max);
    int phase = threads.arrive();
    while (true) {
      if (stopped.getAsBoolean()) {
        return -1;
      }
      try {
        threads.awaitAdvanceInterruptibly(phase, 200, TimeUnit.MILLISECONDS);
        return most.get();
      } catch (TimeoutException e) {
        // look at the stop request again
      }
    }
  }

  /** Why the clients could not agree on the most (this JVM's went on), or null. */
  Exception failed() {
    return failed;
  }
}
