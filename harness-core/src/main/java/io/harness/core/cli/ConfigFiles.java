package io.harness.core.cli;

import io.harness.core.base.UsageException;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Hadoop configuration files checked before Hadoop reads them. Hadoop's Configuration reads its resources
 * lazily: a malformed file is logged with a stack trace at the first lookup and then fails the run from
 * wherever that lookup happened. Parsing it here first (with external entities and DTDs never fetched)
 * turns that into one line naming the argument, the file and the parser's line, column and reason. A file
 * with a DOCTYPE is refused: every XML file the harness reads goes through here first. An XInclude (a ViewFs
 * mount table, say) may name a local file, which is checked the same way (Hadoop's reader would otherwise read
 * whatever it names into the settings, or fail from a lookup); one that names a URL, which Hadoop's reader would
 * connect to, or a file that is not there without an {@code xi:fallback}, is refused.
 */
final class ConfigFiles {
  private static final SAXParserFactory FACTORY = factory();
  /** How deep includes may nest. */
  private static final int MAX_DEPTH = 8;

  private ConfigFiles() {}

  /**
   * Throws {@link UsageException} naming {@code argument} when {@code file} (as given: {@code shown}) is not
   * well-formed XML or cannot be read, or includes what cannot be checked; returns the local files Hadoop's reader
   * will read for it: the file and those it includes.
   */
  static List<Path> check(String argument, String shown, File file) {
    List<Path> read = new ArrayList<>();
    check(argument, shown, file, new ArrayList<>(), read);
    return read;
  }

  /** Checks {@code file} and what it includes; adds each local file read to {@code read}. */
  private static void check(String argument, String shown, File file, List<Path> within, List<Path> read) {
    read.add(file.toPath());
    Includes includes = new Includes();
    try {
      SAXParser parser;
      synchronized (FACTORY) {
        parser = FACTORY.newSAXParser();
      }
      parser.parse(file, includes);
    } catch (SAXParseException e) {
      if (String.valueOf(e.getMessage()).contains("DOCTYPE")) {
        throw new UsageException(argument, shown + " has a DOCTYPE declaration: DTDs and entities are refused in "
            + "configuration files (line " + e.getLineNumber() + ")");
      }
      throw new UsageException(argument, shown + " is not a well-formed Hadoop configuration: line "
          + e.getLineNumber() + ", column " + e.getColumnNumber() + ": " + oneLine(e.getMessage()));
    } catch (SAXException | ParserConfigurationException e) {
      throw new UsageException(argument, shown + " is not a well-formed Hadoop configuration: "
          + oneLine(e.getMessage()));
    } catch (IOException e) {
      throw new UsageException(argument, "cannot read " + shown + ": " + oneLine(String.valueOf(e.getMessage())));
    }
    Path self = file.toPath().toAbsolutePath().normalize();
    for (Include i : includes.found) {
      String where = shown + " includes " + i.href + " (line " + i.line + ")";
      Path target = local(argument, where, file, i.href);
      if (!Files.exists(target)) {
        // Hadoop's reader takes a resource of the class path first, else the fallback, else fails at a lookup
        if (!i.fallback && ConfigFiles.class.getClassLoader().getResource(i.href) == null) {
          throw new UsageException(argument, where + ", which does not exist (and has no xi:fallback)");
        }
        continue;
      }
      List<Path> chain = new ArrayList<>(within);
      chain.add(self);
      if (chain.contains(target.normalize()) || chain.size() > MAX_DEPTH) {
        throw new UsageException(argument, where + ": includes may not loop or nest deeper than " + MAX_DEPTH);
      }
      check(argument, where, target.toFile(), chain, read);
    }
  }

  /** The local file an include names (relative to the including file's folder), or a usage error for a URL. */
  private static Path local(String argument, String where, File including, String href) {
    URI uri;
    try {
      uri = new URI(href);
    } catch (URISyntaxException e) {
      uri = null;
    }
    if (uri != null && uri.getScheme() != null && uri.getScheme().length() > 1) {
      if (!uri.getScheme().equals("file")) {
        throw new UsageException(argument, where + ": only local files may be included (Hadoop's reader would "
            + "connect to it)");
      }
      try {
        return Path.of(uri);
      } catch (IllegalArgumentException e) {
        throw new UsageException(argument, where + ": " + oneLine(e.getMessage()));
      }
    }
    File f = new File(href);
    return (f.isAbsolute() ? f : new File(including.getAbsoluteFile().getParentFile(), href)).toPath();
  }
  private static SAXParserFactory factory() {
    // the JDK's own parser, whatever else the class path brings, so the features below are known
    SAXParserFactory f = SAXParserFactory.newDefaultInstance();
    f.setNamespaceAware(false);
    f.setValidating(false);
    f.setXIncludeAware(false);
    try {
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      // a DTD is refused outright: Hadoop's own reader would resolve an entity it declares (a local file's text
      // would become a setting, printed and saved with the run)
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setFeature("http://xml.org/sax/features/external-general-entities", false);
      f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    } catch (ParserConfigurationException | SAXException e) {
      throw new IllegalStateException("the JDK's XML parser lacks a standard feature: " + e.getMessage(), e);
    }
    return f;
  }

  /** An XInclude element: its href, its line, and whether it has an xi:fallback. */
  private static final class Include {
    final String href;
    final int line;
    boolean fallback;

    Include(String href, int line) {
      this.href = href;
      this.line = line;
    }
  }

  /** Parses and keeps nothing but the file's XInclude elements (whatever their prefix). */
  private static final class Includes extends DefaultHandler {
    final List<Include> found = new ArrayList<>();
    private Locator locator;
    private Include open;

    @Override
    public void setDocumentLocator(Locator locator) {
      this.locator = locator;
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes) {
      if (is(qName, "include")) {
        String href = attributes.getValue("href");
        open = href == null || href.isEmpty() ? null : new Include(href, locator == null ? 0 : locator.getLineNumber());
      } else if (open != null && is(qName, "fallback")) {
        open.fallback = true;
      }
    }

    @Override
    public void endElement(String uri, String localName, String qName) {
      if (is(qName, "include") && open != null) {
        found.add(open);
        open = null;
      }
    }

    private static boolean is(String qName, String name) {
      return qName.equals(name) || qName.endsWith(":" + name);
    }
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
  }
}
