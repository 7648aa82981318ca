package io.harness.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortsTest {
  @Test
  void portsStayClearOfTheEmbeddedOzoneRangeAndAreNeverGivenTwice() throws Exception {
    Set<Integer> seen = new HashSet<>();
    for (int round = 0; round < 20; round++) {
      for (int port : Ports.free(8)) {
        assertTrue(port >= 10000 && port < 15000, "port " + port + " outside 10000-14999");
        assertFalse(Set.of(10020, 10033, 13562).contains(port), "MapReduce default port " + port);
        assertTrue(seen.add(port), "port " + port + " handed out twice");
      }
    }
    assertEquals(160, seen.size());
    String shared = Files.readString(Path.of(System.getProperty("java.io.tmpdir"), "harness-container-ports"));
    for (int port : seen) {
      assertTrue(shared.contains(" " + port + "\n"), "port " + port + " not in the list other JVMs read");
    }
  }
}
