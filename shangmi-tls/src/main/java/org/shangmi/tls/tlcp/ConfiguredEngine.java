package org.shangmi.tls.tlcp;

import java.util.Arrays;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The part of an {@link SSLEngine} that only reads and writes its settings: suites, protocols,
 * client authentication, session creation and {@link SSLParameters}, all kept in one
 * {@link EngineSettings}. {@link TlcpEngine} holds the connection.
 */
abstract class ConfiguredEngine extends SSLEngine {

    /** The settings, read by the handshakes; guarded by the engine's lock. */
    final EngineSettings settings = new EngineSettings();

    ConfiguredEngine(String peerHost, int peerPort) {
        super(peerHost, peerPort);
    }

    @Override
    public Runnable getDelegatedTask() {
        return null;
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return Arrays.stream(TlcpSuite.values()).map(Enum::name).toArray(String[]::new);
    }

    @Override
    public synchronized String[] getEnabledCipherSuites() {
        return settings.enabledSuiteNames();
    }

    @Override
    public synchronized void setEnabledCipherSuites(String[] suites) {
        settings.enableSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return new String[] {TlcpSession.PROTOCOL};
    }

    @Override
    public String[] getEnabledProtocols() {
        return new String[] {TlcpSession.PROTOCOL};
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        for (String protocol : protocols) {
            if (!TlcpSession.PROTOCOL.equals(protocol)) {
                throw new IllegalArgumentException("this engine speaks " + TlcpSession.PROTOCOL + " only, not " + protocol);
            }
        }
    }

    @Override
    public synchronized boolean getUseClientMode() {
        return settings.clientMode();
    }

    @Override
    public synchronized void setNeedClientAuth(boolean need) {
        settings.setNeedClientAuth(need);
    }

    @Override
    public synchronized boolean getNeedClientAuth() {
        return settings.needClientAuth();
    }

    @Override
    public synchronized void setWantClientAuth(boolean want) {
        settings.setWantClientAuth(want);
    }

    @Override
    public synchronized boolean getWantClientAuth() {
        return settings.wantClientAuth();
    }

    @Override
    public synchronized void setEnableSessionCreation(boolean flag) {
        settings.setSessionCreation(flag);
    }

    @Override
    public synchronized boolean getEnableSessionCreation() {
        return settings.sessionCreation();
    }

    @Override
    public synchronized SSLParameters getSSLParameters() {
        return settings.toParameters(getEnabledProtocols());
    }

    @Override
    public synchronized void setSSLParameters(SSLParameters parameters) {
        settings.apply(parameters, this::setEnabledProtocols);
    }
}
