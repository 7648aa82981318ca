package io.harness.core.records;

/** This machine's host name, looked up once: every task record of the local engine names it. */
public final class LocalHost {
  private static volatile String name;

  private LocalHost() {}

  /** The host name ({@code unknown} when the machine cannot say). */
  public static String name() {
    String n = name;
    if (n == null) {
      try {
        n = java.net.InetAddress.getLocalHost().getHostName();
      } catch (java.io.IOException e) {
        n = "unknown";
      }
      name = n;
    }
    return n;
  }

  /**
   * The YARN NodeManager this JVM runs under ({@code host:port}, from the container's environment), which tells
   * apart tasks on one host with several NodeManagers; null outside YARN (the local job runner, a plain JVM).
   */
  public static String yarnNode() {
    String host = System.getenv("NM_HOST");
    String port = System.getenv("NM_PORT");
    return host == null ? null : port == null ? host : host + ":" + port;
  }
}
