package io.harness.core.engine;

/**
 * One client's part of a loop ({@link ItemLoop}, {@link PhaseLoop}) that several client JVMs run together (the
 * maps of the clients engine): client {@code index} of {@code count} takes items {@code [from, to)} of the whole
 * run, split as evenly as can be, with the loop's own threads, named {@code client-<index>/thread-<t>}.
 * {@link #WHOLE} is the whole loop in one JVM (threads {@code thread-<t>}).
 *
 * @param index the client, from 0; -1 for the whole loop
 * @param count how many clients
 * @param gate what a {@link PhaseLoop}'s client waits at before each phase after its first, until every client got
 *     there (null: nothing)
 */
public record Slice(int index, int count, Gate gate) {
  /** The whole loop, in this JVM. */
  public static final Slice WHOLE = new Slice(-1, 1, null);

  /** Where the clients of a phased loop wait for each other between phases. */
  @FunctionalInterface
  public interface Gate {
    /** Returns once every client finished the phases before {@code phase} (its index), or the gate gives up. */
    void await(int phase) throws Exception;

    /**
     * The most any client says for phase {@code phase} ({@code mine} is this client's): a stonewall's wear-out
     * agreed over all clients. A gate that cannot ask the others returns {@code mine}.
     */
    default long most(int phase, long mine) throws Exception {
      return mine;
    }
  }

  /**
   * The whole loop over {@code clients} clients, before any takes its part: a loop made with it numbers its threads
   * (and their shares of the items) over all of them, as each client's part will.
   */
  public static Slice over(Clients clients) {
    return new Slice(-1, clients.count(), null);
  }

  /** The first of the {@code items} (of the whole run) this client takes. */
  public long from(long items) {
    return index < 0 ? 0 : items * index / count;
  }

  /** One after the last of the {@code items} this client takes. */
  public long to(long items) {
    return index < 0 ? items : items * (index + 1) / count;
  }

  /** The name of this client's thread {@code t}. */
  public String thread(int t) {
    return index < 0 ? "thread-" + t : "client-" + index + "/thread-" + t;
  }
}
