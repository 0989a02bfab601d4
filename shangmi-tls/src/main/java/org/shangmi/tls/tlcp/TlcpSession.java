package org.shangmi.tls.tlcp;

import java.security.Principal;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSessionBindingEvent;
import javax.net.ssl.SSLSessionBindingListener;
import javax.net.ssl.SSLSessionContext;

/**
 * A TLCP session: what a handshake agreed (suite, certificates, master secret), reusable by an
 * abbreviated handshake with the same session ID until it is invalidated or times out. The
 * master secret stays inside this package and is wiped on {@link #invalidate}.
 */
final class TlcpSession extends ExtendedSSLSession {

    static final String PROTOCOL = TlcpSslContextSpi.PROTOCOL;
    /** The largest record. */
    static final int PACKET_SIZE = RecordLayer.MAX_RECORD;

    private final byte[] id;
    private final String peerHost;
    private final int peerPort;
    private final long creationTime = System.currentTimeMillis();
    private volatile long lastAccessedTime = creationTime;
    private final Map<String, Object> values = new ConcurrentHashMap<>();
    private volatile TlcpSessionContext context;
    private volatile boolean valid = true;

    private TlcpSuite suite;
    private byte[] masterSecret;
    private X509Certificate[] localCertificates;
    private X509Certificate[] peerCertificates;
    private List<SNIServerName> requestedServerNames = List.of();
    private String resumptionContext = "";

    TlcpSession(byte[] id, String peerHost, int peerPort) {
        this.id = id.clone();
        this.peerHost = peerHost;
        this.peerPort = peerPort;
    }

    /** Fills in what the handshake agreed. */
    synchronized void establish(TlcpSuite suite, byte[] masterSecret, X509Certificate[] local, X509Certificate[] peer) {
        this.suite = suite;
        this.masterSecret = masterSecret.clone();
        this.localCertificates = local == null ? null : local.clone();
        this.peerCertificates = peer == null ? null : peer.clone();
    }

    /** The peer's certificates as soon as they are read, for trust managers that look at the handshake session. */
    void setPeerCertificates(X509Certificate[] peer) {
        peerCertificates = peer.clone();
    }

    boolean hasPeerCertificates() {
        return peerCertificates != null && peerCertificates.length > 0;
    }

    void setRequestedServerNames(List<SNIServerName> names) {
        requestedServerNames = List.copyOf(names);
    }

    void bind(TlcpSessionContext owner) {
        context = owner;
    }

    TlcpSuite suite() {
        return suite;
    }

    /** A copy of the master secret for an abbreviated handshake, or null once the session is invalid. */
    synchronized byte[] masterSecret() {
        return valid && masterSecret != null ? masterSecret.clone() : null;
    }

    synchronized boolean resumable(long timeoutMillis) {
        return valid && masterSecret != null && id.length > 0
                && (timeoutMillis <= 0 || System.currentTimeMillis() - creationTime < timeoutMillis);
    }

    /** What a client's configuration must match to resume this session (see the client handshake). */
    String resumptionContext() {
        return resumptionContext;
    }

    void setResumptionContext(String context) {
        resumptionContext = context;
    }

    /** Wipes the master secret; the session can no longer be resumed. */
    synchronized void wipe() {
        valid = false;
        if (masterSecret != null) {
            Arrays.fill(masterSecret, (byte) 0);
            masterSecret = null;
        }
    }

    void touch() {
        lastAccessedTime = System.currentTimeMillis();
    }

    @Override
    public byte[] getId() {
        return id.clone();
    }

    String idHex() {
        return HexFormat.of().formatHex(id);
    }

    @Override
    public SSLSessionContext getSessionContext() {
        return context;
    }

    @Override
    public long getCreationTime() {
        return creationTime;
    }

    @Override
    public long getLastAccessedTime() {
        return lastAccessedTime;
    }

    @Override
    public void invalidate() {
        wipe();
        TlcpSessionContext owner = context;
        if (owner != null) {
            owner.remove(this);
        }
    }

    @Override
    public synchronized boolean isValid() {
        return valid && masterSecret != null;
    }

    @Override
    public void putValue(String name, Object value) {
        Object old = values.put(name, value);
        if (old instanceof SSLSessionBindingListener listener) {
            listener.valueUnbound(new SSLSessionBindingEvent(this, name));
        }
        if (value instanceof SSLSessionBindingListener listener) {
            listener.valueBound(new SSLSessionBindingEvent(this, name));
        }
    }

    @Override
    public Object getValue(String name) {
        return values.get(name);
    }

    @Override
    public void removeValue(String name) {
        Object old = values.remove(name);
        if (old instanceof SSLSessionBindingListener listener) {
            listener.valueUnbound(new SSLSessionBindingEvent(this, name));
        }
    }

    @Override
    public String[] getValueNames() {
        return values.keySet().toArray(new String[0]);
    }

    @Override
    public Certificate[] getPeerCertificates() throws SSLPeerUnverifiedException {
        if (peerCertificates == null) {
            throw new SSLPeerUnverifiedException("the peer is not authenticated");
        }
        return peerCertificates.clone();
    }

    @Override
    public Certificate[] getLocalCertificates() {
        return localCertificates == null ? null : localCertificates.clone();
    }

    @Override
    @SuppressWarnings({"deprecation", "removal"})
    public javax.security.cert.X509Certificate[] getPeerCertificateChain() throws SSLPeerUnverifiedException {
        throw new UnsupportedOperationException("javax.security.cert is deprecated: use getPeerCertificates()");
    }

    @Override
    public Principal getPeerPrincipal() throws SSLPeerUnverifiedException {
        if (peerCertificates == null) {
            throw new SSLPeerUnverifiedException("the peer is not authenticated");
        }
        return peerCertificates[0].getSubjectX500Principal();
    }

    @Override
    public Principal getLocalPrincipal() {
        return localCertificates == null ? null : localCertificates[0].getSubjectX500Principal();
    }

    @Override
    public String getCipherSuite() {
        return suite == null ? "SSL_NULL_WITH_NULL_NULL" : suite.name();
    }

    @Override
    public String getProtocol() {
        return PROTOCOL;
    }

    @Override
    public String getPeerHost() {
        return peerHost;
    }

    @Override
    public int getPeerPort() {
        return peerPort;
    }

    @Override
    public int getPacketBufferSize() {
        return PACKET_SIZE;
    }

    @Override
    public int getApplicationBufferSize() {
        return RecordProtection.MAX_PLAINTEXT;
    }

    @Override
    public String[] getLocalSupportedSignatureAlgorithms() {
        return new String[] {"SM3withSM2"};
    }

    @Override
    public String[] getPeerSupportedSignatureAlgorithms() {
        return new String[] {"SM3withSM2"};
    }

    @Override
    public List<SNIServerName> getRequestedServerNames() {
        return requestedServerNames;
    }

    /** No OCSP stapling in TLCP. */
    @Override
    public List<byte[]> getStatusResponses() {
        return List.of();
    }

    @Override
    public String toString() {
        return "TlcpSession[" + idHex() + ", " + getCipherSuite() + "]";
    }
}
