package org.shangmi.tls;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.provider.ShangMiProvider;

/**
 * Keys, certificates and engine plumbing for the TLS tests. The certificates are openssl's: an
 * SM2 chain root, inter, leaf (leaf.example.com), an SM2 client certificate from the same
 * intermediate, and a self-signed P-256 certificate for the standard suites.
 */
final class TlsFixture {

    static final char[] PASSWORD = "secret".toCharArray();

    final OpenSslPki pki;
    private final CertificateFactory certificates;

    TlsFixture(Path directory) throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        pki = new OpenSslPki(directory).chain();
        pki.issue("client", "/C=CN/O=ShangMi Test/CN=client", "inter", "leaf", 10);
        pki.otherRoot("p256", "/CN=p256.example.com", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256");
        pki.otherRoot("rsa", "/CN=rsa.example.com", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048");
        // an SM2 leaf whose issuer signed it with another SM2 ID than the one of GB/T 35276 and RFC 8998
        pki.sm2Key("wrongid");
        issue("wrongid", "distid:0000000000000000", "leaf");
        // SM2 leaves for one side only, as CAs issue them
        java.nio.file.Files.writeString(pki.path("sides.cnf"), """
                [ server_only ]
                basicConstraints = critical,CA:FALSE
                keyUsage = critical,digitalSignature
                extendedKeyUsage = serverAuth
                subjectAltName = DNS:leaf.example.com
                [ client_only ]
                basicConstraints = critical,CA:FALSE
                keyUsage = critical,digitalSignature
                extendedKeyUsage = clientAuth
                subjectAltName = DNS:leaf.example.com
                """);
        pki.sm2Key("serveronly");
        issue("serveronly", OpenSslPki.ID_OPTION, "server_only");
        pki.sm2Key("clientonly");
        issue("clientonly", OpenSslPki.ID_OPTION, "client_only");
        certificates = CertificateFactory.getInstance("X.509");
    }

    /** {@code name.pem} for the key {@code name.key}, issued by inter with the signing ID and extension section given. */
    private void issue(String name, String signingId, String extensions) {
        String file = extensions.equals("leaf") ? "extensions.cnf" : "sides.cnf";
        OpenSslCommand.run(new byte[0], "req", "-new", "-key", pki.path(name + ".key").toString(), "-sm3", "-sigopt",
                OpenSslPki.ID_OPTION, "-subj", "/C=CN/O=ShangMi Test/CN=leaf.example.com", "-out", pki.path(name + ".csr").toString());
        OpenSslCommand.run(new byte[0], "x509", "-req", "-in", pki.path(name + ".csr").toString(), "-vfyopt", OpenSslPki.ID_OPTION,
                "-CA", pki.path("inter.pem").toString(), "-CAkey", pki.path("inter.key").toString(), "-sm3",
                "-sigopt", signingId, "-days", "10", "-extfile", pki.path(file).toString(),
                "-extensions", extensions, "-out", pki.path(name + ".pem").toString());
    }

    static void uninstall() {
        Security.removeProvider(ShangMiProvider.NAME);
    }

    Certificate certificate(String name) throws Exception {
        return OpenSslPki.certificate(certificates, pki.path(name + ".pem"));
    }

    /** The PKCS#8 PEM key {@code name.key}, read by the first provider for its algorithm. */
    PrivateKey key(String name, String algorithm) throws Exception {
        String pem = Files.readString(pki.path(name + ".key"));
        String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }

    /** A PKCS#12 keystore with the SM2 server chain ("sm2"), and the P-256 certificate ("p256") when asked. */
    KeyStore serverKeys(boolean withP256) throws Exception {
        return serverKeys(withP256, "sm2", "p256");
    }

    /** As {@link #serverKeys(boolean)}, with the aliases given (key managers may go by their order). */
    KeyStore serverKeys(boolean withP256, String sm2Alias, String p256Alias) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(sm2Alias, key("leaf", "EC"), PASSWORD, new Certificate[] {certificate("leaf"), certificate("inter")});
        if (withP256) {
            store.setKeyEntry(p256Alias, key("p256", "EC"), PASSWORD, new Certificate[] {certificate("p256")});
        }
        return store;
    }

