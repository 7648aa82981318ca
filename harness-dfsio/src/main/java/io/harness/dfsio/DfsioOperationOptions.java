package io.harness.dfsio;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.options.UnitConverters;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** dfsio's operation flags as TestDFSIO spells them, and the skip read's {@code -skipSize}: one of {@link Dfsio}. */
final class DfsioOperationOptions {
  @Option(names = "-write", description = "Write nrFiles files of fileSize bytes each.")
  boolean write;

  @Option(names = "-read", description = "Read fileSize bytes of each file a -write made (same -nrFiles); "
      + "sequentially, or with -random, -backward or -skip.")
  boolean read;

  @Option(names = "-random", description = "With -read: read buffers at random positions (seeded by "
      + "--seed, so runs repeat) until fileSize bytes are read. Results go to io_random_read.")
  boolean random;

  @Option(names = "-backward", description = "With -read: read buffers from the end of the file towards "
      + "its start until fileSize bytes are read.")
  boolean backward;

  @Option(names = "-skip", description = "With -read: read a buffer, skip -skipSize bytes, repeat until "
      + "fileSize bytes are read or the file ends.")
  boolean skip;

  @Option(names = "-skipSize", paramLabel = "SIZE", converter = UnitConverters.Megabytes.class,
      description = "With -read -skip: bytes skipped after each buffer; a bare number is MB (TestDFSIO's "
          + "rule); 0 means the buffer size (default: the buffer size).")
  Units.Size skipSize;

  @Option(names = "-append", description = "Append fileSize bytes to each existing file (its seeded data "
      + "continues, so -read --verify of the new length checks the whole file).")
  boolean append;

  @Option(names = "-truncate", description = "Truncate each existing file to fileSize (-size) bytes; "
      + "waits until the file system shows the new length.")
  boolean truncate;

  @Option(names = "-clean", description = "Delete the run root (only if it holds nothing but what dfsio "
      + "makes: io_control, io_data, io_write, io_read, io_append, io_random_read, io_truncate).")
  boolean clean;

  /** The one operation the flags name; {@link UsageException} when they name none, several, or a mode without -read. */
  DfsioOperation select() {
    Map<String, Boolean> flags = new LinkedHashMap<>();
    flags.put("-write", write);
    flags.put("-read", read);
    flags.put("-append", append);
    flags.put("-truncate", truncate);
    flags.put("-clean", clean);
    flags.put("-random", random);
    flags.put("-backward", backward);
    flags.put("-skip", skip);
    return DfsioOperation.select(flags);
  }

  /** The bytes {@code op} skips after each buffer (0 unless {@code -read -skip}). */
  long skipBytes(DfsioOperation op, Units.Size bufferSize) {
    if (op != DfsioOperation.READ_SKIP) {
      if (skipSize != null) {
        throw new UsageException("-skipSize", "only applies to -read -skip");
      }
      return 0;
    }
    // TestDFSIO: a skip read without (or with a zero) -skipSize skips one buffer each time
    long given = skipSize == null ? 0 : DfsioOptionChecks.positive("-skipSize", skipSize, true);
    return given == 0 ? bufferSize.bytes() : given;
  }
}
