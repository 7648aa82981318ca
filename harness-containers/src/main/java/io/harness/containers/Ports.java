package io.harness.containers;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports for the services, all held open together while they are chosen so that none is handed out twice.
 * They come from below the kernel's ephemeral range (32768 and up on Linux): a port the system picked (bind to
 * 0) is one the kernel may give to any outgoing connection before the service binds it, which a datanode
 * started seconds later then finds taken.
 */
final class Ports {
  static final int FIRST = 15000;
  static final int LAST = 32000;

  /** Every port handed out by this JVM: services chosen one call apart must not share one either. */
  private static final java.util.Set<Integer> GIVEN = new java.util.HashSet<>();

  private Ports() {}

  static synchronized int[] free(int count) {
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
          s = GIVEN.contains(port) ? null : bind(port);
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
