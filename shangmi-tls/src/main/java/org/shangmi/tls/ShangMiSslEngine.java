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
 * their reason in their own message ({@link FailureReasons}). Everything else is the
 * wrapped engine's; Bouncy Castle passes its own engine, not this one, to key and trust managers
 * and protocol selectors.
 */
final class ShangMiSslEngine extends SSLEngine implements BCSSLEngine {

    private final SSLEngine engine;
    private final BCSSLEngine bc;
    private final ShangMiDefaults defaults;
    private volatile boolean sideDefaults = true;

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
        try {
            return engine.wrap(sources, offset, length, destination);
        } catch (SSLException e) {
            throw FailureReasons.explain(e, defaults.isSmOnly());
        }
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer source, ByteBuffer destination) throws SSLException {
        try {
            return engine.wrap(source, destination);
        } catch (SSLException e) {
            throw FailureReasons.explain(e, defaults.isSmOnly());
        }
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer[] sources, ByteBuffer destination) throws SSLException {
        try {
            return engine.wrap(sources, destination);
        } catch (SSLException e) {
            throw FailureReasons.explain(e, defaults.isSmOnly());
        }
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer source, ByteBuffer[] destinations, int offset, int length) throws SSLException {
        try {
            return engine.unwrap(source, destinations, offset, length);
        } catch (SSLException e) {
            throw FailureReasons.explain(e, defaults.isSmOnly());
        }
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer source, ByteBuffer destination) throws SSLException {
        try {
            return engine.unwrap(source, destination);
        } catch (SSLException e) {
            throw FailureReasons.explain(e, defaults.isSmOnly());
        }
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer source, ByteBuffer[] destinations) throws SSLException {
        try {
            return engine.unwrap(source, destinations);
        } catch (SSLException e) {
            throw FailureReasons.explain(e, defaults.isSmOnly());
        }
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
        return engine.isOutboundDone();
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
