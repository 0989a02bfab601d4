package org.shangmi.tomcat;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * A ShangMiTLS engine whose named groups Tomcat does not replace. On JDK 20 and later Tomcat 10.1
 * and 11 set every engine's groups to those of the ClientHello that Tomcat's own table knows,
 * unless its {@code groups} attribute is set: Tomcat 10.1's table has no curveSM2, so a server
 * would lose the group of RFC 8998 for exactly the clients that offer it. Without a {@code groups}
 * attribute the engine keeps its own groups (curveSM2 first); with one, Tomcat's choice stands.
 * Everything else goes to the engine as it is.
 */
final class GroupKeepingEngine extends SSLEngine {

    private static final MethodHandle GET_NAMED_GROUPS = namedGroups("getNamedGroups", MethodType.methodType(String[].class));
    private static final MethodHandle SET_NAMED_GROUPS = namedGroups("setNamedGroups",
            MethodType.methodType(void.class, String[].class));

    private final SSLEngine engine;

    GroupKeepingEngine(SSLEngine engine) {
        super(engine.getPeerHost(), engine.getPeerPort());
        this.engine = engine;
    }

    /** {@code SSLParameters}' named-group accessors (JDK 20 and later), or null. */
    private static MethodHandle namedGroups(String name, MethodType type) {
        try {
            return MethodHandles.publicLookup().findVirtual(SSLParameters.class, name, type);
        } catch (NoSuchMethodException | IllegalAccessException beforeJdk20) {
            return null;
        }
    }

    /** Whether engines on this JDK can be given groups (and so Tomcat replaces them). */
    static boolean needed() {
        return SET_NAMED_GROUPS != null;
    }

    @Override
    public void setSSLParameters(SSLParameters parameters) {
        try {
            String[] own = (String[]) GET_NAMED_GROUPS.invoke(engine.getSSLParameters());
            SET_NAMED_GROUPS.invoke(parameters, (Object) own);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        engine.setSSLParameters(parameters);
    }

    @Override
    public SSLParameters getSSLParameters() {
        return engine.getSSLParameters();
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer[] sources, int offset, int length, ByteBuffer destination) throws SSLException {
        return engine.wrap(sources, offset, length, destination);
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer source, ByteBuffer[] destinations, int offset, int length) throws SSLException {
        return engine.unwrap(source, destinations, offset, length);
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
    public void setEnableSessionCreation(boolean enable) {
        engine.setEnableSessionCreation(enable);
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
    public String toString() {
        return engine.toString();
    }
}
