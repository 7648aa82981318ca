package io.harness.dfsio;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * dfsio's {@code --replication} for Ozone: {@code RATIS/ONE}, {@code RATIS/THREE} (or 1, 3), or
 * {@code EC/<codec>-<data>-<parity>-<chunk>} such as {@code EC/rs-3-2-1024k}. It becomes the Ozone
 * client's {@code ozone.replication.type} and {@code ozone.replication}, which the file system client
 * uses for every key it creates (an EC bucket's own default still wins over it, as Ozone decides).
 */
record OzoneReplication(String type, String replication) {
  static final String TYPE_KEY = "ozone.replication.type";
  static final String REPLICATION_KEY = "ozone.replication";
  static final String FORMS = "RATIS/ONE, RATIS/THREE or EC/<rs|xor>-<data>-<parity>-<chunk size> "
      + "(e.g. EC/rs-3-2-1024k, EC/rs-6-3-1024k)";

  private static final Pattern EC = Pattern.compile("(rs|xor)-(\\d+)-(\\d+)-(\\d+)([km])",
      Pattern.CASE_INSENSITIVE);

  /** Parses the option; the message of the exception says what was wrong and lists the forms. */
  static OzoneReplication parse(String text) {
    String t = text.trim();
    int slash = t.indexOf('/');
    if (slash < 0) {
      throw new IllegalArgumentException("'" + text + "' has no TYPE/ (use " + FORMS + ")");
    }
    String type = t.substring(0, slash).toUpperCase(Locale.ROOT);
    String value = t.substring(slash + 1);
    switch (type) {
      case "RATIS":
        switch (value.toUpperCase(Locale.ROOT)) {
          case "ONE", "1":
            return new OzoneReplication("RATIS", "ONE");
          case "THREE", "3":
            return new OzoneReplication("RATIS", "THREE");
          default:
            throw new IllegalArgumentException("RATIS replication is ONE or THREE, was '" + value + "'");
        }
      case "EC":
        Matcher m = EC.matcher(value);
        if (!m.matches()) {
          throw new IllegalArgumentException("'" + value + "' is not an EC scheme <rs|xor>-<data>-<parity>-"
              + "<chunk size>, e.g. rs-3-2-1024k");
        }
        if (Integer.parseInt(m.group(2)) < 1 || Integer.parseInt(m.group(3)) < 1) {
          throw new IllegalArgumentException("'" + value + "' needs at least one data and one parity unit");
        }
        return new OzoneReplication("EC", value.toLowerCase(Locale.ROOT));
      default:
        throw new IllegalArgumentException("unknown replication type '" + t.substring(0, slash) + "' (use "
            + FORMS + ")");
    }
  }

  @Override
  public String toString() {
    return type + "/" + replication;
  }
}
