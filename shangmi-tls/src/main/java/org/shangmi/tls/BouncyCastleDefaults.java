package org.shangmi.tls;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.bouncycastle.jsse.provider.BouncyCastleJsseProvider;

/**
 * Two of Bouncy Castle's JSSE defaults that ShangMiTLS does not keep, set once when the provider
 * class is first used, each only where the user has not chosen:
 * <ul>
 * <li><b>No status_request from clients.</b> Bouncy Castle's clients ask for OCSP stapling unless
 * {@code jdk.tls.client.enableStatusRequestExtension} is false; the JDK's do not, and GmSSL's
 * servers abort the handshake on the extension. Bouncy Castle reads the property once, when its
 * client class is initialized: with the property unset, it is set to false for that moment.
 * Setting the property (to true) before the provider is used turns the extension on. The
 * default holds for every use of Bouncy Castle's JSSE in the JVM, as the property would.</li>
 * <li><b>Silent logs.</b> Bouncy Castle's JSSE logs through java.util.logging, at INFO and
 * WARNING for every context (its reading of the JDK's security properties), which the JDK's
 * default configuration prints to standard error. A library writes nothing on its own: unless
 * the logging configuration or the application names a level for one of its loggers
 * ({@code org.bouncycastle}, {@code org.bouncycastle.jsse}, {@code org.bouncycastle.jsse.provider}),
 * the {@code org.bouncycastle.jsse} logger is turned off. A level the application sets later on
 * {@code org.bouncycastle.jsse} or below applies as usual; one set later on
 * {@code org.bouncycastle} alone does not reach past the level set here. Turned off, the logger also
 * keeps quiet about entries of {@code jdk.tls.disabledAlgorithms} that Bouncy Castle cannot parse
 * and does not apply.</li>
 * </ul>
 */
final class BouncyCastleDefaults {

    static final String STATUS_REQUEST = "jdk.tls.client.enableStatusRequestExtension";
    private static final String CLIENT_CLASS = "org.bouncycastle.jsse.provider.ProvTlsClient";
    private static final List<String> LOGGERS = List.of("org.bouncycastle", "org.bouncycastle.jsse", "org.bouncycastle.jsse.provider");

    /** Held here: java.util.logging keeps its loggers weakly, and with the logger would go its level. */
    private static final Logger JSSE_LOG = Logger.getLogger("org.bouncycastle.jsse");

    private static boolean applied;

    private BouncyCastleDefaults() {
    }

    static synchronized void apply() {
        if (applied) {
            return;
        }
        applied = true;
        quietLogs();
        noStatusRequest();
    }

    private static void quietLogs() {
        LogManager manager = LogManager.getLogManager();
        for (String name : LOGGERS) {
            if (manager.getProperty(name + ".level") != null || Logger.getLogger(name).getLevel() != null) {
                return; // configured by the user
            }
        }
        JSSE_LOG.setLevel(Level.OFF);
    }

    private static void noStatusRequest() {
        if (System.getProperty(STATUS_REQUEST) != null) {
            return;
        }
        System.setProperty(STATUS_REQUEST, "false");
        try {
            Class.forName(CLIENT_CLASS, true, BouncyCastleJsseProvider.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError renamed) {
            // another Bouncy Castle version: its default stays (the tests name the one this is made for)
        } finally {
            if ("false".equals(System.getProperty(STATUS_REQUEST))) {
                System.clearProperty(STATUS_REQUEST);
            }
        }
    }
}
