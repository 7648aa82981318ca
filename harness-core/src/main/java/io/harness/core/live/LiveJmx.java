package io.harness.core.live;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.MetricRegistryListener;
import com.codahale.metrics.Snapshot;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/**
 * A run's registry as MBeans of the platform MBean server ({@code --jmx}): {@code harness:run=<run id>,name=<metric>},
 * with the attributes Dropwizard's JMX reporter gives ({@code Count}, {@code OneMinuteRate} ... of a meter,
 * {@code 99thPercentile}, {@code Max} ... of a histogram, {@code Value} of a gauge).
 *
 * <p>Written here rather than taken from Dropwizard: its reporter is {@code com.codahale.metrics.JmxReporter} in
 * metrics-core 3 (what Hadoop and Ozone put on the class path) and {@code com.codahale.metrics.jmx.JmxReporter} in
 * metrics-jmx 4 (what Spark puts there); this class uses only what both versions have, so the live view runs on
 * either class path.
 */
final class LiveJmx implements AutoCloseable {
  /** A meter's attributes. */
  public interface MeterBean {
    long getCount();

    double getMeanRate();

    double getOneMinuteRate();

    double getFiveMinuteRate();

    double getFifteenMinuteRate();

    String getRateUnit();
  }

  /** A histogram's attributes (nanoseconds, for latency). */
  public interface HistogramBean {
    long getCount();

    long getMin();

    long getMax();

    double getMean();

    double getStdDev();

    double get50thPercentile();

    double get75thPercentile();

    double get95thPercentile();

    double get98thPercentile();

    double get99thPercentile();

    double get999thPercentile();
  }

  /** A gauge's attribute. */
  public interface GaugeBean {
    Object getValue();
  }

  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
  private final MetricRegistry registry;
  private final String runId;
  private final Map<String, ObjectName> names = new ConcurrentHashMap<>();
  private final MetricRegistryListener listener = new MetricRegistryListener.Base() {
    @Override
    public void onGaugeAdded(String name, Gauge<?> gauge) {
      add(name, new StandardMBean(gauge::getValue, GaugeBean.class, false));
    }

    @Override
    public void onMeterAdded(String name, Meter meter) {
      add(name, new StandardMBean(meterBean(meter), MeterBean.class, false));
    }

    @Override
    public void onHistogramAdded(String name, Histogram histogram) {
      add(name, new StandardMBean(histogramBean(histogram), HistogramBean.class, false));
    }

    @Override
    public void onGaugeRemoved(String name) {
      remove(name);
    }

    @Override
    public void onMeterRemoved(String name) {
      remove(name);
    }

    @Override
    public void onHistogramRemoved(String name) {
      remove(name);
    }
  };

  /** Registers {@code registry}'s metrics, and those it gets later, under the run {@code runId}. */
  LiveJmx(MetricRegistry registry, String runId) {
    this.registry = registry;
    this.runId = runId;
    registry.addListener(listener);
  }

  private void add(String name, StandardMBean bean) {
    try {
      ObjectName objectName = new ObjectName("harness:run=" + value(runId) + ",name=" + value(name));
      if (server.isRegistered(objectName)) {
        server.unregisterMBean(objectName); // a run of the same id before, in this JVM: the newest wins
      }
      server.registerMBean(bean, objectName);
      names.put(name, objectName);
    } catch (JMException e) {
      throw new IllegalStateException("--jmx: cannot register " + name + ": " + e.getMessage(), e);
    }
  }

  private void remove(String name) {
    ObjectName objectName = names.remove(name);
    if (objectName != null) {
      try {
        server.unregisterMBean(objectName);
      } catch (JMException e) {
        // gone already
      }
    }
  }

  private static String value(String s) {
    return s.matches("[A-Za-z0-9._-]+") ? s : ObjectName.quote(s);
  }

  private static MeterBean meterBean(Meter m) {
    return new MeterBean() {
      public long getCount() {
        return m.getCount();
      }

      public double getMeanRate() {
        return m.getMeanRate();
      }

      public double getOneMinuteRate() {
        return m.getOneMinuteRate();
      }

      public double getFiveMinuteRate() {
        return m.getFiveMinuteRate();
      }

      public double getFifteenMinuteRate() {
        return m.getFifteenMinuteRate();
      }

      public String getRateUnit() {
        return "events/" + TimeUnit.SECONDS.name().toLowerCase(java.util.Locale.ROOT);
      }
    };
  }

  private static HistogramBean histogramBean(Histogram h) {
    return new HistogramBean() {
      public long getCount() {
        return h.getCount();
      }

      private Snapshot s() {
        return h.getSnapshot();
      }

      public long getMin() {
        return s().getMin();
      }

      public long getMax() {
        return s().getMax();
      }

      public double getMean() {
        return s().getMean();
      }

      public double getStdDev() {
        return s().getStdDev();
      }

      public double get50thPercentile() {
        return s().getMedian();
      }

      public double get75thPercentile() {
        return s().get75thPercentile();
      }

      public double get95thPercentile() {
        return s().get95thPercentile();
      }

      public double get98thPercentile() {
        return s().get98thPercentile();
      }

      public double get99thPercentile() {
        return s().get99thPercentile();
      }

      public double get999thPercentile() {
        return s().get999thPercentile();
      }
    };
  }

  /** Unregisters every MBean of the run. */
  @Override
  public void close() {
    registry.removeListener(listener);
    names.keySet().forEach(this::remove);
  }
}