    /** A PKCS#12 keystore with one chain: the key {@code name.key} and the certificates named. */
    KeyStore keys(String name, String algorithm, String... chain) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        Certificate[] certificates = new Certificate[chain.length];
        for (int i = 0; i < chain.length; i++) {
            certificates[i] = certificate(chain[i]);
        }
        store.setKeyEntry(name, key(name, algorithm), PASSWORD, certificates);
        return store;
    }

    /** A PKCS#12 keystore with the SM2 client chain. */
    KeyStore clientKeys() throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("client", key("client", "EC"), PASSWORD, new Certificate[] {certificate("client"), certificate("inter")});
        return store;
    }

    /** Key managers of the factory named ("PKIX" of ShangMiTLS, or "SunX509"/"PKIX" of SunJSSE) over the store. */
    static KeyManager[] keyManagers(KeyStore store, String algorithm, java.security.Provider provider) throws Exception {
        KeyManagerFactory factory = provider == null ? KeyManagerFactory.getInstance(algorithm, "SunJSSE")
                : KeyManagerFactory.getInstance(algorithm, provider);
        factory.init(store, PASSWORD);
        return factory.getKeyManagers();
    }

    /** The JDK's PKIX trust managers over the SM2 root and the P-256 certificate. */
    TrustManager[] trustManagers() throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("root", certificate("root"));
        trusted.setCertificateEntry("p256", certificate("p256"));
        trusted.setCertificateEntry("rsa", certificate("rsa"));
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        factory.init(trusted);
        return factory.getTrustManagers();
    }

    static SSLContext context(java.security.Provider provider, KeyManager[] keys, TrustManager[] trust) throws Exception {
        SSLContext context = SSLContext.getInstance("TLS", provider);
        context.init(keys, trust, null);
        return context;
    }

    /** Runs the handshake, sends {@code data} from client to server, returns what the server read. */
    static byte[] exchange(SSLEngine client, SSLEngine server, byte[] data) throws Exception {
        return new Link(client, server, data).run();
    }

    /**
     * What each side reported when a handshake or exchange failed: the exception of the side that
     * gave up, and that of its peer after reading the alert the first one sent (null if the peer
     * read no alert).
     */
    record Failure(SSLEngine failingEngine, SSLException failing, SSLException peer) {

        String peerMessage() {
            return peer == null ? "(no alert read)" : String.valueOf(peer.getMessage());
        }
    }

    /** Runs an exchange that must fail, then delivers the failing side's alert to its peer. */
    static Failure failure(SSLEngine client, SSLEngine server, byte[] data) throws Exception {
        Link link = new Link(client, server, data);
        try {
            link.run();
        } catch (SideFailure failed) {
            return link.deliverAlert(failed);
        }
        throw new AssertionError("the exchange succeeded");
    }

    /** An SSLException one engine raised, with the engine. */
    static final class SideFailure extends Exception {
        private static final long serialVersionUID = 1L;
        final transient SSLEngine engine;

        SideFailure(SSLEngine engine, SSLException cause) {
            super((engine.getUseClientMode() ? "client: " : "server: ") + cause.getMessage(), cause);
            this.engine = engine;
        }
    }

    /** Two engines and the buffers between them. */
    static final class Link {
        final SSLEngine client;
        final SSLEngine server;
        final ByteBuffer clientToServer;
        final ByteBuffer serverToClient;
        private final ByteBuffer clientIn;
        private final ByteBuffer serverIn;
        private final ByteBuffer clientOut;
        private final int length;

        Link(SSLEngine client, SSLEngine server, byte[] data) {
            this.client = client;
            this.server = server;
            int packet = Math.max(client.getSession().getPacketBufferSize(), server.getSession().getPacketBufferSize());
            int application = Math.max(client.getSession().getApplicationBufferSize(),
                    server.getSession().getApplicationBufferSize());
            clientToServer = ByteBuffer.allocate(4 * packet);
            serverToClient = ByteBuffer.allocate(4 * packet);
            clientIn = ByteBuffer.allocate(4 * application);
            serverIn = ByteBuffer.allocate(4 * application + data.length);
            clientOut = ByteBuffer.wrap(data);
            length = data.length;
        }

        byte[] run() throws Exception {
            ByteBuffer empty = ByteBuffer.allocate(0);
            client.beginHandshake();
            server.beginHandshake();
            for (int step = 0; step < 200; step++) {
                wrapAndUnwrap(client, clientToServer, serverToClient, clientIn, isDone(client) ? clientOut : empty);
                wrapAndUnwrap(server, serverToClient, clientToServer, serverIn, empty);
                if (isDone(client) && isDone(server) && !clientOut.hasRemaining() && serverIn.position() == length) {
                    serverIn.flip();
                    byte[] read = new byte[serverIn.remaining()];
                    serverIn.get(read);
                    return read;
                }
            }
            throw new AssertionError("no handshake after 200 steps: client " + client.getHandshakeStatus() + ", server "
                    + server.getHandshakeStatus());
        }

        /** The failing engine wraps what it still has to send (its alert); the peer reads it. */
        Failure deliverAlert(SideFailure failed) throws Exception {
            SSLEngine failing = failed.engine;
            SSLEngine peer = failing == client ? server : client;
            ByteBuffer out = failing == client ? clientToServer : serverToClient;
            ByteBuffer application = ByteBuffer.allocate(4 * peer.getSession().getApplicationBufferSize());
            for (int i = 0; i < 8 && !failing.isOutboundDone(); i++) {
                try {
                    failing.wrap(ByteBuffer.allocate(0), out);
                } catch (SSLException again) {
                    // the engine may repeat its failure while it closes
                }
            }
            out.flip();
            try {
                for (int i = 0; i < 8 && out.hasRemaining(); i++) {
                    if (peer.unwrap(out, application).bytesConsumed() == 0) {
                        break;
                    }
                }
                // Bouncy Castle's engine reads the alert in unwrap and reports it from the next wrap
                peer.wrap(ByteBuffer.allocate(0), ByteBuffer.allocate(peer.getSession().getPacketBufferSize()));
            } catch (SSLException alert) {
                return new Failure(failing, (SSLException) failed.getCause(), alert);
            }
            return new Failure(failing, (SSLException) failed.getCause(), null);
        }
    }

    private static boolean isDone(SSLEngine engine) {
        HandshakeStatus status = engine.getHandshakeStatus();
        return status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.FINISHED;
    }

    /** An engine that closed in the middle of an exchange ends it with an SSLException naming the side. */
    private static void requireOpen(SSLEngine engine, SSLEngineResult result) throws SSLException {
        if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw new SSLException((engine.getUseClientMode() ? "client" : "server") + " engine closed: " + result);
        }
        assertTrue(result.getStatus() == SSLEngineResult.Status.OK || result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW,
                result.toString());
    }

    /** One round for one engine: run delegated tasks, wrap what it has to send, unwrap what came. */
    private static void wrapAndUnwrap(SSLEngine engine, ByteBuffer out, ByteBuffer in, ByteBuffer application, ByteBuffer data)
            throws Exception {
        try {
            wrapAndUnwrapOnce(engine, out, in, application, data);
        } catch (SSLException e) {
            throw new SideFailure(engine, e);
        }
    }

    private static void wrapAndUnwrapOnce(SSLEngine engine, ByteBuffer out, ByteBuffer in, ByteBuffer application,
            ByteBuffer data) throws Exception {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
        SSLEngineResult wrapped = engine.wrap(data, out);
        requireOpen(engine, wrapped);
        in.flip();
        SSLEngineResult unwrapped;
        do {
            unwrapped = engine.unwrap(in, application);
        } while (unwrapped.getStatus() == SSLEngineResult.Status.OK && in.hasRemaining() && unwrapped.bytesConsumed() > 0);
        in.compact();
        requireOpen(engine, unwrapped);
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }
}
