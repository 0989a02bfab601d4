package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import org.bouncycastle.jsse.BCApplicationProtocolSelector;
import org.bouncycastle.jsse.BCExtendedSSLSession;
import org.bouncycastle.jsse.BCSSLConnection;
import org.bouncycastle.jsse.BCSSLEngine;
import org.bouncycastle.jsse.BCSSLParameters;
import org.bouncycastle.jsse.BCSSLSocket;

/**
 * An {@link EngineSocket} over a ShangMiTLS engine (Bouncy Castle's under it) that also answers
 * to Bouncy Castle's socket interface, as the sockets of Bouncy Castle's own server socket do:
 * its parameters, protocol selector and sessions are the engine's.
 */
final class BcEngineSocket extends EngineSocket implements BCSSLSocket {

    private final BCSSLEngine bc;
    private volatile BCApplicationProtocolSelector<SSLSocket> selector;

    BcEngineSocket(Socket transport, SSLEngine engine, boolean autoClose, Duration handshakeTimeout) {
        super(transport, engine, autoClose, handshakeTimeout);
        this.bc = (BCSSLEngine) engine;
    }

    @Override
    public BCSSLParameters getParameters() {
        return bc.getParameters();
    }

    @Override
    public void setParameters(BCSSLParameters parameters) {
        bc.setParameters(parameters);
    }

    @Override
    public BCApplicationProtocolSelector<SSLSocket> getBCHandshakeApplicationProtocolSelector() {
        return selector;
    }

    @Override
    public void setBCHandshakeApplicationProtocolSelector(BCApplicationProtocolSelector<SSLSocket> selector) {
        this.selector = selector;
        bc.setBCHandshakeApplicationProtocolSelector(selector == null ? null : (engine, protocols) -> selector.select(this, protocols));
    }

    @Override
    public void setBCSessionToResume(BCExtendedSSLSession session) {
        bc.setBCSessionToResume(session);
    }

    @Override
    public BCExtendedSSLSession getBCHandshakeSession() {
        return bc.getBCHandshakeSession();
    }

    /** The session after the handshake, which this call runs if it has not (as {@link #getSession()}). */
    @Override
    public BCExtendedSSLSession getBCSession() {
        getSession();
        return bc.getBCSession();
    }

    @Override
    public BCSSLConnection getConnection() {
        return bc.getConnection();
    }

    @Override
    public void connect(String host, int port, int timeout) throws IOException {
        connect(new InetSocketAddress(host, port), timeout);
    }

    /** Refused: the engine was made for its peer when the connection was accepted. */
    @Override
    public void setHost(String host) {
        throw new UnsupportedOperationException("an accepted socket's peer host is the one it was accepted from");
    }
}
