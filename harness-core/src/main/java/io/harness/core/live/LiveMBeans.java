package io.harness.core.live;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.MetricRegistryListener;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.JMException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * One run's registry as MBeans of the platform MBean server ({@code --jmx}): {@code harness:run=<id>,name=<metric>}
 * for every metric, registered as the registry gains it (a kind of call appears with its first call) and removed
 * by {@link #close}. Meters and counters show {@code Count} (meters also {@code MeanRate} and
 * {@code OneMinuteRate}), histograms {@code Count}, {@code Mean}, {@code Max} and the 50th, 99th and 99.9th
 * percentiles, gauges {@code Value}. Written with the JDK's JMX alone, not Dropwizard's reporter: that class moved
 * between Dropwizard's major versions, and a run may load either (Spark brings its own).
 */
final class LiveMBeans extends MetricRegistryListener.Base implements AutoCloseable {
  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
  private final MetricRegistry registry;
  private final String runId;
  private final Map<String, ObjectName> registered = new ConcurrentHashMap<>();

  LiveMBeans(MetricRegistry registry, String runId) {
    this.registry = registry;
    this.runId = runId;
    registry.addListener(this);
  }

  @Override
  public void onGaugeAdded(String name, Gauge<?> gauge) {
    add(name, Map.of("Value", gauge::getValue));
  }

  @Override
  public void onCounterAdded(String name, Counter counter) {
    add(name, Map.of("Count", counter::getCount));
  }

  @Override
  public void onMeterAdded(String name, Meter meter) {
    Map<String, Supplier<Object>> a = new LinkedHashMap<>();
    a.put("Count", meter::getCount);
    a.put("MeanRate", meter::getMeanRate);
    a.put("OneMinuteRate", meter::getOneMinuteRate);
    add(name, a);
  }

  @Override
  public void onHistogramAdded(String name, Histogram histogram) {
    Map<String, Supplier<Object>> a = new LinkedHashMap<>();
    a.put("Count", histogram::getCount);
    a.put("Mean", () -> histogram.getSnapshot().getMean());
    a.put("Max", () -> histogram.getSnapshot().getMax());
    a.put("50thPercentile", () -> histogram.getSnapshot().getMedian());
    a.put("99thPercentile", () -> histogram.getSnapshot().get99thPercentile());
    a.put("999thPercentile", () -> histogram.getSnapshot().get999thPercentile());
    add(name, a);
  }

  @Override
  public void onGaugeRemoved(String name) {
    remove(name);
  }

  @Override
  public void onCounterRemoved(String name) {
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

  private void add(String name, Map<String, Supplier<Object>> attributes) {
    try {
      ObjectName on = new ObjectName("harness:run=" + value(runId) + ",name=" + value(name));
      if (!server.isRegistered(on)) {
        server.registerMBean(new Bean(name, attributes), on);
      }
      registered.put(name, on);
    } catch (JMException e) {
      // JMX is a view: a name it refuses leaves that metric out of it, never the run
    }
  }

  private void remove(String name) {
    ObjectName on = registered.remove(name);
    if (on != null) {
      try {
        server.unregisterMBean(on);
      } catch (JMException e) {
        // already gone
      }
    }
  }

  @Override
  public void close() {
    registry.removeListener(this);
    List.copyOf(registered.keySet()).forEach(this::remove);
  }

  private static String value(String s) {
    return s.matches("[A-Za-z0-9._-]+") ? s : ObjectName.quote(s);
  }

  /** One metric's read-only attributes. */
  private record Bean(String metric, Map<String, Supplier<Object>> attributes) implements DynamicMBean {
    @Override
    public Object getAttribute(String attribute) throws AttributeNotFoundException {
      Supplier<Object> s = attributes.get(attribute);
      if (s == null) {
        throw new AttributeNotFoundException(attribute);
      }
      return s.get();
    }

    @Override
    public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
      throw new AttributeNotFoundException(attribute.getName() + " is read-only");
    }

    @Override
    public AttributeList getAttributes(String[] names) {
      AttributeList list = new AttributeList();
      for (String n : names) {
        Supplier<Object> s = attributes.get(n);
        if (s != null) {
          list.add(new Attribute(n, s.get()));
        }
      }
      return list;
    }

    @Override
    public AttributeList setAttributes(AttributeList list) {
      return new AttributeList();
    }

    @Override
    public Object invoke(String action, Object[] params, String[] signature) throws javax.management.MBeanException {
      throw new javax.management.MBeanException(new UnsupportedOperationException(action));
    }

    @Override
    public MBeanInfo getMBeanInfo() {
      MBeanAttributeInfo[] infos = attributes.entrySet().stream().map(e -> {
        Object v = e.getValue().get();
        String type = v == null ? Object.class.getName() : v.getClass().getName();
        return new MBeanAttributeInfo(e.getKey(), type, metric + " " + e.getKey(), true, false, false);
      }).toArray(MBeanAttributeInfo[]::new);
      return new MBeanInfo(Bean.class.getName(), "harness metric " + metric, infos, null, null, null);
    }
  }
}
