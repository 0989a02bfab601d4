package org.shangmi.tls.tlcp;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import org.shangmi.tls.TlcpParameters;

/**
 * The engine of {@code SSLContext "TLCP"}: a server that speaks TLCP 1.1 to TLCP clients and TLS
 * (1.3 with the RFC 8998 suites, or 1.2) to TLS clients on the same port, choosing by the first
 * record: a handshake record of version 0x0101 whose ClientHello offers 0x0101 goes to the TLCP
 * engine, anything else to the TLS engine; the bytes are not consumed before the choice, so the
 * chosen engine reads the whole ClientHello. As a client it is a TLCP client.
 *
 * <p>Settings made before the choice go to both engines: cipher suites and protocols by their
 * names (TLCP's to the TLCP engine, the others to the TLS engine), client authentication, and
 * {@link SSLParameters} (a {@link TlcpParameters}' own settings to the TLCP engine).
 */
final class TlcpOrTlsEngine extends SSLEngine {

    /** Record header, handshake header, client_version: what the choice reads. */
    private static final int SNIFF = 5 + 4 + 2;

    private final TlcpEngine tlcp;
    private final SSLEngine tls;
    private SSLEngine chosen;
    private boolean started;
    private boolean tlcpEnabled = true;

    TlcpOrTlsEngine(TlcpEngine tlcp, SSLEngine tls) {
        super(tlcp.getPeerHost(), tlcp.getPeerPort());
        this.tlcp = tlcp;
        this.tls = tls;
    }

    /** The engine serving this connection, once chosen (for tests and diagnostics). */
    synchronized SSLEngine chosen() {
        return chosen;
    }

    private synchronized SSLEngine choose(SSLEngine engine) throws SSLException {
        chosen = engine;
        if (started) {
            engine.beginHandshake();
        }
        return engine;
    }

