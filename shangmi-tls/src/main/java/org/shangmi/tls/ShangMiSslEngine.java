package org.shangmi.tls;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import org.bouncycastle.jsse.BCApplicationProtocolSelector;
import org.bouncycastle.jsse.BCExtendedSSLSession;
import org.bouncycastle.jsse.BCSSLConnection;
import org.bouncycastle.jsse.BCSSLEngine;
import org.bouncycastle.jsse.BCSSLParameters;

/**
 * Bouncy Castle's engine with two differences: {@code SSLParameters} that leave the groups or the
 * signature schemes unset (on JDK 20+, where they can name them) restore ShangMiTLS's lists, not
 * Bouncy Castle's, which have no SM group or scheme (the JDK's HttpClient, for one, hands each
 * engine a copy of its parameters without those lists); and until the application chooses
 * suites or parameters, {@code setUseClientMode} takes the defaults of the side it sets (the
 * system properties may name different ones for clients and servers); and its failures name
 * their reason in their own message ({@link FailureReasons}); and a server refuses input that
 * fails before any valid ClientHello with a fatal alert, which Bouncy Castle leaves unsent (it
 * sends nothing until a ClientHello has set the record version). Everything else is the
 * wrapped engine's; Bouncy Castle passes its own engine, not this one, to key and trust managers
 * and protocol selectors.
 */
final class ShangMiSslEngine extends SSLEngine implements BCSSLEngine {

    private final SSLEngine engine;
    private final BCSSLEngine bc;
    private final ShangMiDefaults defaults;
    private volatile boolean sideDefaults = true;
    /** Whether the wrapped engine has produced any record: until then a failure has no alert of its own. */
    private volatile boolean produced;
    /** The description of a fatal alert this wrapper still has to send, or -1. */
    private volatile int earlyAlert = -1;
    private volatile boolean earlyAlertSent;

    ShangMiSslEngine(SSLEngine engine, ShangMiDefaults defaults) {
        super(engine.getPeerHost(), engine.getPeerPort());
        this.engine = engine;
        this.bc = (BCSSLEngine) engine;
        this.defaults = defaults;
    }

    @Override
    public void setSSLParameters(SSLParameters parameters) {
        defaults.checkSmOnly(parameters.getCipherSuites(), parameters.getProtocols());
        sideDefaults = false;
        engine.setSSLParameters(parameters);
        bc.setParameters(defaults.restoreUnset(bc.getParameters(), parameters, engine.getUseClientMode()));
    }

    @Override
    public SSLParameters getSSLParameters() {
        return engine.getSSLParameters();
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer[] sources, int offset, int length, ByteBuffer destination) throws SSLException {
        if (earlyAlert >= 0) {
            return sendEarlyAlert(destination);
        }
        try {
            return produced(engine.wrap(sources, offset, length, destination));
        } catch (SSLException e) {
            throw failed(e);
        }
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer source, ByteBuffer destination) throws SSLException {
        if (earlyAlert >= 0) {
            return sendEarlyAlert(destination);
        }
        try {
            return produced(engine.wrap(source, destination));
        } catch (SSLException e) {
            throw failed(e);
        }
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer[] sources, ByteBuffer destination) throws SSLException {
        if (earlyAlert >= 0) {
            return sendEarlyAlert(destination);
        }
        try {
            return produced(engine.wrap(sources, destination));
        } catch (SSLException e) {
            throw failed(e);
        }
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer source, ByteBuffer[] destinations, int offset, int length) throws SSLException {
        if (earlyAlert >= 0 || earlyAlertSent) {
            return new SSLEngineResult(SSLEngineResult.Status.CLOSED, getHandshakeStatus(), 0, 0);
        }
        try {
            return engine.unwrap(source, destinations, offset, length);
        } catch (SSLException e) {
            throw failed(e);
        }
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer source, ByteBuffer destination) throws SSLException {
        if (earlyAlert >= 0 || earlyAlertSent) {
            return new SSLEngineResult(SSLEngineResult.Status.CLOSED, getHandshakeStatus(), 0, 0);
        }
        try {
            return engine.unwrap(source, destination);
        } catch (SSLException e) {
            throw failed(e);
        }
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer source, ByteBuffer[] destinations) throws SSLException {
        if (earlyAlert >= 0 || earlyAlertSent) {
            return new SSLEngineResult(SSLEngineResult.Status.CLOSED, getHandshakeStatus(), 0, 0);
        }
        try {
            return engine.unwrap(source, destinations);
        } catch (SSLException e) {
            throw failed(e);
        }
    }

