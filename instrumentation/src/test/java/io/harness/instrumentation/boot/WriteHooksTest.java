package io.harness.instrumentation.boot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.net.URI;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The write hooks injected into Hadoop's own {@code FSDataOutputStream$PositionCache} (hadoop-common's bytes,
 * transformed and defined in a class loader of its own, so the JVM verifies them): every write(int) and
 * write(byte[],int,int) counts once, an exception counts as failed and still propagates, a stream writing
 * through an inner PositionCache (as a checksummed stream does) counts its caller's calls only, and what is
 * written arrives unchanged.
 */
class WriteHooksTest {
  @BeforeAll
  static void writeSet() {
    Registry.activate(Ops.SET_WRITE);
  }

  /** Defines the transformed PositionCache; everything else comes from the test's class path. */
  private static final class Transformed extends ClassLoader {
    Transformed() throws IOException {
      super(WriteHooksTest.class.getClassLoader());
      String resource = HookPoints.POSITION_CACHE + ".class";
      byte[] original;
      try (InputStream in = FileSystem.class.getClassLoader().getResourceAsStream(resource)) {
        assertNotNull(in, resource);
        original = in.readAllBytes();
      }
      byte[] injected = Hooks.inject(original, Hooks.OUTPUT, 0);
      assertNotNull(injected, "both write methods found");
      cache = defineClass(HookPoints.POSITION_CACHE.replace('/', '.'), injected, 0, injected.length);
    }

    final Class<?> cache;

    OutputStream stream(OutputStream out) throws ReflectiveOperationException {
      Constructor<?> c = cache.getDeclaredConstructor(OutputStream.class, FileSystem.Statistics.class, long.class);
      c.setAccessible(true);
      return (OutputStream) c.newInstance(out, null, 0L);
    }
  }

  @Test
  void everyWriteCountsOnceNestedWritesCountForTheirCallerFailuresAreCounted() throws Exception {
    Transformed loader = new Transformed();
    Object fs = new Object();
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    boolean[] fail = new boolean[1];
    OutputStream failing = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        if (fail[0]) {
          throw new IOException("disk full (on purpose)");
        }
        sink.write(b);
      }
    };
    // the inner stream writes to the sink; the outer writes through it one byte at a time (write(int) of the
    // inner stream per byte, as FilterOutputStream does), like a checksummed stream's many inner calls
    Registry.fsEnter(fs, URI.create("test://hooks/"));
    OutputStream inner = loader.stream(failing);
    Registry.bindStream(inner);
    OutputStream outer = loader.stream(new java.io.FilterOutputStream(inner) {
    });
    Registry.bindStream(outer);
    Registry.fsExit(fs);

    outer.write('a');                               // 1: write(int)
    outer.write(new byte[] {'b', 'c', 'd'});        // 2: write(byte[]) -> write(byte[],int,int), once
    outer.write(new byte[] {'x', 'e', 'f'}, 1, 2);  // 3
    fail[0] = true;
    assertThrows(IOException.class, () -> outer.write('g'));                   // 4, failed
    assertThrows(IOException.class, () -> outer.write(new byte[] {'h'}, 0, 1)); // 5, failed
    fail[0] = false;
    inner.write('z');                               // 6: a call on the inner stream itself counts too

    assertArrayEquals("abcdefz".getBytes(), sink.toByteArray());
    Map<?, ?> c = (Map<?, ?>) Registry.snapshotOf(fs).get("counters");
    assertEquals(6L, c.get("write.call"), c.toString());
    assertEquals(2L, c.get("write.failed"), c.toString());
    // the thread is outside any write again: the next one is timed as an outermost call
    outer.write('q');
    c = (Map<?, ?>) Registry.snapshotOf(fs).get("counters");
    assertEquals(7L, c.get("write.call"), c.toString());
  }

  @Test
  void classesWithoutTheWriteMethodsAreLeftAlone() throws Exception {
    byte[] bytes;
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("java/lang/Object.class")) {
      bytes = in.readAllBytes();
    }
    assertEquals(null, Hooks.inject(bytes, Hooks.FS | Hooks.OUTPUT | Hooks.OZONE, 0));
  }
}
