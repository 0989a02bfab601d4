package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import org.shangmi.tls.HandshakeTimeout;

/**
 * An {@link SSLServerSocket} whose accepted connections are {@link EngineSocket}s over server
 * engines of one context. Settings made here are those of a template engine, copied to each
 * accepted connection's engine through {@link SSLParameters}. Each accepted connection gets the
 * handshake deadline set here ({@link HandshakeTimeout}), by default {@link HandshakeTimeout#serverDefault()}.
 */
final class EngineServerSocket extends SSLServerSocket implements HandshakeTimeout {

    private final BiFunction<String, Integer, SSLEngine> engines;
    private final SSLEngine template;
    private volatile Duration handshakeTimeout = HandshakeTimeout.serverDefault();

    /** {@code engines} makes an engine for a peer's host address and port (null and -1 for the template). */
    EngineServerSocket(BiFunction<String, Integer, SSLEngine> engines) throws IOException {
        this.engines = engines;
        this.template = engines.apply(null, -1);
        template.setUseClientMode(false);
    }

    @Override
    public Socket accept() throws IOException {
        Socket plain = new Socket();
        implAccept(plain);
        try {
            // the session's peer host and port: the address accepted from, as the JDK's server sockets give
            SSLEngine engine = engines.apply(plain.getInetAddress().getHostAddress(), plain.getPort());
            synchronized (this) {
                engine.setUseClientMode(template.getUseClientMode());
                engine.setSSLParameters(template.getSSLParameters());
                engine.setEnableSessionCreation(template.getEnableSessionCreation());
            }
            return engine instanceof org.bouncycastle.jsse.BCSSLEngine
                    ? new BcEngineSocket(plain, engine, true, handshakeTimeout)
                    : new EngineSocket(plain, engine, true, handshakeTimeout);
        } catch (RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    @Override
    public void setHandshakeTimeout(Duration timeout) {
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("a negative handshake timeout: " + timeout);
        }
        handshakeTimeout = timeout;
    }

    @Override
    public Duration getHandshakeTimeout() {
        return handshakeTimeout;
    }

    @Override
    public synchronized String[] getEnabledCipherSuites() {
        return template.getEnabledCipherSuites();
    }

    @Override
    public synchronized void setEnabledCipherSuites(String[] suites) {
        template.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return template.getSupportedCipherSuites();
    }

    @Override
    public String[] getSupportedProtocols() {
        return template.getSupportedProtocols();
    }

    @Override
    public synchronized String[] getEnabledProtocols() {
        return template.getEnabledProtocols();
    }

    @Override
    public synchronized void setEnabledProtocols(String[] protocols) {
        template.setEnabledProtocols(protocols);
    }

    @Override
    public synchronized void setNeedClientAuth(boolean need) {
        template.setNeedClientAuth(need);
    }

    @Override
    public synchronized boolean getNeedClientAuth() {
        return template.getNeedClientAuth();
    }

    @Override
    public synchronized void setWantClientAuth(boolean want) {
        template.setWantClientAuth(want);
    }

    @Override
    public synchronized boolean getWantClientAuth() {
        return template.getWantClientAuth();
    }

    @Override
    public synchronized void setUseClientMode(boolean mode) {
        template.setUseClientMode(mode);
    }

    @Override
    public synchronized boolean getUseClientMode() {
        return template.getUseClientMode();
    }

    @Override
    public synchronized void setEnableSessionCreation(boolean flag) {
        template.setEnableSessionCreation(flag);
    }

    @Override
    public synchronized boolean getEnableSessionCreation() {
        return template.getEnableSessionCreation();
    }

    @Override
    public synchronized SSLParameters getSSLParameters() {
        return template.getSSLParameters();
    }

    @Override
    public synchronized void setSSLParameters(SSLParameters parameters) {
        template.setSSLParameters(parameters);
    }

    @Override
    public String toString() {
        return "EngineServerSocket[" + super.toString() + "]";
    }
}
