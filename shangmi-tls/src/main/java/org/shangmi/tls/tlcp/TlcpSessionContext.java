package org.shangmi.tls.tlcp;

import java.util.Collections;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;

/**
 * The sessions of one side of a context, for resumption by session ID: a server finds them by
 * ID, a client by the peer's host and port. Bounded (least recently used first out) and timed.
 */
final class TlcpSessionContext implements SSLSessionContext {

    private static final int DEFAULT_SIZE = 20_000;
    private static final int DEFAULT_TIMEOUT_SECONDS = 24 * 60 * 60;

    private final Map<String, TlcpSession> byId = new LinkedHashMap<>(16, 0.75f, true);
    private final Map<String, TlcpSession> byPeer = new LinkedHashMap<>(16, 0.75f, true);
    private int size = DEFAULT_SIZE;
    private int timeoutSeconds = DEFAULT_TIMEOUT_SECONDS;

    synchronized void add(TlcpSession session) {
        session.bind(this);
        byId.put(session.idHex(), session);
        if (session.getPeerHost() != null && session.getPeerPort() > 0) {
            byPeer.put(peerKey(session.getPeerHost(), session.getPeerPort()), session);
        }
        trim();
    }

    synchronized void remove(TlcpSession session) {
        byId.remove(session.idHex(), session);
        if (session.getPeerHost() != null) {
            byPeer.remove(peerKey(session.getPeerHost(), session.getPeerPort()), session);
        }
    }

    /** The resumable session with this ID, or null. */
    synchronized TlcpSession find(byte[] id) {
        return live(byId.get(HexFormat.of().formatHex(id)));
    }

    /** The resumable session last made with this peer, or null. */
    synchronized TlcpSession findForPeer(String host, int port) {
        return host == null || port <= 0 ? null : live(byPeer.get(peerKey(host, port)));
    }

    private TlcpSession live(TlcpSession session) {
        if (session == null) {
            return null;
        }
        if (!session.resumable(timeoutSeconds * 1000L)) {
            remove(session);
            session.wipe();
            return null;
        }
        return session;
    }

    private static String peerKey(String host, int port) {
        return host + ":" + port;
    }

    private void trim() {
        if (size <= 0) {
            return;
        }
        var oldest = byId.values().iterator();
        while (byId.size() > size && oldest.hasNext()) {
            TlcpSession session = oldest.next();
            oldest.remove(); // evicted, not invalidated: connections using it keep a valid session
            if (session.getPeerHost() != null) {
                byPeer.remove(peerKey(session.getPeerHost(), session.getPeerPort()), session);
            }
        }
    }

    @Override
    public synchronized SSLSession getSession(byte[] sessionId) {
        return find(sessionId);
    }

    @Override
    public synchronized Enumeration<byte[]> getIds() {
        return Collections.enumeration(byId.values().stream().map(TlcpSession::getId).toList());
    }

    @Override
    public synchronized void setSessionTimeout(int seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("negative timeout: " + seconds);
        }
        timeoutSeconds = seconds;
    }

    @Override
    public synchronized int getSessionTimeout() {
        return timeoutSeconds;
    }

    @Override
    public synchronized void setSessionCacheSize(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative size: " + size);
        }
        this.size = size;
        trim();
    }

    @Override
    public synchronized int getSessionCacheSize() {
        return size;
    }
}
