package io.harness.freon.embedded;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.ozone.test.GenericTestUtils;

/**
 * The ports of a MiniOzoneCluster: its builder hands them out one after another from a fixed start without
 * checking them, so two clusters on one host would collide. These start it at a random block that is free.
 */
final class OzonePorts {
  private OzonePorts() {}

  /** Points the cluster builder's port allocator at a free block big enough for {@code datanodes}. */
  static void startAtFreeBlock(int datanodes) {
    startPortsAt(findFreePortBlock(portsNeeded(datanodes)));
  }

  /** SCM 6, OM 4, each datanode 8, with room to spare. */
  private static int portsNeeded(int datanodes) {
    return 10 + 8 * datanodes + 20;
  }

  private static void startPortsAt(int port) {
    GenericTestUtils.PortAllocator.NEXT_PORT.set(port);
  }

  private static int findFreePortBlock(int count) {
    int min = GenericTestUtils.PortAllocator.MIN_PORT;
    int max = GenericTestUtils.PortAllocator.MAX_PORT - count;
    for (int tries = 0; tries < 50; tries++) {
      int first = ThreadLocalRandom.current().nextInt(min, max + 1);
      boolean free = true;
      for (int p = first; p < first + count && free; p++) {
        free = isFree(p);
      }
      if (free) {
        return first;
      }
    }
    // Nothing provably free: let the allocator's own sequence take its chances.
    return min;
  }

  private static boolean isFree(int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(false);
      s.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether {@code e} (or a cause) is a port already taken. */
  static boolean causedByBind(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof BindException
          || (t.getMessage() != null && t.getMessage().contains("Address already in use"))) {
        return true;
      }
    }
    return false;
  }
}
