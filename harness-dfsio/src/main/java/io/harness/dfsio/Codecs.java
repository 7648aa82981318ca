package io.harness.dfsio;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.util.ReflectionUtils;

/** dfsio's {@code -compression}: finding a codec by class or short name, and checking that it runs. */
final class Codecs {
  private Codecs() {}

  /**
   * The codec's class name for a class name, a simple class name or an alias ({@code gzip},
   * {@code GzipCodec}, {@code org.apache.hadoop.io.compress.GzipCodec}); null when there is none.
   */
  static String resolve(String name, Configuration conf) {
    CompressionCodec c = new CompressionCodecFactory(conf).getCodecByName(name);
    if (c != null) {
      return c.getClass().getName();
    }
    try {
      Class<?> cls = conf.getClassByName(name);
      return CompressionCodec.class.isAssignableFrom(cls) ? cls.getName() : null;
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  /** The simple names of the codecs this configuration knows, for error messages. */
  static List<String> known(Configuration conf) {
    List<String> names = new ArrayList<>();
    for (Class<? extends CompressionCodec> c : CompressionCodecFactory.getCodecClasses(conf)) {
      names.add(c.getSimpleName());
    }
    names.sort(null);
    return names;
  }

  static CompressionCodec create(String className, Configuration conf) {
    try {
      return ReflectionUtils.newInstance(conf.getClassByName(className).asSubclass(CompressionCodec.class),
          conf);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("compression codec " + className + " is not on the class path", e);
    }
  }

  /**
   * Compresses and decompresses a few KB in memory; returns why the codec cannot run in this JVM (a
   * missing native library, say), or null when it can.
   */
  static String probe(String className, Configuration conf) {
    try {
      CompressionCodec codec = create(className, conf);
      byte[] data = new byte[4096];
      new io.harness.core.base.SeededData(1, 0).fill(data, 0, data.length, 0);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (OutputStream out = codec.createOutputStream(bytes)) {
        out.write(data);
      }
      byte[] back;
      try (InputStream in = codec.createInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        back = in.readAllBytes();
      }
      return Arrays.equals(data, back) ? null : "a compress/decompress round trip changed the data";
    } catch (IOException | RuntimeException | LinkageError e) {
      String msg = e.getMessage();
      return e.getClass().getSimpleName() + (msg == null ? "" : ": " + msg.split("\\R", 2)[0]);
    }
  }
}
