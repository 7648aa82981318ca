package io.harness.containers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Free loopback ports, all held open together while they are chosen so that none is handed out twice. */
final class Ports {
  private Ports() {}

  static int[] free(int count) {
    List<ServerSocket> held = new ArrayList<>();
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        ServerSocket s = new ServerSocket();
        held.add(s);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        ports[i] = s.getLocalPort();
      }
      return ports;
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
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
}
