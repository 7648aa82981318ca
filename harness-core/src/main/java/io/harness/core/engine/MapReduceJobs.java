package io.harness.core.engine;

import io.harness.core.cli.RunFailedException;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.mapreduce.Job;

/** What every MapReduce engine of the harness does with its job once it is set up. */
public final class MapReduceJobs {
  /** How often a job's completion is checked. */
  public static final long POLL_MILLIS = 100;

  private MapReduceJobs() {}

  /**
   * Submits the job, prints its id and tracking URL, waits for it and returns its wall time in
   * milliseconds (submission to completion); a failed job is a {@link RunFailedException} with the job's
   * own failure message. {@code Job.waitForCompletion} checks every 5 s by default
   * ({@code mapreduce.client.completion.pollinterval}), which would add up to 5 s to a short job; this
   * checks every {@value #POLL_MILLIS} ms.
   */
  public static double submitAndWait(Job job, PrintStream log)
      throws IOException, InterruptedException, ClassNotFoundException {
    long t0 = System.nanoTime();
    job.submit();
    log.println("MapReduce job " + job.getJobID() + ", tracking URL " + job.getTrackingURL());
    while (!job.isComplete()) {
      Thread.sleep(POLL_MILLIS);
    }
    double millis = (System.nanoTime() - t0) / 1e6;
    if (!job.isSuccessful()) {
      throw new RunFailedException("MapReduce job " + job.getJobID() + " failed: "
          + job.getStatus().getFailureInfo());
    }
    return millis;
  }
}
