package io.harness.core.engine;

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
}
