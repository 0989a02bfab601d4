package org.shangmi.tls.tlcp;

import java.security.AlgorithmConstraints;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLParameters;
import org.shangmi.tls.TlcpParameters;

/**
 * One engine's settings, as the application gives them (the {@code SSLEngine} setters and
 * {@link TlcpParameters}), in one object the handshakes read: the side, the suites, client
 * authentication, session creation, server names, the host-name check, algorithm constraints
 * and TLCP's options. Guarded by the engine's lock.
 */
final class EngineSettings {

    private boolean modeSet;
    private boolean clientMode;
    private List<TlcpSuite> enabledSuites = TlcpSuite.defaults();
    private boolean needClientAuth;
    private boolean wantClientAuth;
    private boolean sessionCreation = true;
    private List<SNIServerName> serverNames = List.of();
    private String identification;
    private AlgorithmConstraints algorithmConstraints;
    private TlcpOptions options = TlcpOptions.DEFAULT;

    /** Whether the side has been set (a handshake cannot start before). */
    boolean modeSet() {
        return modeSet;
    }

    boolean clientMode() {
        return clientMode;
    }

    void setClientMode(boolean client) {
        clientMode = client;
        modeSet = true;
    }

    List<TlcpSuite> enabledSuites() {
        return enabledSuites;
    }

    String[] enabledSuiteNames() {
        return enabledSuites.stream().map(Enum::name).toArray(String[]::new);
    }

    /** Enables these suites, in this order of preference (Kona's names, or GmSSL's {@code TLS_} spelling). */
    void enableSuites(String[] names) {
        List<TlcpSuite> chosen = new ArrayList<>();
        for (String name : names) {
            TlcpSuite suite = TlcpSuite.ofName(Objects.requireNonNull(name, "a null suite name"));
            if (suite == null) {
                throw new IllegalArgumentException("not a TLCP cipher suite: " + name);
            }
            if (!chosen.contains(suite)) {
                chosen.add(suite);
            }
        }
        enabledSuites = List.copyOf(chosen);
    }

    boolean needClientAuth() {
        return needClientAuth;
    }

    void setNeedClientAuth(boolean need) {
        needClientAuth = need;
        wantClientAuth = false;
    }

    boolean wantClientAuth() {
        return wantClientAuth;
    }

    void setWantClientAuth(boolean want) {
        wantClientAuth = want;
        needClientAuth = false;
    }

    boolean sessionCreation() {
        return sessionCreation;
    }

    void setSessionCreation(boolean flag) {
        sessionCreation = flag;
    }

    TlcpOptions options() {
        return options;
    }

    /** The endpoint identification algorithm ("HTTPS", "LDAPS") or null. */
    String identification() {
        return identification;
    }

    /** The settings as parameters, with {@code protocols} enabled. */
    TlcpParameters toParameters(String[] protocols) {
        TlcpParameters parameters = new TlcpParameters();
        parameters.setCipherSuites(enabledSuiteNames());
        parameters.setProtocols(protocols);
        options.into(parameters);
        if (needClientAuth) {
            parameters.setNeedClientAuth(true);
        } else if (wantClientAuth) {
            parameters.setWantClientAuth(true);
        }
        parameters.setServerNames(serverNames);
        parameters.setEndpointIdentificationAlgorithm(identification);
        parameters.setAlgorithmConstraints(algorithmConstraints);
        return parameters;
    }

    /** Takes what {@code parameters} set; the protocols, after the suites, go to {@code checkProtocols}. */
    void apply(SSLParameters parameters, java.util.function.Consumer<String[]> checkProtocols) {
        if (parameters.getCipherSuites() != null) {
            enableSuites(parameters.getCipherSuites());
        }
        if (parameters.getProtocols() != null) {
            checkProtocols.accept(parameters.getProtocols());
        }
        if (parameters.getNeedClientAuth()) {
            setNeedClientAuth(true);
        } else {
            setWantClientAuth(parameters.getWantClientAuth());
        }
        if (parameters.getServerNames() != null) {
            serverNames = List.copyOf(parameters.getServerNames());
        }
        identification = parameters.getEndpointIdentificationAlgorithm();
        algorithmConstraints = parameters.getAlgorithmConstraints();
        if (parameters instanceof TlcpParameters tlcp) {
            options = TlcpOptions.of(tlcp);
        }
    }

    /** The server names a client asks for: those set, else the peer's host when it is a host name. */
    List<SNIServerName> clientServerNames(String peerHost) {
        if (!serverNames.isEmpty()) {
            return serverNames;
        }
        return isHostName(peerHost) ? List.of(new SNIHostName(peerHost)) : List.of();
    }

    /** The host name the client's server_name extension carries, or null when there is none to send. */
    String serverNameToSend(String peerHost) {
        String host = null;
        for (SNIServerName name : serverNames) {
            if (name instanceof SNIHostName hostName) {
                host = hostName.getAsciiName();
            }
        }
        if (host == null && serverNames.isEmpty() && isHostName(peerHost)) {
            host = peerHost;
        }
        return host;
    }

    private static boolean isHostName(String host) {
        if (host == null || host.isEmpty() || host.indexOf(':') >= 0 || host.endsWith(".")) {
            return false;
        }
        if (host.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
            return false; // an IPv4 literal
        }
        try {
            new SNIHostName(host);
            return true;
        } catch (IllegalArgumentException notAHostName) {
            return false;
        }
    }
}