    private SSLEngineResult produced(SSLEngineResult result) {
        if (result.bytesProduced() > 0) {
            produced = true;
        }
        return result;
    }

    /**
     * The failure explained; when the wrapped engine has sent nothing yet, a server sends the
     * failure's alert itself (with {@link #wrap}, as the caller flushes after a failure).
     */
    private SSLException failed(SSLException failure) {
        if (!produced && !engine.getUseClientMode() && !earlyAlertSent) {
            earlyAlert = FailureReasons.alertOf(failure);
        }
        return FailureReasons.explain(failure, defaults.isSmOnly());
    }

    /** The early alert as a record of version 0x0303 (RFC 8446 section 5.1 allows 0x0301 or 0x0303 before a version is agreed). */
    private SSLEngineResult sendEarlyAlert(ByteBuffer destination) {
        byte[] record = {21, 3, 3, 0, 2, 2, (byte) earlyAlert};
        if (destination.remaining() < record.length) {
            return new SSLEngineResult(SSLEngineResult.Status.BUFFER_OVERFLOW, SSLEngineResult.HandshakeStatus.NEED_WRAP, 0, 0);
        }
        destination.put(record);
        earlyAlert = -1;
        earlyAlertSent = true;
        return new SSLEngineResult(SSLEngineResult.Status.CLOSED, SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING, 0, record.length);
    }

    @Override
    public Runnable getDelegatedTask() {
        return engine.getDelegatedTask();
    }

    @Override
    public void closeInbound() throws SSLException {
        engine.closeInbound();
    }

    @Override
    public boolean isInboundDone() {
        return engine.isInboundDone();
    }

    @Override
    public void closeOutbound() {
        engine.closeOutbound();
    }

    @Override
    public boolean isOutboundDone() {
        if (earlyAlert >= 0) {
            return false;
        }
        return earlyAlertSent || engine.isOutboundDone();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return engine.getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return engine.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        defaults.checkSmOnly(suites, null);
        sideDefaults = false;
        engine.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return engine.getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return engine.getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        defaults.checkSmOnly(null, protocols);
        engine.setEnabledProtocols(protocols);
    }

    @Override
    public SSLSession getSession() {
        return engine.getSession();
    }

    @Override
    public SSLSession getHandshakeSession() {
        return engine.getHandshakeSession();
    }

    @Override
    public void beginHandshake() throws SSLException {
        engine.beginHandshake();
    }

    @Override
    public SSLEngineResult.HandshakeStatus getHandshakeStatus() {
        if (earlyAlert >= 0) {
            return SSLEngineResult.HandshakeStatus.NEED_WRAP;
        }
        if (earlyAlertSent) {
            return SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING;
        }
        return engine.getHandshakeStatus();
    }

    @Override
    public void setUseClientMode(boolean mode) {
        engine.setUseClientMode(mode);
        if (sideDefaults) {
            bc.setParameters(defaults.forSide(bc.getParameters(), mode));
        }
    }

    @Override
    public boolean getUseClientMode() {
        return engine.getUseClientMode();
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        engine.setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return engine.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        engine.setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return engine.getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        engine.setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return engine.getEnableSessionCreation();
    }

    @Override
    public String getApplicationProtocol() {
        return engine.getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return engine.getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> selector) {
        engine.setHandshakeApplicationProtocolSelector(selector);
    }

    @Override
    public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return engine.getHandshakeApplicationProtocolSelector();
    }

    @Override
    public BCApplicationProtocolSelector<SSLEngine> getBCHandshakeApplicationProtocolSelector() {
        return bc.getBCHandshakeApplicationProtocolSelector();
    }

    @Override
    public void setBCHandshakeApplicationProtocolSelector(BCApplicationProtocolSelector<SSLEngine> selector) {
        bc.setBCHandshakeApplicationProtocolSelector(selector);
    }

    @Override
    public void setBCSessionToResume(BCExtendedSSLSession session) {
        bc.setBCSessionToResume(session);
    }

    @Override
    public BCExtendedSSLSession getBCHandshakeSession() {
        return bc.getBCHandshakeSession();
    }

    @Override
    public BCExtendedSSLSession getBCSession() {
        return bc.getBCSession();
    }

    @Override
    public BCSSLConnection getConnection() {
        return bc.getConnection();
    }

    @Override
    public BCSSLParameters getParameters() {
        return bc.getParameters();
    }

    @Override
    public void setParameters(BCSSLParameters parameters) {
        defaults.checkSmOnly(parameters.getCipherSuites(), parameters.getProtocols());
        sideDefaults = false;
        bc.setParameters(parameters);
    }

    @Override
    public String toString() {
        return engine.toString();
    }
}
