package io.harness.core.engine.clients;

import io.harness.core.engine.MapReduceJobs;
import io.harness.core.engine.MapStop;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.result.ResultWriter;
import io.harness.core.engine.Clients;
import io.harness.core.engine.Settings;
import io.harness.core.workload.Workload;
import io.harness.core.workload.WorkloadType;
import java.io.IOException;
import java.util.ServiceLoader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * The clients' MapReduce job: a map-only job with one map per client ({@link ClientSplits}), each a
 * {@link ClientMapper}. The job's configuration is the run's (so YARN's settings given with {@code -D} pass through)
 * plus what a map needs to rebuild the run's workload ({@link Spec}).
 */
public final class ClientJob {
  private static final String PREFIX = "harness.clients.";
  static final String COUNT = PREFIX + "count";
  /** How many maps the local job runner runs at once (Hadoop's default: 1). */
  static final String LOCAL_MAPS = "mapreduce.local.map.tasks.maximum";
  /** What each client's tasks note: its index; and, for a late client's, that it was late. */
  public static final String CLIENT = "client";
  public static final String LATE = io.harness.core.run.Analysis.LATE;

  private ClientJob() {}

  /**
   * What a map needs: the workload's registered name and operation, its plan as JSON, the run's directory, the
   * clients and their barrier, and {@code --task-timeout}.
   */
  record Spec(String name, String operation, String plan, String root, Clients clients, long taskTimeoutNanos) {
    void store(Configuration conf) {
      conf.set(PREFIX + "workload", name);
      conf.set(PREFIX + "operation", operation);
      conf.set(PREFIX + "plan", plan);
      conf.set(PREFIX + "root", root);
      conf.setInt(COUNT, clients.count());
      conf.setLong(PREFIX + "start.at.millis", clients.startAtMillis());
      conf.setLong(PREFIX + "barrier.timeout.millis", clients.barrierTimeoutMillis());
      conf.setBoolean(PREFIX + "count.late", clients.countLate());
      conf.setLong(PREFIX + "task.timeout.nanos", taskTimeoutNanos);
    }

    static Spec load(Configuration conf) {
      Clients clients = new Clients("mapreduce", conf.getInt(COUNT, 1), conf.getLong(PREFIX + "start.at.millis", 0),
          conf.getLong(PREFIX + "barrier.timeout.millis", Clients.DEFAULT_BARRIER_TIMEOUT_MILLIS),
          conf.getBoolean(PREFIX + "count.late", false), true);
      return new Spec(conf.get(PREFIX + "workload"), conf.get(PREFIX + "operation"), conf.get(PREFIX + "plan"),
          conf.get(PREFIX + "root"), clients, conf.getLong(PREFIX + "task.timeout.nanos", 0));
    }

    /** The workload, rebuilt by its registered type from the plan, working under the run's directory. */
    Workload<?> workload() throws IOException {
      Object saved = ResultWriter.mapper().readValue(plan, Object.class);
      for (WorkloadType t : ServiceLoader.load(WorkloadType.class, ClientJob.class.getClassLoader())) {
        if (t.name().equals(name) && t.handles(operation)) {
          return t.restore(saved, root);
        }
      }
      throw new IOException("no workload type '" + name + "' (" + operation + ") on this class path");
    }
  }

  /**
   * Runs the job for {@code workload}'s run under {@code root}, printing its id and progress to {@code settings}'
   * out; returns the job's id. A failed or killed job is a {@link io.harness.core.base.RunFailedException}. A stopped
   * run's job has its clients end early ({@code stopMarker}: {@link MapStop}), each reporting what it did.
   */
  static String run(Workload<?> workload, Configuration base, Path root, Path stopMarker, Settings settings)
      throws IOException, InterruptedException, ClassNotFoundException {
    Clients clients = settings.clients();
    Job job = Job.getInstance(new Configuration(base), "harness " + workload.label() + " clients");
    Configuration conf = job.getConfiguration();
    MapStop.configure(conf, stopMarker.getFileSystem(conf), stopMarker);
    new Spec(workload.name(), workload.operation(), ResultWriter.mapper().writer()
        .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
        .writeValueAsString(workload.plan()), root.toString(), clients, settings.taskTimeoutNanos()).store(conf);
    conf.setInt(MRJobConfig.NUM_MAPS, clients.count());
    // a second attempt of a client would run its share again and count it twice: one attempt, no speculation
    conf.setInt(MRJobConfig.MAP_MAX_ATTEMPTS, 1);
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    // on the local job runner every client is a thread of this JVM: all of them at once (unless -D says how many:
    // then, as on a cluster too small for them all, the clients beyond it start when others end, late)
    if (base.get(LOCAL_MAPS) == null) {
      conf.setInt(LOCAL_MAPS, clients.count());
    }
    job.setJarByClass(workload.getClass());
    job.setInputFormatClass(ClientSplits.class);
    job.setMapperClass(ClientMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(NullOutputFormat.class);
    TaskInstrumentation.configure(job, settings.observation() == null ? null : settings.observation().taskAgent(),
        settings.out());
    MapReduceJobs.submitAndWait(job, settings.out(), settings.stop());
    return job.getJobID().toString();
  }
}
