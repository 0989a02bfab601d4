package org.shangmi.tomcat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.net.SSLHostConfig;

/**
 * An embedded Tomcat with one HTTPS connector on a free port of the loopback address, run by
 * {@link ShangMiImplementation}, configured through Tomcat's own classes only. Its one servlet
 * answers every GET with the suite and protocol Tomcat reports for the connection.
 */
final class TomcatServer implements AutoCloseable {

    private static final Logger TOMCAT_LOGGER = Logger.getLogger("org.apache");

    private final Tomcat tomcat;
    private final Connector connector;
    private final Failures failures;

    private TomcatServer(Tomcat tomcat, Connector connector, Failures failures) {
        this.tomcat = tomcat;
        this.connector = connector;
        this.failures = failures;
    }

    /** Starts Tomcat with the host configuration {@code configure} fills; the connector may have failed to start. */
    static TomcatServer start(Path baseDirectory, Consumer<SSLHostConfig> configure) throws Exception {
        return start(baseDirectory, ShangMiImplementation.class, configure);
    }

    /** As {@link #start(Path, Consumer)} with the implementation class given. */
    static TomcatServer start(Path baseDirectory, Class<? extends ShangMiImplementation> implementation,
            Consumer<SSLHostConfig> configure) throws Exception {
        // Tomcat's start-up and shut-down lines at INFO are not the test's; its failures are kept
        TOMCAT_LOGGER.setLevel(Level.WARNING);
        TOMCAT_LOGGER.setUseParentHandlers(false);
        Failures failures = new Failures();
        TOMCAT_LOGGER.addHandler(failures);
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDirectory.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        connector.setProperty("SSLEnabled", "true");
        connector.setScheme("https");
        connector.setSecure(true);
        if (!connector.setProperty("sslImplementationName", implementation.getName())) {
            throw new IllegalStateException("the connector took no sslImplementationName");
        }
        SSLHostConfig host = new SSLHostConfig();
        configure.accept(host);
        connector.addSslHostConfig(host);
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        StandardContext context = (StandardContext) tomcat.addContext("", null);
        context.setClearReferencesRmiTargets(false);
        context.setClearReferencesThreadLocals(false);
        Tomcat.addServlet(context, "report", new Report());
        context.addServletMappingDecoded("/", "report");
        tomcat.start();
        return new TomcatServer(tomcat, connector, failures);
    }

    /** What Tomcat logged at WARNING and above, with the causes' messages. */
    String failures() {
        return failures.text.toString();
    }

    boolean started() {
        return connector.getState() == LifecycleState.STARTED;
    }

    int port() {
        return connector.getLocalPort();
    }

    /** The connector's one host configuration. */
    SSLHostConfig host() {
        return connector.findSslHostConfigs()[0];
    }

    @Override
    public void close() throws Exception {
        try {
            tomcat.stop();
            tomcat.destroy();
        } finally {
            TOMCAT_LOGGER.removeHandler(failures);
        }
    }

    private static final class Failures extends Handler {
        final StringBuffer text = new StringBuffer();

        @Override
        public void publish(LogRecord record) {
            text.append(record.getLevel()).append(' ').append(record.getMessage()).append('\n');
            for (Throwable cause = record.getThrown(); cause != null; cause = cause.getCause()) {
                text.append("  ").append(cause).append('\n');
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    /** The page: {@code suite=S protocol=P}. */
    static final class Report extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String page = "suite=" + request.getAttribute("jakarta.servlet.request.cipher_suite") + " protocol="
                    + request.getAttribute("org.apache.tomcat.util.net.secure_protocol_version") + "\n";
            response.setContentType("text/plain");
            response.getOutputStream().write(page.getBytes(StandardCharsets.US_ASCII));
        }
    }
}
