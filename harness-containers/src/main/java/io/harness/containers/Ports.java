package io.harness.containers;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports for the services, all held open together while they are chosen so that none is handed out twice.
 * They come from below the kernel's ephemeral range (32768 and up on Linux): a port the system picked (bind to
 * 0) is one the kernel may give to any outgoing connection before the service binds it, which a datanode
 * started seconds later then finds taken. They also stay below 15000, where an embedded MiniOzoneCluster's
 * allocator hands out its ports (15000-32000) without telling anyone, and skip the MapReduce defaults in the
 * range (history server 10020 and 10033, shuffle 13562).
 */
final class Ports {
  static final int FIRST = 10000;
  static final int LAST = 14999;
  private static final Set<Integer> WELL_KNOWN = Set.of(10020, 10033, 13562);

  /** Every port handed out by this JVM: services chosen one call apart must not share one either. */
  private static final java.util.Set<Integer> GIVEN = new java.util.HashSet<>();

  private Ports() {}

  /**
   * The ports the JVMs of this machine handed out in the last {@value #SHARED_MILLIS} ms ({@code <epoch ms> <port>}
   * lines, read and rewritten under a file lock): two JVMs starting clusters at once (CI runs two test modules side by
   * side) must not hand out the same port either, which a probe cannot tell while the other's service has not bound
   * it yet.
   */
  private static final Path SHARED = Path.of(System.getProperty("java.io.tmpdir"), "harness-container-ports");
  private static final long SHARED_MILLIS = 30 * 60 * 1000L;

  static synchronized int[] free(int count) {
    try (FileChannel ch = FileChannel.open(SHARED, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE); FileLock lock = ch.lock()) {
      long now = System.currentTimeMillis();
      StringBuilder kept = new StringBuilder();
      Set<Integer> taken = new HashSet<>();
      ByteBuffer all = ByteBuffer.allocate((int) ch.size());
      while (all.hasRemaining() && ch.read(all, all.position()) > 0) {
        // read on until the buffer is full
      }
      for (String line : new String(all.array(), StandardCharsets.US_ASCII).split("\n")) {
        String[] f = line.trim().split(" ");
        if (f.length == 2 && f[0].matches("\\d+") && f[1].matches("\\d+")
            && now - Long.parseLong(f[0]) < SHARED_MILLIS) {
          taken.add(Integer.parseInt(f[1]));
          kept.append(line.trim()).append('\n');
        }
      }
      int[] ports = choose(count, taken);
      for (int port : ports) {
        kept.append(now).append(' ').append(port).append('\n');
      }
      ch.truncate(0);
      ch.write(ByteBuffer.wrap(kept.toString().getBytes(StandardCharsets.US_ASCII)), 0);
      return ports;
    } catch (IOException e) {
      // no shared list to be had (a read-only temporary directory): this JVM's own list only
      return choose(count, Set.of());
    }
  }

  private static int[] choose(int count, Set<Integer> taken) {
    List<ServerSocket> held = new ArrayList<>();
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        ServerSocket s = null;
        for (int tries = 0; s == null; tries++) {
          if (tries == 1000) {
            throw new IllegalStateException("no free port between " + FIRST + " and " + LAST);
          }
          int port = ThreadLocalRandom.current().nextInt(FIRST, LAST + 1);
          s = GIVEN.contains(port) || taken.contains(port) || WELL_KNOWN.contains(port) ? null : bind(port);
        }
        held.add(s);
        ports[i] = s.getLocalPort();
        GIVEN.add(ports[i]);
      }
      return ports;
    } finally {
      for (ServerSocket s : held) {
        try {
          s.close();
        } catch (IOException ignored) {
          // closing a probe socket: nothing to do
        }
      }
    }
  }

  /** A socket bound to {@code port} on every address (the services bind there or on loopback), or null. */
  private static ServerSocket bind(int port) {
    ServerSocket s = null;
    try {
      s = new ServerSocket();
      s.setReuseAddress(false);
      s.bind(new InetSocketAddress(port));
      return s;
    } catch (IOException e) {
      if (s != null) {
        try {
          s.close();
        } catch (IOException ignored) {
          // the probe failed anyway
        }
      }
      return null;
    }
  }
}
