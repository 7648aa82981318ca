package io.harness.core.cli;

import io.harness.core.base.UsageException;

import java.io.File;
import java.io.IOException;
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
 * with a DOCTYPE is refused, and so is one with an XInclude element (Hadoop's reader would follow its href: a
 * URL it connects to, or a local file read into the settings): every XML file the harness reads goes through
 * here first.
 */
final class ConfigFiles {
  private static final SAXParserFactory FACTORY = factory();

  private ConfigFiles() {}

  /**
   * Throws {@link UsageException} naming {@code argument} when {@code file} (as given: {@code shown}) is not
   * well-formed XML or cannot be read.
   */
  static void check(String argument, String shown, File file) {
    try {
      SAXParser parser;
      synchronized (FACTORY) {
        parser = FACTORY.newSAXParser();
      }
      parser.parse(file, new NoIncludes());
    } catch (SAXParseException e) {
      if (e instanceof Included) {
        throw new UsageException(argument, shown + " has an XInclude element (line " + e.getLineNumber() + "): "
            + "configuration files that include other resources are refused");
      }
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

  /** Parses and keeps nothing; an {@code include} element (XInclude's, whatever its prefix) ends the parse. */
  private static final class NoIncludes extends DefaultHandler {
    private Locator locator;

    @Override
    public void setDocumentLocator(Locator locator) {
      this.locator = locator;
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes)
        throws SAXException {
      if (qName.equals("include") || qName.endsWith(":include")) {
        throw new Included(locator);
      }
    }
  }

  /** What {@link NoIncludes} throws: where the include is. */
  private static final class Included extends SAXParseException {
    private static final long serialVersionUID = 1L;

    Included(Locator locator) {
      super("XInclude", locator);
    }
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
  }
}
