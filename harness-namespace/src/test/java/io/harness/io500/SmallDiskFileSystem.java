package io.harness.io500;

import java.io.IOException;
import java.nio.file.Files;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The local file system, saying it is a disk of {@value #CAPACITY} bytes of which what lies under
 * {@code small.disk.root} is used: a target whose free space a run can use up in seconds.
 */
public class SmallDiskFileSystem extends LocalFileSystem {
  static final long CAPACITY = 64L << 20;

  @Override
  public FsStatus getStatus(Path p) throws IOException {
    long used = 0;
    try (Stream<java.nio.file.Path> files = Files.walk(java.nio.file.Path.of(getConf().get("small.disk.root")))) {
      used = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
    return new FsStatus(CAPACITY, used, Math.max(0, CAPACITY - used));
  }
}
