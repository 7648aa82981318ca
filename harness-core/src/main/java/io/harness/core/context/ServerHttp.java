package io.harness.core.context;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * What a Hadoop or Ozone server tells anyone over its HTTP port, read with short time limits: a JMX bean
 * ({@code /jmx}) and one of its settings ({@code /conf}). A refusal (a secured server asks for SPNEGO) is an
 * {@link IOException} naming the answer.
 */
public final class ServerHttp {
  /** How long connecting may take. */
  public static final int TIMEOUT_MILLIS = 2000;
  /**
   * How long reading the answer may take: a busy server's {@code /jmx} can take seconds (an SCM in a container on a
   * loaded 2-core machine was seen to take more than 2).
   */
  public static final int READ_TIMEOUT_MILLIS = 8000;

  private static final ObjectMapper JSON = new ObjectMapper();

  private ServerHttp() {}

  /** The first bean of {@code http://hostPort/jmx?qry=query}; an answer without one is an IOException. */
  public static JsonNode bean(String scheme, String hostPort, String query) throws IOException {
    JsonNode beans = get(scheme + "://" + hostPort + "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8))
        .path("beans");
    if (!beans.isArray() || beans.isEmpty()) {
      throw new IOException("no JMX bean " + query + " at " + hostPort);
    }
    return beans.get(0);
  }

  /** The server's own value of the setting {@code key} ({@code /conf?name=key}). */
  public static String setting(String scheme, String hostPort, String key) throws IOException {
    JsonNode property = get(scheme + "://" + hostPort + "/conf?name=" + URLEncoder.encode(key, StandardCharsets.UTF_8))
        .path("property");
    JsonNode value = (property.isArray() ? property.path(0) : property).path("value");
    if (value.isMissingNode() || value.isNull()) {
      throw new IOException("no setting " + key + " at " + hostPort);
    }
    return value.asText();
  }

  /** The start of an error's answer, on one line after a colon, or nothing. */
  private static String firstLine(HttpURLConnection c) {
    try (InputStream in = c.getErrorStream()) {
      if (in == null) {
        return "";
      }
      String text = new String(in.readNBytes(300), StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
      return text.isEmpty() ? "" : ": " + text;
    } catch (IOException e) {
      return "";
    }
  }

  private static JsonNode get(String url) throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
    c.setConnectTimeout(TIMEOUT_MILLIS);
    c.setReadTimeout(READ_TIMEOUT_MILLIS);
    c.setRequestProperty("Accept", "application/json");
    try {
      int code = c.getResponseCode();
      if (code != HttpURLConnection.HTTP_OK) {
        throw new IOException("HTTP " + code + " from " + url.substring(0, url.indexOf('?')) + firstLine(c));
      }
      try (InputStream in = c.getInputStream()) {
        return JSON.readTree(in);
      }
    } finally {
      c.disconnect();
    }
  }
}