    @Override
    public synchronized SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
        if (chosen == null && tlcp.getUseClientMode()) {
            choose(tlcp);
        }
        if (chosen != null) {
            return chosen.wrap(srcs, offset, length, dst);
        }
        started = true; // a server waits for the ClientHello
        return new SSLEngineResult(Status.OK, HandshakeStatus.NEED_UNWRAP, 0, 0);
    }

    @Override
    public synchronized SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
        if (chosen == null) {
            if (tlcp.getUseClientMode()) {
                choose(tlcp);
            } else {
                started = true;
                if (src.remaining() < SNIFF) {
                    return new SSLEngineResult(Status.BUFFER_UNDERFLOW, HandshakeStatus.NEED_UNWRAP, 0, 0);
                }
                // a protocol that is off goes to the other engine, which refuses the hello with protocol_version
                boolean tlcpHello = isTlcpHello(src);
                boolean tlsEnabled = tls.getEnabledProtocols().length > 0;
                choose(tlcpHello && tlcpEnabled || !tlcpHello && !tlsEnabled ? tlcp : tls);
            }
        }
        return chosen.unwrap(src, dsts, offset, length);
    }

    /** Whether the first record is a TLCP ClientHello, read without moving the buffer. */
    static boolean isTlcpHello(ByteBuffer src) {
        int at = src.position();
        int type = src.get(at) & 0xff;
        int recordVersion = ((src.get(at + 1) & 0xff) << 8) | (src.get(at + 2) & 0xff);
        int length = ((src.get(at + 3) & 0xff) << 8) | (src.get(at + 4) & 0xff);
        if (length < SNIFF - 5) {
            // a first record too short to hold client_version: the record version decides
            return type == 22 && recordVersion == TlcpHandshake.VERSION;
        }
        int message = src.get(at + 5) & 0xff;
        int clientVersion = ((src.get(at + 9) & 0xff) << 8) | (src.get(at + 10) & 0xff);
        return type == 22 && recordVersion == TlcpHandshake.VERSION && message == TlcpHandshake.CLIENT_HELLO
                && clientVersion == TlcpHandshake.VERSION;
    }

    @Override
    public synchronized Runnable getDelegatedTask() {
        return chosen == null ? null : chosen.getDelegatedTask();
    }

    @Override
    public synchronized void beginHandshake() throws SSLException {
        if (chosen == null && tlcp.getUseClientMode()) {
            choose(tlcp);
        }
        if (chosen != null) {
            chosen.beginHandshake();
        } else {
            started = true;
        }
    }

    @Override
    public synchronized HandshakeStatus getHandshakeStatus() {
        if (chosen != null) {
            return chosen.getHandshakeStatus();
        }
        return started ? HandshakeStatus.NEED_UNWRAP : HandshakeStatus.NOT_HANDSHAKING;
    }

    @Override
    public synchronized void closeInbound() throws SSLException {
        if (chosen != null) {
            chosen.closeInbound();
        } else {
            tlcp.closeInbound();
            tls.closeInbound();
        }
    }

    @Override
    public synchronized boolean isInboundDone() {
        return chosen != null ? chosen.isInboundDone() : tlcp.isInboundDone() && tls.isInboundDone();
    }

    @Override
    public synchronized void closeOutbound() {
        if (chosen != null) {
            chosen.closeOutbound();
        } else {
            tlcp.closeOutbound();
            tls.closeOutbound();
        }
    }

    @Override
    public synchronized boolean isOutboundDone() {
        return chosen != null ? chosen.isOutboundDone() : tlcp.isOutboundDone() && tls.isOutboundDone();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return concat(tlcp.getSupportedCipherSuites(), tls.getSupportedCipherSuites());
    }

    @Override
    public synchronized String[] getEnabledCipherSuites() {
        return concat(tlcp.getEnabledCipherSuites(), tls.getEnabledCipherSuites());
    }

    @Override
    public synchronized void setEnabledCipherSuites(String[] suites) {
        split(suites, TlcpSuite::ofName, tlcp::setEnabledCipherSuites, tls::setEnabledCipherSuites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return concat(tlcp.getSupportedProtocols(), tls.getSupportedProtocols());
    }

    @Override
    public synchronized String[] getEnabledProtocols() {
        return concat(tlcpEnabled ? tlcp.getEnabledProtocols() : new String[0], tls.getEnabledProtocols());
    }

    @Override
    public synchronized void setEnabledProtocols(String[] protocols) {
        split(protocols, name -> TlcpSslContextSpi.PROTOCOL.equals(name) ? name : null,
                mine -> tlcpEnabled = mine.length > 0, tls::setEnabledProtocols);
    }

    /** Hands each engine the names that are its own (an engine given none keeps an empty list: that protocol is off). */
    private static void split(String[] names, java.util.function.Function<String, Object> isTlcp,
            java.util.function.Consumer<String[]> toTlcp, java.util.function.Consumer<String[]> toTls) {
        List<String> mine = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (String name : names) {
            (isTlcp.apply(name) != null ? mine : others).add(name);
        }
        toTls.accept(others.toArray(new String[0])); // first: it refuses names it does not know
        toTlcp.accept(mine.toArray(new String[0]));
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    @Override
    public synchronized SSLSession getSession() {
        return chosen != null ? chosen.getSession() : tlcp.getSession();
    }

    @Override
    public synchronized SSLSession getHandshakeSession() {
        return chosen != null ? chosen.getHandshakeSession() : null;
    }

    @Override
    public synchronized void setUseClientMode(boolean mode) {
        tlcp.setUseClientMode(mode);
        tls.setUseClientMode(mode);
    }

    @Override
    public synchronized boolean getUseClientMode() {
        return tlcp.getUseClientMode();
    }

    @Override
    public synchronized void setNeedClientAuth(boolean need) {
        tlcp.setNeedClientAuth(need);
        tls.setNeedClientAuth(need);
    }

    @Override
    public synchronized boolean getNeedClientAuth() {
        return tlcp.getNeedClientAuth();
    }

    @Override
    public synchronized void setWantClientAuth(boolean want) {
        tlcp.setWantClientAuth(want);
        tls.setWantClientAuth(want);
    }

    @Override
    public synchronized boolean getWantClientAuth() {
        return tlcp.getWantClientAuth();
    }

    @Override
    public synchronized void setEnableSessionCreation(boolean flag) {
        tlcp.setEnableSessionCreation(flag);
        tls.setEnableSessionCreation(flag);
    }

    @Override
    public synchronized boolean getEnableSessionCreation() {
        return tlcp.getEnableSessionCreation();
    }

    /**
     * The TLS engine's parameters (every field it has, groups and schemes included) with the
     * TLCP engine's settings over them, as a {@link TlcpParameters}, and both engines' suites and
     * protocols.
     */
    @Override
    public synchronized SSLParameters getSSLParameters() {
        TlcpParameters parameters = (TlcpParameters) tlcp.getSSLParameters();
        copyTlsFields(tls.getSSLParameters(), parameters);
        parameters.setCipherSuites(getEnabledCipherSuites());
        parameters.setProtocols(getEnabledProtocols());
        return parameters;
    }

    @Override
    public synchronized void setSSLParameters(SSLParameters parameters) {
        SSLParameters forTls = tls.getSSLParameters();
        copyTlsFields(parameters, forTls);
        TlcpParameters forTlcp = new TlcpParameters();
        if (parameters instanceof TlcpParameters given) {
            TlcpOptions.of(given).into(forTlcp);
        }
        copyTlsFields(parameters, forTlcp);
        tls.setSSLParameters(forTls);
        tlcp.setSSLParameters(forTlcp);
        if (parameters.getCipherSuites() != null) {
            setEnabledCipherSuites(parameters.getCipherSuites());
        }
        if (parameters.getProtocols() != null) {
            setEnabledProtocols(parameters.getProtocols());
        }
    }

    private static final String[] JDK20_FIELDS = {"NamedGroups", "SignatureSchemes"};

    /** Every field of SSLParameters but suites and protocols (which each engine takes by name). */
    private static void copyTlsFields(SSLParameters from, SSLParameters to) {
        if (from.getNeedClientAuth()) {
            to.setNeedClientAuth(true);
        } else {
            to.setWantClientAuth(from.getWantClientAuth());
        }
        to.setAlgorithmConstraints(from.getAlgorithmConstraints());
        to.setEndpointIdentificationAlgorithm(from.getEndpointIdentificationAlgorithm());
        to.setServerNames(from.getServerNames());
        to.setSNIMatchers(from.getSNIMatchers());
        to.setUseCipherSuitesOrder(from.getUseCipherSuitesOrder());
        to.setEnableRetransmissions(from.getEnableRetransmissions());
        to.setMaximumPacketSize(from.getMaximumPacketSize());
        to.setApplicationProtocols(from.getApplicationProtocols());
        for (String field : JDK20_FIELDS) { // JDK 19 and 20 added them; JDK 17 has neither
            try {
                Object value = SSLParameters.class.getMethod("get" + field).invoke(from);
                SSLParameters.class.getMethod("set" + field, String[].class).invoke(to, (Object) value);
            } catch (NoSuchMethodException olderJdk) {
                // not in this JDK's SSLParameters
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot copy SSLParameters." + field, e);
            }
        }
    }

    @Override
    public synchronized String getApplicationProtocol() {
        return chosen != null ? chosen.getApplicationProtocol() : null;
    }

    @Override
    public synchronized String getHandshakeApplicationProtocol() {
        return chosen != null ? chosen.getHandshakeApplicationProtocol() : null;
    }

    @Override
    public synchronized void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> selector) {
        tls.setHandshakeApplicationProtocolSelector(selector);
    }
}
