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
import java.util.LinkedHashMap;
import java.util.function.Supplier;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.JMException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanException;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

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
  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
  private final MetricRegistry registry;
  private final String runId;
  private final Map<String, ObjectName> names = new ConcurrentHashMap<>();
  private final MetricRegistryListener listener = new MetricRegistryListener.Base() {
    @Override
    public void onGaugeAdded(String name, Gauge<?> gauge) {
      add(name, new Bean().with("Value", gauge::getValue));
    }

    @Override
    public void onMeterAdded(String name, Meter meter) {
      add(name, new Bean().with("Count", meter::getCount).with("MeanRate", meter::getMeanRate)
          .with("OneMinuteRate", meter::getOneMinuteRate).with("FiveMinuteRate", meter::getFiveMinuteRate)
          .with("FifteenMinuteRate", meter::getFifteenMinuteRate).with("RateUnit", () -> "events/second"));
    }

    @Override
    public void onHistogramAdded(String name, Histogram histogram) {
      Supplier<Snapshot> s = histogram::getSnapshot;
      add(name, new Bean().with("Count", histogram::getCount).with("Min", () -> s.get().getMin())
          .with("Max", () -> s.get().getMax()).with("Mean", () -> s.get().getMean())
          .with("StdDev", () -> s.get().getStdDev()).with("50thPercentile", () -> s.get().getMedian())
          .with("75thPercentile", () -> s.get().get75thPercentile())
          .with("95thPercentile", () -> s.get().get95thPercentile())
          .with("98thPercentile", () -> s.get().get98thPercentile())
          .with("99thPercentile", () -> s.get().get99thPercentile())
          .with("999thPercentile", () -> s.get().get999thPercentile()));
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

  private void add(String name, Bean bean) {
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

  /** An MBean of read-only attributes, each read when asked. */
  private static final class Bean implements DynamicMBean {
    private final Map<String, Supplier<?>> attributes = new LinkedHashMap<>();

    /** Adds the attribute {@code name}, read by {@code read} whenever asked. */
    Bean with(String name, Supplier<?> read) {
      attributes.put(name, read);
      return this;
    }

    @Override
    public Object getAttribute(String name) throws AttributeNotFoundException {
      Supplier<?> s = attributes.get(name);
      if (s == null) {
        throw new AttributeNotFoundException(name);
      }
      return s.get();
    }

    @Override
    public AttributeList getAttributes(String[] names) {
      AttributeList list = new AttributeList();
      for (String n : names) {
        if (attributes.containsKey(n)) {
          list.add(new Attribute(n, attributes.get(n).get()));
        }
      }
      return list;
    }

    @Override
    public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
      throw new AttributeNotFoundException(attribute.getName() + " is read-only");
    }

    @Override
    public AttributeList setAttributes(AttributeList list) {
      return new AttributeList();
    }

    @Override
    public Object invoke(String action, Object[] params, String[] signature) throws MBeanException {
      throw new MBeanException(new UnsupportedOperationException(action));
    }

    @Override
    public MBeanInfo getMBeanInfo() {
      MBeanAttributeInfo[] infos = attributes.entrySet().stream().map(e -> new MBeanAttributeInfo(e.getKey(),
          type(e.getValue().get()), e.getKey(), true, false, false)).toArray(MBeanAttributeInfo[]::new);
      return new MBeanInfo(Bean.class.getName(), "harness live metric", infos, null, null, null);
    }

    private static String type(Object value) {
      return value == null ? Object.class.getName() : value.getClass().getName();
    }
  }

  /** Unregisters every MBean of the run. */
  @Override
  public void close() {
    registry.removeListener(listener);
    names.keySet().forEach(this::remove);
  }
}
