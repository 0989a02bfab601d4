package org.shangmi.tls.tlcp;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * What the engines of one SSLContext share: the key and trust managers, the random source, and
 * the client's and the server's session caches.
 */
final class TlcpContext {

    private final X509KeyManager keyManager;
    private final X509ExtendedTrustManager trustManager;
    private final SecureRandom random;
    private final boolean smOnly;
    private final TlcpSessionContext clientSessions = new TlcpSessionContext();
    private final TlcpSessionContext serverSessions = new TlcpSessionContext();
    private final AtomicBoolean serverCredentialsChecked = new AtomicBoolean();
    private final LongSupplier clock;

    TlcpContext(X509KeyManager keyManager, X509ExtendedTrustManager trustManager, SecureRandom random, boolean smOnly) {
        this(keyManager, trustManager, random, smOnly, System::currentTimeMillis);
    }

    /** A context whose handshakes read the time (the randoms' first four bytes) from {@code clock}, in milliseconds. */
    TlcpContext(X509KeyManager keyManager, X509ExtendedTrustManager trustManager, SecureRandom random, boolean smOnly,
            LongSupplier clock) {
        this.keyManager = keyManager;
        this.trustManager = trustManager;
        this.random = random;
        this.smOnly = smOnly;
        this.clock = clock;
    }

    /** The time, in milliseconds since 1970. */
    long currentTimeMillis() {
        return clock.getAsLong();
    }

    /** Whether every certificate a peer sends must hold an SM2 key and be signed with SM3withSM2 (TLCP-SM). */
    boolean smOnly() {
        return smOnly;
    }

    X509KeyManager keyManager() {
        return keyManager;
    }

    /** The application's trust manager, a plain one given the extended checks ({@link IdentityCheckingTrustManager}). */
    X509ExtendedTrustManager trustManager() {
        return trustManager;
    }

    /**
     * Once per context, when its first server engine or server socket is made: a warning, with
     * the reason, when the key manager gives no signing and encryption pair, since every TLCP
     * handshake of such a server fails.
     */
    void checkServerCredentials() {
        if (serverCredentialsChecked.compareAndSet(false, true) && DoubleCertificates.choose(keyManager, Side.SERVER, null, null) == null) {
            System.getLogger(TlcpSslContextSpi.class.getName()).log(System.Logger.Level.WARNING,
                    "a TLCP server of this SSLContext will fail every handshake unless TlcpParameters.setKeyAliases names "
                    + "its two entries: " + DoubleCertificates.whyNone(keyManager, Side.SERVER, null, null));
        }
    }

    SecureRandom random() {
        return random;
    }

    TlcpSessionContext clientSessions() {
        return clientSessions;
    }

    TlcpSessionContext serverSessions() {
        return serverSessions;
    }
}
