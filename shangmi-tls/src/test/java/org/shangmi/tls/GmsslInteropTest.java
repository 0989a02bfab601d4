package org.shangmi.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Vector;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.jcajce.spec.SM2ParameterSpec;
import org.bouncycastle.jcajce.util.DefaultJcaJceHelper;
import org.bouncycastle.tls.AlertDescription;
import org.bouncycastle.tls.CertificateEntry;
import org.bouncycastle.tls.CertificateRequest;
import org.bouncycastle.tls.CertificateStatusRequest;
import org.bouncycastle.tls.CipherSuite;
import org.bouncycastle.tls.DefaultTlsClient;
import org.bouncycastle.tls.NamedGroup;
import org.bouncycastle.tls.ProtocolVersion;
import org.bouncycastle.tls.SignatureScheme;
import org.bouncycastle.tls.TlsAuthentication;
import org.bouncycastle.tls.TlsClientProtocol;
import org.bouncycastle.tls.TlsCredentials;
import org.bouncycastle.tls.TlsFatalAlert;
import org.bouncycastle.tls.TlsServerCertificate;
import org.bouncycastle.tls.crypto.Tls13Verifier;
import org.bouncycastle.tls.crypto.TlsCrypto;
import org.bouncycastle.tls.crypto.TlsCryptoParameters;
import org.bouncycastle.tls.crypto.impl.TlsAEADCipherImpl;
import org.bouncycastle.tls.crypto.impl.jcajce.JcaDefaultTlsCredentialedSigner;
import org.bouncycastle.tls.crypto.impl.jcajce.JcaTlsCrypto;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * TLS 1.3 with {@code TLS_SM4_GCM_SM3}, curveSM2 and sm2sig_sm3 (RFC 8998) between this module
 * and GmSSL 3's {@code tls13_server} and {@code tls13_client}, an independent C implementation:
 * our client against its server and its client against our server, with certificates made by
 * GmSSL and by openssl, server and client authentication, and data checked byte for byte both
 * ways. Where GmSSL departs from the RFCs a test of its own names the difference; one of them
 * ({@link #gmsslServerAskingForACertificateChokesOnTheChangeCipherSpec}) keeps our JSSE client
 * from authenticating to GmSSL's server.
 *
 * <p>The Java side's {@link SSLContext} is made in one place, {@link #context}. ShangMiTLS's
 * clients send no status_request by default (see
 * {@link #ourClientOffersWhatGmsslNeedsAndNoStatusRequest}).
 */
class GmsslInteropTest {

    private static final String SUITE = "TLS_SM4_GCM_SM3";
    /** The options every GmSSL TLS 1.3 command needs for the RFC 8998 suite: it offers nothing by default. */
    private static final List<String> SM_OPTIONS = List.of("-cipher_suite", SUITE, "-supported_group", "sm2p256v1",
            "-sig_alg", "sm2sig_sm3");
    /** GmSSL keeps its private keys encrypted (PBES2, PBKDF2 with HMAC-SM3, SM4-CBC); this is their password. */
    private static final String GMSSL_PASSWORD = "P@ssw0rd";
    /**
     * openssl extensions for TLS leaves that GmSSL can read: no basicConstraints (see
     * {@link #gmsslRefusesTheDerOfCaFalse}), otherwise as OpenSslPki's "leaf"; and the same with
     * two DNS names (see {@link #gmsslClientMatchesOnlyTheFirstDnsName}).
     */
    private static final String OPENSSL_TLS_LEAF = """
            [ tls_leaf ]
            keyUsage = critical,digitalSignature
            extendedKeyUsage = serverAuth,clientAuth
            subjectAltName = DNS:leaf.example.com
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid
            [ tls_leaf_two_names ]
            keyUsage = critical,digitalSignature
            extendedKeyUsage = serverAuth,clientAuth
            subjectAltName = DNS:www.example.com,DNS:leaf.example.com
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid
            """;
    private static final char[] STORE_PASSWORD = "secret".toCharArray();
    /** Every socket read and every wait for a GmSSL command is bounded by this. */
    private static final int TIMEOUT_MILLIS = 10_000;
    private static final int TIMEOUT_SECONDS = TIMEOUT_MILLIS / 1000;

    @TempDir
    static Path directory;
    /** A GmSSL-made chain: root, an intermediate "ca", and leaves "server" (DNS localhost) and "client". */
    private static Path gmssl;
    /**
     * An openssl-made chain: root, inter, and leaves for DNS leaf.example.com that inter issued:
     * "leaf" (basicConstraints CA:FALSE, which GmSSL cannot read), "tlsleaf" and "gmleaf" (GmSSL's
     * key) without basicConstraints, and "twonames" for DNS www.example.com and leaf.example.com.
     */
    private static OpenSslPki openssl;

    @BeforeAll
    static void install() throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        GmsslPeer.command();
        gmssl = Files.createDirectory(directory.resolve("gmssl"));
        gmsslPki(gmssl);
        assertTrue(OpenSslCommand.available(),
                "the openssl command (3.0 or newer) is not on the PATH: it makes the openssl certificates");
        openssl = new OpenSslPki(Files.createDirectory(directory.resolve("openssl"))).chain();
        Files.writeString(openssl.path("tls.cnf"), OPENSSL_TLS_LEAF);
        // "tlsleaf": openssl's key and certificate; "gmleaf": a GmSSL key (openssl 3.0 cannot write GmSSL's
        // encrypted PEM), certified by openssl's intermediate through a GmSSL-made request
        opensslIssue("tlsleaf", openssl.sm2Key("tlsleaf"), null, "tls_leaf");
        opensslIssue("twonames", openssl.sm2Key("twonames"), null, "tls_leaf_two_names");
        Path gmleafKey = openssl.path("gmleaf.gmssl.key");
        GmsslPeer.run(directory, "sm2keygen", "-pass", GMSSL_PASSWORD, "-out", gmleafKey.toString());
        Path gmleafCsr = openssl.path("gmleaf.csr");
        GmsslPeer.run(directory, "reqgen", "-C", "CN", "-O", "ShangMi Test", "-CN", "leaf.example.com",
                "-key", gmleafKey.toString(), "-pass", GMSSL_PASSWORD, "-out", gmleafCsr.toString());
        opensslIssue("gmleaf", null, gmleafCsr, "tls_leaf");
        concatenate(openssl.path("gmleaf-chain.pem"), openssl.path("gmleaf.pem"), openssl.path("inter.pem"));
    }

    @AfterAll
    static void uninstall() {
        Security.removeProvider(ShangMiProvider.NAME);
    }

    /**
     * The Java side's TLS: a ShangMiTLS context with its defaults (the SM suites, curveSM2 and
     * sm2sig_sm3 first). {@code keyManagers} and {@code trustManagers} are the JDK's standard ones
     * (SunX509 over PKCS#12, PKIX), or null.
     */
    private static SSLContext context(KeyManager[] keyManagers, TrustManager[] trustManagers) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLSv1.3", new ShangMiTlsProvider());
        context.init(keyManagers, trustManagers, null);
        return context;
    }

    // ---- our client, GmSSL's server

    /** GmSSL's certificates, its {@code -www} reply: an HTTP response whose body is our request. */
    @Test
    void ourClientReadsGmsslServersReply() throws Exception {
        int port = GmsslPeer.freePort();
        try (GmsslPeer.Running server = gmsslServer(port, gmssl.resolve("server-chain.pem"), gmssl.resolve("server.key"), "-www")) {
            peerSays(server, () -> {
                SSLContext context = context(null, trust(gmssl.resolve("root.pem")));
                byte[] request = "GET /shangmi HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
                try (SSLSocket socket = ourClient(context, server, port, "localhost")) {
                    assertSmSession(socket);
                    X509Certificate[] chain = (X509Certificate[]) socket.getSession().getPeerCertificates();
                    assertEquals(2, chain.length, "the server sends its certificate and the intermediate");
                    assertArrayEquals(der(gmssl.resolve("server.pem")), chain[0].getEncoded());
                    assertArrayEquals(der(gmssl.resolve("ca.pem")), chain[1].getEncoded());

                    socket.getOutputStream().write(request);
                    socket.getOutputStream().flush();
                    byte[] reply = readToEnd(socket.getInputStream());
                    String expected = "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + request.length
                            + "\r\nConnection: close\r\n\r\n" + new String(request, StandardCharsets.US_ASCII);
                    assertEquals(expected, new String(reply, StandardCharsets.ISO_8859_1));
                }
                server.waitFor(TIMEOUT_SECONDS);
                assertTrue(endsWith(server.stdout(), request), "the server prints what it received");
            });
        }
    }

    /**
     * openssl's CA and GmSSL's key, GmSSL echoing: 40000 bytes in 40 records each way, back as
     * sent. {@code tls13_server} echoes through a 1600-byte buffer and then waits for the socket,
     * not for what it still holds of a record: a longer record would be echoed only in part until
     * more bytes arrive, so each write here (one record) is 1000 bytes.
     */
    @Test
    void gmsslServerEchoesOurRecordsOnOpenSslCertificates() throws Exception {
        int port = GmsslPeer.freePort();
        try (GmsslPeer.Running server = gmsslServer(port, openssl.path("gmleaf-chain.pem"), openssl.path("gmleaf.gmssl.key"))) {
            peerSays(server, () -> {
                SSLContext context = context(null, trust(openssl.path("root.pem")));
                byte[] data = bytes(40_000, 1);
                try (SSLSocket socket = ourClient(context, server, port, "leaf.example.com")) {
                    assertSmSession(socket);
                    assertArrayEquals(der(openssl.path("gmleaf.pem")), socket.getSession().getPeerCertificates()[0].getEncoded());
                    for (int offset = 0; offset < data.length; offset += 1000) {
                        socket.getOutputStream().write(data, offset, 1000);
                    }
                    socket.getOutputStream().flush();
                    byte[] echoed = new byte[data.length];
                    new DataInputStream(socket.getInputStream()).readFully(echoed);
                    assertArrayEquals(data, echoed, "GmSSL's echo");
                }
                server.waitFor(TIMEOUT_SECONDS);
                assertTrue(endsWith(server.stdout(), data), "the server prints what it received");
            });
        }
    }

    // ---- GmSSL's client, our server

    /** GmSSL's certificates and key (read from GmSSL's encrypted PEM by ShangMi's PBES2): its request in, our reply out. */
    @Test
    void gmsslClientTalksToOurServer() throws Exception {
        KeyManager[] keys = keys(gmsslKey(gmssl.resolve("server.key")), gmssl.resolve("server.pem"), gmssl.resolve("ca.pem"));
        exchangeWithGmsslClient(context(keys, null), gmssl.resolve("root.pem"), "localhost", false, List.of());
    }

    /** openssl's certificates and key on our side, GmSSL's client checking them against openssl's root. */
    @Test
    void gmsslClientTalksToOurServerOnOpenSslCertificates() throws Exception {
        KeyManager[] keys = keys(opensslKey("tlsleaf"), openssl.path("tlsleaf.pem"), openssl.path("inter.pem"));
        exchangeWithGmsslClient(context(keys, null), openssl.path("root.pem"), "leaf.example.com", false, List.of());
    }

    /**
     * Client authentication towards us: GmSSL's client signs its CertificateVerify; our PKIX
     * trust manager checks its GmSSL-made chain.
     */
    @Test
    void ourServerAcceptsGmsslClientCertificate() throws Exception {
        KeyManager[] keys = keys(opensslKey("tlsleaf"), openssl.path("tlsleaf.pem"), openssl.path("inter.pem"));
        SSLSession session = exchangeWithGmsslClient(context(keys, trust(gmssl.resolve("root.pem"))), openssl.path("root.pem"),
                "leaf.example.com", true, List.of("-cert", gmssl.resolve("client-chain.pem").toString(), "-key",
                        gmssl.resolve("client.key").toString(), "-pass", GMSSL_PASSWORD));
        Certificate[] chain = session.getPeerCertificates();
        assertEquals(2, chain.length);
        assertArrayEquals(der(gmssl.resolve("client.pem")), chain[0].getEncoded());
    }

    // ---- where GmSSL and the RFCs part

    /**
     * GmSSL's {@code tls13_server} ends the handshake when a ClientHello carries the
     * status_request extension in RFC 6066's form (section 8: {@code CertificateStatusRequest} is
     * the status type followed directly by {@code OCSPStatusRequest}, two vectors with 16-bit
     * lengths; Bouncy Castle sends {@code 01 0000 0000}). GmSSL reads one more 16-bit length
     * around the {@code OCSPStatusRequest} ({@code tls_client_status_request_from_bytes} in
     * {@code src/tls_ocsp.c}), finds two bytes left over and aborts. RFC 8446 (section 4.2) keeps
     * RFC 6066's extension in the TLS 1.3 ClientHello. The same client without the extension
     * completes the handshake: the extension alone makes the difference.
     */
    @Test
    void gmsslServerRejectsAnRfc6066StatusRequest() throws Exception {
        X509Certificate leaf = certificate(gmssl.resolve("server.pem"));
        for (boolean statusRequest : new boolean[] {true, false}) {
            int port = GmsslPeer.freePort();
            try (GmsslPeer.Running server = gmsslServer(port, gmssl.resolve("server-chain.pem"), gmssl.resolve("server.key"),
                    "-www")) {
                peerSays(server, () -> {
                    SmClient client = new SmClient(smCrypto(), leaf).statusRequest(statusRequest);
                    try (Socket socket = connect(server, port)) {
                        TlsClientProtocol protocol = new TlsClientProtocol(socket.getInputStream(), socket.getOutputStream());
                        if (statusRequest) {
                            assertThrowsIo(() -> protocol.connect(client), "a handshake with status_request");
                        } else {
                            assertEquals("HTTP/1.0 200 OK", httpGet(protocol, client), "without status_request");
                        }
                    }
                    server.waitFor(TIMEOUT_SECONDS);
                    assertEquals(statusRequest, server.stderr().contains("tls_client_status_request_from_bytes"),
                            "GmSSL's parser of the extension refused it, or not");
                });
            }
        }
    }

    /**
     * The other half of the same difference: GmSSL's {@code tls13_client -status_request} sends
     * the extension as {@code 01 0000} (the status type and one empty 16-bit vector), three bytes
     * where RFC 6066 section 8 has at least five (two 16-bit vector lengths after the type). Our
     * server reads the extension by RFC 6066, runs out of bytes and ends the handshake; GmSSL's
     * client without {@code -status_request} hand-shakes with it ({@link #gmsslClientTalksToOurServer}).
     */
    @Test
    void gmsslClientStatusRequestIsNotRfc6066() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                GmsslPeer.Running client = gmsslClient(listener.getLocalPort(), gmssl.resolve("root.pem"), "localhost",
                        writeRequest(new byte[] {'x'}), List.of("-status_request"))) {
            listener.setSoTimeout(TIMEOUT_MILLIS);
            peerSays(client, () -> {
                try (Socket accepted = listener.accept()) {
                    accepted.setSoTimeout(TIMEOUT_MILLIS);
                    byte[] statusRequest = clientHelloExtensions(new DataInputStream(accepted.getInputStream())).get(5);
                    assertNotNull(statusRequest, "GmSSL's client offers status_request");
                    assertArrayEquals(new byte[] {1, 0, 0}, statusRequest, "GmSSL's status_request body");
                }
            });
        }
        KeyManager[] keys = keys(gmsslKey(gmssl.resolve("server.key")), gmssl.resolve("server.pem"), gmssl.resolve("ca.pem"));
        try (SSLServerSocket listener = ourServerSocket(context(keys, null), false);
                GmsslPeer.Running client = gmsslClient(listener.getLocalPort(), gmssl.resolve("root.pem"), "localhost",
                        writeRequest(new byte[] {'x'}), List.of("-status_request"))) {
            peerSays(client, () -> {
                try (SSLSocket socket = accept(listener)) {
                    IOException refused = assertThrowsIo(socket::startHandshake, "our server's handshake");
                    assertTrue(mentions(refused, "org.bouncycastle.tls.CertificateStatusRequest", "parse"),
                            "our server failed reading the status_request extension, not otherwise");
                }
                client.waitFor(TIMEOUT_SECONDS);
                assertEquals(0, client.stdout().length, "no data reached GmSSL's client");
            });
        }
    }

    /**
     * RFC 5280 (section 4.2.1.9) gives basicConstraints' {@code cA} the DEFAULT FALSE, so DER
     * (X.690 section 11.5) writes {@code CA:FALSE} as an empty SEQUENCE, {@code 30 00}, as openssl
     * does. GmSSL refuses that encoding ({@code x509_basic_constraints_from_der} in
     * {@code src/x509_ext.c} fails on an empty SEQUENCE), so its client rejects a server whose
     * leaf says CA:FALSE. The other openssl-made leaves here leave basicConstraints out.
     */
    @Test
    void gmsslRefusesTheDerOfCaFalse() throws Exception {
        assertArrayEquals(new byte[] {0x04, 0x02, 0x30, 0x00}, certificate(openssl.path("leaf.pem")).getExtensionValue("2.5.29.19"),
                "openssl's CA:FALSE is an empty SEQUENCE (in the extension's OCTET STRING)");
        KeyManager[] keys = keys(opensslKey("leaf"), openssl.path("leaf.pem"), openssl.path("inter.pem"));
        gmsslClientRefuses(context(keys, null), "leaf.example.com", "x509_basic_constraints_from_der");
    }

    /**
     * RFC 6125 (section 6.4; RFC 9525 section 6.3 since) has a client compare the reference name
     * with each DNS name in the certificate's subjectAltName. GmSSL's client takes the first one
     * only ({@code tls_cert_match_server_name} in {@code src/tls13.c}, through
     * {@code x509_general_names_get_first}): a certificate for www.example.com and
     * leaf.example.com is accepted for the first name and refused for the second.
     */
    @Test
    void gmsslClientMatchesOnlyTheFirstDnsName() throws Exception {
        KeyManager[] keys = keys(opensslKey("twonames"), openssl.path("twonames.pem"), openssl.path("inter.pem"));
        SSLContext context = context(keys, null);
        exchangeWithGmsslClient(context, openssl.path("root.pem"), "www.example.com", false, List.of());
        gmsslClientRefuses(context, "leaf.example.com", "tls_cert_chain_verify");
    }

    /**
     * GmSSL's client, checking our server's chain against openssl's root for {@code serverName},
     * gives up in {@code gmsslFunction} (named in its error output): our side's handshake ends
     * with an IOException and no data reaches GmSSL's client.
     */
    private static void gmsslClientRefuses(SSLContext context, String serverName, String gmsslFunction) throws Exception {
        try (SSLServerSocket listener = ourServerSocket(context, false);
                GmsslPeer.Running client = gmsslClient(listener.getLocalPort(), openssl.path("root.pem"), serverName,
                        writeRequest(new byte[] {'x'}), List.of())) {
            peerSays(client, () -> {
                try (SSLSocket socket = accept(listener)) {
                    assertThrowsIo(() -> {
                        socket.startHandshake();
                        socket.getInputStream().read();
                    }, "our server's handshake and first read");
                }
                client.waitFor(TIMEOUT_SECONDS);
                assertTrue(client.stderr().contains(gmsslFunction), "GmSSL's client refused our certificate in " + gmsslFunction);
                assertEquals(0, client.stdout().length, "no data reached GmSSL's client");
            });
        }
    }

    /**
     * RFC 8446 section 5: an unencrypted change_cipher_spec record may arrive at any time after
     * the first ClientHello and before the peer's Finished, and MUST be dropped. Bouncy Castle's
     * client always sends one after the ServerHello, in compatibility mode or not (appendix D.4's
     * dummy record; {@code TlsClientProtocol.process13ServerHelloCoda}, no switch turns it off). GmSSL's server
     * drops it only right before the client's Finished: when it has asked for a certificate it
     * takes the record for the encrypted Certificate, finds it shorter than a GCM tag
     * ({@code tls13_recv_client_certificate}) and ends the handshake. So our JSSE client cannot
     * authenticate to {@code tls13_server}. The same key and chain on Bouncy Castle's TLS API,
     * with that one record left out in transit, are accepted: GmSSL checks the sm2sig_sm3
     * CertificateVerify that ShangMi signed, and the openssl-made chain against openssl's root.
     */
    @Test
    void gmsslServerAskingForACertificateChokesOnTheChangeCipherSpec() throws Exception {
        Path[] ours = {openssl.path("tlsleaf.pem"), openssl.path("inter.pem")};
        PrivateKey key = opensslKey("tlsleaf");
        String[] requestCertificate = {"-www", "-cert_request", "-cacert", openssl.path("root.pem").toString()};
        int first = GmsslPeer.freePort();
        try (GmsslPeer.Running server = gmsslServer(first, gmssl.resolve("server-chain.pem"), gmssl.resolve("server.key"),
                requestCertificate)) {
            peerSays(server, () -> {
                SSLContext context = context(keys(key, ours), trust(gmssl.resolve("root.pem")));
                String status;
                try (SSLSocket socket = ourClient(context, server, first, "localhost")) {
                    socket.getOutputStream().write("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    socket.getOutputStream().flush();
                    status = new String(readToEnd(socket.getInputStream()), StandardCharsets.ISO_8859_1);
                } catch (IOException refused) {
                    status = refused.toString();
                }
                assertFalse(status.startsWith("HTTP/1.0 200"), "GmSSL answered: " + status);
                server.waitFor(TIMEOUT_SECONDS);
                assertTrue(server.stderr().contains("tls13_recv_client_certificate"), "GmSSL failed reading our Certificate");
            });
        }
        int second = GmsslPeer.freePort();
        try (GmsslPeer.Running server = gmsslServer(second, gmssl.resolve("server-chain.pem"), gmssl.resolve("server.key"),
                requestCertificate)) {
            peerSays(server, () -> {
                SmClient client = new SmClient(smCrypto(), certificate(gmssl.resolve("server.pem")))
                        .certificate(key, certificate(ours[0]), certificate(ours[1]));
                try (Socket socket = connect(server, second)) {
                    WithoutChangeCipherSpec out = new WithoutChangeCipherSpec(socket.getOutputStream());
                    TlsClientProtocol protocol = new TlsClientProtocol(socket.getInputStream(), out);
                    assertEquals("HTTP/1.0 200 OK", httpGet(protocol, client), "without the change_cipher_spec record");
                    assertTrue(client.certificateSent, "GmSSL asked for our certificate and got it");
                    assertEquals(1, out.dropped, "change_cipher_spec records left out");
                }
                server.waitFor(TIMEOUT_SECONDS);
            });
        }
    }

    /**
     * RFC 8998 section 3.2.1: CertificateVerify with sm2sig_sm3 is signed with the SM2 ID
     * {@code TLSv1.3+GM+Cipher+Suite}. GmSSL does so ({@code TLS13_SM2_ID} in its
     * {@code include/gmssl/tls.h}): its server's CertificateVerify verifies under that ID and
     * fails under the certificates' default ID {@code 1234567812345678}, with decrypt_error.
     */
    @Test
    void gmsslSignsCertificateVerifyWithTheRfc8998Id() throws Exception {
        X509Certificate leaf = certificate(gmssl.resolve("server.pem"));
        for (String id : List.of("TLSv1.3+GM+Cipher+Suite", "1234567812345678")) {
            boolean rfc = id.startsWith("TLSv1.3");
            int port = GmsslPeer.freePort();
            try (GmsslPeer.Running server = gmsslServer(port, gmssl.resolve("server-chain.pem"), gmssl.resolve("server.key"),
                    "-www")) {
                peerSays(server, () -> {
                    SmClient client = new SmClient(new VerifyingIdCrypto(id.getBytes(StandardCharsets.US_ASCII)), leaf);
                    try (Socket socket = connect(server, port)) {
                        TlsClientProtocol protocol = new TlsClientProtocol(socket.getInputStream(), socket.getOutputStream());
                        if (rfc) {
                            assertEquals("HTTP/1.0 200 OK", httpGet(protocol, client));
                        } else {
                            IOException refused = assertThrowsIo(() -> protocol.connect(client), "verification under " + id);
                            assertTrue(refused instanceof TlsFatalAlert alert
                                    && alert.getAlertDescription() == AlertDescription.decrypt_error,
                                    "expected our decrypt_error, got " + refused);
                        }
                    }
                });
            }
        }
    }

    /**
     * What our client offers, read off its ClientHello: GmSSL's server needs curveSM2 in
     * supported_groups and key_share and sm2sig_sm3 in signature_algorithms, and gives up on a
     * status_request ({@link #gmsslServerRejectsAnRfc6066StatusRequest}), which ShangMiTLS's
     * clients do not send unless {@code jdk.tls.client.enableStatusRequestExtension} asks for it
     * (BouncyCastleDefaultsTest).
     */
    @Test
    void ourClientOffersWhatGmsslNeedsAndNoStatusRequest() throws Exception {
        SSLContext context = context(null, trust(gmssl.resolve("root.pem")));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(TIMEOUT_MILLIS);
            Future<?> handshake = executor.submit(() -> {
                try (Socket plain = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort())) {
                    plain.setSoTimeout(TIMEOUT_MILLIS);
                    SSLSocket socket = (SSLSocket) context.getSocketFactory()
                            .createSocket(plain, "localhost", plain.getPort(), true);
                    socket.setSSLParameters(smParameters(socket.getSSLParameters(), "localhost"));
                    socket.startHandshake();
                } catch (IOException expected) {
                    // the listener hangs up after the ClientHello
                }
                return null;
            });
            try (Socket accepted = listener.accept()) {
                accepted.setSoTimeout(TIMEOUT_MILLIS);
                Map<Integer, byte[]> extensions = clientHelloExtensions(new DataInputStream(accepted.getInputStream()));
                assertFalse(extensions.containsKey(5), "status_request (5) is offered, which GmSSL's server refuses: "
                        + extensions.keySet());
                assertTrue(contains16(extensions.get(10), 2, 0x0029), "supported_groups holds curveSM2");
                assertTrue(contains16(extensions.get(13), 2, 0x0708), "signature_algorithms holds sm2sig_sm3");
                assertNotNull(extensions.get(51), "key_share");
                byte[] keyShare = extensions.get(51);
                assertEquals(0x0029, ((keyShare[2] & 0xff) << 8) | (keyShare[3] & 0xff), "key_share for curveSM2 first");
            }
            handshake.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } finally {
            executor.shutdownNow();
        }
    }

    // ---- the two sides' plumbing

    /** Starts {@code gmssl tls13_server} on the port with the SM options, the chain and GmSSL key, and any further options. */
    private static GmsslPeer.Running gmsslServer(int port, Path chain, Path key, String... more) {
        List<String> args = new ArrayList<>(List.of("tls13_server", "-port", Integer.toString(port)));
        args.addAll(SM_OPTIONS);
        args.addAll(List.of("-cert", chain.toString(), "-key", key.toString(), "-pass", GMSSL_PASSWORD));
        args.addAll(List.of(more));
        return GmsslPeer.start(directory, args.toArray(String[]::new));
    }

    /** Starts {@code gmssl tls13_client} towards our port, checking our certificate for {@code name} against {@code root}. */
    private static GmsslPeer.Running gmsslClient(int port, Path root, String name, Path request, List<String> more) {
        List<String> args = new ArrayList<>(List.of("tls13_client", "-host", "127.0.0.1", "-port", Integer.toString(port)));
        args.addAll(SM_OPTIONS);
        args.addAll(List.of("-cacert", root.toString(), "-server_name", name, "-in", request.toString()));
        args.addAll(more);
        return GmsslPeer.start(directory, args.toArray(String[]::new));
    }

    /**
     * GmSSL's client sends a 20000-byte request from a file; our server reads it all, answers
     * with 30000 other bytes and closes; GmSSL's client prints the answer. Returns our side's session.
     */
    private static SSLSession exchangeWithGmsslClient(SSLContext context, Path root, String name, boolean needClientAuth,
            List<String> more) throws Exception {
        byte[] request = bytes(20_000, 2);
        byte[] response = bytes(30_000, 3);
        SSLSession[] session = new SSLSession[1];
        try (SSLServerSocket listener = ourServerSocket(context, needClientAuth);
                GmsslPeer.Running client = gmsslClient(listener.getLocalPort(), root, name, writeRequest(request), more)) {
            peerSays(client, () -> {
                try (SSLSocket socket = accept(listener)) {
                    socket.startHandshake();
                    assertSmSession(socket);
                    session[0] = socket.getSession();
                    byte[] received = new byte[request.length];
                    new DataInputStream(socket.getInputStream()).readFully(received);
                    assertArrayEquals(request, received, "GmSSL's request");
                    socket.getOutputStream().write(response);
                    socket.getOutputStream().flush();
                }
                client.waitFor(TIMEOUT_SECONDS);
                assertArrayEquals(response, client.stdout(), "what GmSSL's client printed of our response");
                String log = client.stderr();
                assertTrue(log.contains("Protocol: TLS1.3") && log.contains("CipherSuite: " + SUITE),
                        "GmSSL's client reports " + log);
            });
        }
        return session[0];
    }

    private static SSLServerSocket ourServerSocket(SSLContext context, boolean needClientAuth) throws IOException {
        SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 1,
                InetAddress.getLoopbackAddress());
        listener.setSoTimeout(TIMEOUT_MILLIS);
        listener.setEnabledProtocols(new String[] {"TLSv1.3"});
        listener.setEnabledCipherSuites(new String[] {SUITE});
        listener.setNeedClientAuth(needClientAuth);
        return listener;
    }

    private static SSLSocket accept(SSLServerSocket listener) throws IOException {
        SSLSocket socket = (SSLSocket) listener.accept();
        socket.setSoTimeout(TIMEOUT_MILLIS);
        return socket;
    }

    /** Connects to GmSSL's server (retrying until it listens), then hand-shakes over that connection as {@code name}. */
    private static SSLSocket ourClient(SSLContext context, GmsslPeer.Running server, int port, String name) throws IOException {
        // tls13_server serves one connection and exits: the connection that finds it listening is the one used
        Socket plain = connect(server, port);
        try {
            SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(plain, name, port, true);
            socket.setSSLParameters(smParameters(socket.getSSLParameters(), name));
            socket.startHandshake();
            return socket;
        } catch (IOException | RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    /** TLS 1.3, the SM suite, SNI and the endpoint check for {@code name}. */
    private static SSLParameters smParameters(SSLParameters parameters, String name) {
        parameters.setProtocols(new String[] {"TLSv1.3"});
        parameters.setCipherSuites(new String[] {SUITE});
        parameters.setServerNames(List.of(new SNIHostName(name)));
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        return parameters;
    }

    /** A TCP connection to GmSSL's server, tried every 20 ms until it listens; fails with its output if it ends first. */
    private static Socket connect(GmsslPeer.Running server, int port) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS);
        while (true) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), TIMEOUT_MILLIS);
                socket.setSoTimeout(TIMEOUT_MILLIS);
                return socket;
            } catch (ConnectException notYet) {
                socket.close();
                if (!server.isAlive()) {
                    throw new AssertionError("GmSSL's server ended before it listened on port " + port + server.describe());
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("GmSSL's server did not listen on port " + port + " within " + TIMEOUT_MILLIS + " ms"
                            + server.describe());
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
        }
    }

    private static void assertSmSession(SSLSocket socket) {
        assertEquals("TLSv1.3", socket.getSession().getProtocol());
        assertEquals(SUITE, socket.getSession().getCipherSuite());
    }

    private interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body}; any failure carries the GmSSL command's output. */
    private static void peerSays(GmsslPeer.Running peer, Body body) {
        try {
            body.run();
        } catch (Exception | AssertionError e) {
            throw new AssertionError((e instanceof AssertionError ? e.getMessage() : e.toString()) + peer.describe(), e);
        }
    }

    private static IOException assertThrowsIo(Body body, String what) {
        try {
            body.run();
        } catch (IOException e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError(what + " failed otherwise than by an IOException", e);
        }
        throw new AssertionError(what + " succeeded");
    }

    // ---- Bouncy Castle's TLS API, for what JSSE cannot set per connection

    /** ShangMi's TLS crypto as the JSSE provider uses it. */
    private static TlsCrypto smCrypto() {
        return new ShangMiTlsCryptoProvider().create(new SecureRandom());
    }

    /**
     * A TLS 1.3 client on Bouncy Castle's TLS API with only the RFC 8998 offer, accepting exactly
     * the expected server certificate (whose CertificateVerify the crypto checks). Unlike the
     * JSSE client it can turn status_request on and off per connection. By default it sends none,
     * and no certificate.
     */
    private static final class SmClient extends DefaultTlsClient {

        private final X509Certificate expected;
        private boolean statusRequest;
        private PrivateKey key;
        private X509Certificate[] chain;
        volatile boolean certificateSent;

        SmClient(TlsCrypto crypto, X509Certificate expected) {
            super(crypto);
            this.expected = expected;
        }

        SmClient statusRequest(boolean on) {
            statusRequest = on;
            return this;
        }

        /** The key and chain to answer a CertificateRequest with, signing with sm2sig_sm3. */
        SmClient certificate(PrivateKey privateKey, X509Certificate... certificates) {
            key = privateKey;
            chain = certificates.clone();
            return this;
        }

        @Override
        protected ProtocolVersion[] getSupportedVersions() {
            return ProtocolVersion.TLSv13.only();
        }

        @Override
        protected int[] getSupportedCipherSuites() {
            return new int[] {CipherSuite.TLS_SM4_GCM_SM3};
        }

        @Override
        @SuppressWarnings({"rawtypes", "unchecked"})
        protected Vector getSupportedGroups(Vector namedGroupRoles) {
            Vector groups = new Vector();
            groups.add(NamedGroup.curveSM2);
            return groups;
        }

        @Override
        @SuppressWarnings({"rawtypes", "unchecked"})
        protected Vector getSupportedSignatureAlgorithms() {
            Vector schemes = new Vector();
            schemes.add(SignatureScheme.getSignatureAndHashAlgorithm(SignatureScheme.sm2sig_sm3));
            return schemes;
        }

        @Override
        protected CertificateStatusRequest getCertificateStatusRequest() {
            return statusRequest ? super.getCertificateStatusRequest() : null;
        }

        @Override
        public TlsAuthentication getAuthentication() {
            return new TlsAuthentication() {
                @Override
                public void notifyServerCertificate(TlsServerCertificate certificate) throws IOException {
                    try {
                        if (!Arrays.equals(expected.getEncoded(), certificate.getCertificate().getCertificateAt(0).getEncoded())) {
                            throw new TlsFatalAlert(AlertDescription.bad_certificate);
                        }
                    } catch (GeneralSecurityException e) {
                        throw new TlsFatalAlert(AlertDescription.internal_error, e);
                    }
                }

                @Override
                public TlsCredentials getClientCredentials(CertificateRequest request) throws IOException {
                    if (key == null) {
                        return null;
                    }
                    JcaTlsCrypto crypto = (JcaTlsCrypto) getCrypto();
                    CertificateEntry[] entries = new CertificateEntry[chain.length];
                    try {
                        for (int i = 0; i < chain.length; i++) {
                            entries[i] = new CertificateEntry(crypto.createCertificate(chain[i].getEncoded()), null);
                        }
                    } catch (GeneralSecurityException e) {
                        throw new TlsFatalAlert(AlertDescription.internal_error, e);
                    }
                    certificateSent = true;
                    return new JcaDefaultTlsCredentialedSigner(new TlsCryptoParameters(context), crypto, key,
                            new org.bouncycastle.tls.Certificate(request.getCertificateRequestContext(), entries),
                            SignatureScheme.getSignatureAndHashAlgorithm(SignatureScheme.sm2sig_sm3));
                }
            };
        }
    }

    /** Hand-shakes as {@code client}, sends an HTTP GET and returns the first line of the reply, read to its end. */
    private static String httpGet(TlsClientProtocol protocol, SmClient client) throws IOException {
        protocol.connect(client);
        protocol.getOutputStream().write("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        String reply = new String(readToEnd(protocol.getInputStream()), StandardCharsets.ISO_8859_1);
        int end = reply.indexOf("\r\n");
        return end < 0 ? reply : reply.substring(0, end);
    }

    /** Passes the TLS records written to it on, leaving out change_cipher_spec records (type 20). */
    private static final class WithoutChangeCipherSpec extends FilterOutputStream {

        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        int dropped;

        WithoutChangeCipherSpec(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            pending.write(b, off, len);
            byte[] bytes = pending.toByteArray();
            int at = 0;
            while (bytes.length - at >= 5) {
                int length = 5 + (((bytes[at + 3] & 0xff) << 8) | (bytes[at + 4] & 0xff));
                if (bytes.length - at < length) {
                    break;
                }
                if (bytes[at] == 20) {
                    dropped++;
                } else {
                    out.write(bytes, at, length);
                }
                at += length;
            }
            pending.reset();
            pending.write(bytes, at, bytes.length - at);
        }
    }

    /**
     * ShangMi's crypto with a chosen SM2 ID for verifying TLS 1.3 CertificateVerify: records
     * through {@link Sm4TlsAeadCipher}, as {@code ShangMiTlsCrypto} seals them.
     */
    private static final class VerifyingIdCrypto extends JcaTlsCrypto {

        private final byte[] id;

        VerifyingIdCrypto(byte[] id) {
            super(new DefaultJcaJceHelper(), new SecureRandom(), new SecureRandom());
            this.id = id.clone();
        }

        @Override
        protected TlsAEADCipherImpl createAEADCipher(String cipherName, String algorithm, int keySize, boolean isEncrypting)
                throws GeneralSecurityException {
            if (cipherName.startsWith("SM4/")) {
                return new Sm4TlsAeadCipher(getHelper().createCipher(cipherName), isEncrypting);
            }
            return super.createAEADCipher(cipherName, algorithm, keySize, isEncrypting);
        }

        @Override
        protected Tls13Verifier createTls13Verifier(String algorithmName, AlgorithmParameterSpec parameter, PublicKey publicKey)
                throws IOException {
            AlgorithmParameterSpec spec = parameter instanceof SM2ParameterSpec ? new Sm2SignatureSpec(id) : parameter;
            return super.createTls13Verifier(algorithmName, spec, publicKey);
        }
    }

    // ---- PKI and files

    /**
     * openssl's intermediate issues {@code name.pem} with the {@code extensions} section of
     * {@link #OPENSSL_TLS_LEAF}, for a new request made by openssl from {@code key}, or for the
     * request {@code csr} made elsewhere.
     */
    private static void opensslIssue(String name, Path key, Path csr, String extensions) {
        Path request = csr;
        if (request == null) {
            request = openssl.path(name + ".csr");
            OpenSslCommand.run(new byte[0], "req", "-new", "-key", key.toString(), "-sm3", "-sigopt", OpenSslPki.ID_OPTION,
                    "-subj", "/C=CN/O=ShangMi Test/CN=leaf.example.com", "-out", request.toString());
        }
        OpenSslCommand.run(new byte[0], "x509", "-req", "-in", request.toString(), "-vfyopt", OpenSslPki.ID_OPTION,
                "-CA", openssl.path("inter.pem").toString(), "-CAkey", openssl.path("inter.key").toString(), "-sm3",
                "-sigopt", OpenSslPki.ID_OPTION, "-days", "10", "-extfile", openssl.path("tls.cnf").toString(),
                "-extensions", extensions, "-out", openssl.path(name + ".pem").toString());
    }

    /** GmSSL's own chain, made by its commands as its manual shows: root, an intermediate CA, a server and a client leaf. */
    private static void gmsslPki(Path dir) {
        String root = dir.resolve("root").toString();
        GmsslPeer.run(dir, "sm2keygen", "-pass", GMSSL_PASSWORD, "-out", root + ".key");
        GmsslPeer.run(dir, "certgen", "-C", "CN", "-O", "GmSSL Test", "-CN", "GmSSL Root", "-days", "30", "-key", root + ".key",
                "-pass", GMSSL_PASSWORD, "-key_usage", "keyCertSign", "-key_usage", "cRLSign", "-ca", "-out", root + ".pem");
        issue(dir, "ca", "GmSSL CA", "root", "-key_usage", "keyCertSign", "-key_usage", "cRLSign", "-ca",
                "-path_len_constraint", "0");
        issue(dir, "server", "localhost", "ca", "-key_usage", "digitalSignature", "-ext_key_usage", "serverAuth",
                "-subject_dns_name", "localhost");
        issue(dir, "client", "GmSSL Client", "ca", "-key_usage", "digitalSignature", "-ext_key_usage", "clientAuth");
        concatenate(dir.resolve("server-chain.pem"), dir.resolve("server.pem"), dir.resolve("ca.pem"));
        concatenate(dir.resolve("client-chain.pem"), dir.resolve("client.pem"), dir.resolve("ca.pem"));
    }

    private static void issue(Path dir, String name, String commonName, String issuer, String... extensions) {
        String path = dir.resolve(name).toString();
        GmsslPeer.run(dir, "sm2keygen", "-pass", GMSSL_PASSWORD, "-out", path + ".key");
        GmsslPeer.run(dir, "reqgen", "-C", "CN", "-O", "GmSSL Test", "-CN", commonName, "-key", path + ".key",
                "-pass", GMSSL_PASSWORD, "-out", path + ".req");
        List<String> args = new ArrayList<>(List.of("reqsign", "-in", path + ".req", "-days", "20", "-cacert",
                dir.resolve(issuer + ".pem").toString(), "-key", dir.resolve(issuer + ".key").toString(), "-pass", GMSSL_PASSWORD,
                "-out", path + ".pem"));
        args.addAll(List.of(extensions));
        GmsslPeer.run(dir, args.toArray(String[]::new));
    }

    /** A GmSSL private key: PEM {@code ENCRYPTED PRIVATE KEY}, PBES2 with PBKDF2-HMAC-SM3 and SM4-CBC, opened by ShangMi. */
    private static PrivateKey gmsslKey(Path file) throws Exception {
        EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(pem(file, "ENCRYPTED PRIVATE KEY"));
        AlgorithmParameters parameters = info.getAlgParameters();
        Cipher cipher = Cipher.getInstance(parameters.toString());
        cipher.init(Cipher.DECRYPT_MODE,
                SecretKeyFactory.getInstance("PBE").generateSecret(new PBEKeySpec(GMSSL_PASSWORD.toCharArray())), parameters);
        return KeyFactory.getInstance("SM2", ShangMiProvider.NAME).generatePrivate(info.getKeySpec(cipher));
    }

    private static PrivateKey opensslKey(String name) throws Exception {
        return KeyFactory.getInstance("SM2", ShangMiProvider.NAME)
                .generatePrivate(new PemKeySpec(Files.readString(openssl.path(name + ".key"))));
    }

    /** The JDK's SunX509 key manager over a PKCS#12 store holding the key and its chain. */
    private static KeyManager[] keys(PrivateKey key, Path... chain) throws Exception {
        Certificate[] certificates = new Certificate[chain.length];
        for (int i = 0; i < chain.length; i++) {
            certificates[i] = certificate(chain[i]);
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("key", key, STORE_PASSWORD, certificates);
        KeyManagerFactory factory = KeyManagerFactory.getInstance("SunX509");
        factory.init(store, STORE_PASSWORD);
        return factory.getKeyManagers();
    }

    /** The JDK's PKIX trust manager with one root. */
    private static TrustManager[] trust(Path root) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("root", certificate(root));
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(store);
        return factory.getTrustManagers();
    }

    private static X509Certificate certificate(Path pem) throws Exception {
        return OpenSslPki.certificate(CertificateFactory.getInstance("X.509"), pem);
    }

    private static byte[] der(Path pem) throws Exception {
        return certificate(pem).getEncoded();
    }

    /** The body of the one PEM block labelled {@code label} in the file. */
    private static byte[] pem(Path file, String label) throws IOException {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        assertTrue(from >= 0 && to > from, file + " holds no " + label);
        return Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
    }

    private static void concatenate(Path target, Path... parts) {
        try {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (Path part : parts) {
                all.write(Files.readAllBytes(part));
            }
            Files.write(target, all.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path writeRequest(byte[] request) throws IOException {
        Path file = Files.createTempFile(directory, "request-", ".bin");
        Files.write(file, request);
        return file;
    }

    /** {@code length} bytes of a fixed pseudo-random sequence, different per {@code seed}. */
    private static byte[] bytes(int length, long seed) {
        byte[] data = new byte[length];
        new Random(seed).nextBytes(data);
        return data;
    }

    private static byte[] readToEnd(InputStream in) throws IOException {
        return in.readAllBytes();
    }

    private static boolean endsWith(byte[] data, byte[] suffix) {
        return data.length >= suffix.length
                && Arrays.equals(data, data.length - suffix.length, data.length, suffix, 0, suffix.length);
    }

    /**
     * The extensions of the ClientHello in the first record on {@code in}, by type, in order:
     * record header, handshake header, version, random, session id, cipher suites, compression
     * methods, then the extensions (RFC 8446, section 4.1.2).
     */
    private static Map<Integer, byte[]> clientHelloExtensions(DataInputStream in) throws IOException {
        assertEquals(22, in.readUnsignedByte(), "a handshake record");
        in.readUnsignedShort();
        byte[] record = new byte[in.readUnsignedShort()];
        in.readFully(record);
        DataInputStream hello = new DataInputStream(new ByteArrayInputStream(record));
        assertEquals(1, hello.readUnsignedByte(), "a ClientHello");
        hello.skipNBytes(3 + 2 + 32);
        hello.skipNBytes(hello.readUnsignedByte());
        hello.skipNBytes(hello.readUnsignedShort());
        hello.skipNBytes(hello.readUnsignedByte());
        int remaining = hello.readUnsignedShort();
        Map<Integer, byte[]> extensions = new LinkedHashMap<>();
        while (remaining > 0) {
            int type = hello.readUnsignedShort();
            byte[] body = new byte[hello.readUnsignedShort()];
            hello.readFully(body);
            extensions.put(type, body);
            remaining -= 4 + body.length;
        }
        return extensions;
    }

    /** Whether the list of 16-bit values after a {@code prefix}-byte length holds {@code value}. */
    private static boolean contains16(byte[] list, int prefix, int value) {
        if (list == null) {
            return false;
        }
        for (int i = prefix; i + 1 < list.length; i += 2) {
            if ((((list[i] & 0xff) << 8) | (list[i + 1] & 0xff)) == value) {
                return true;
            }
        }
        return false;
    }

    /** Whether a frame of {@code method} in {@code type} is on the stack of {@code failure} or its causes. */
    private static boolean mentions(Throwable failure, String type, String method) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                if (frame.getClassName().equals(type) && frame.getMethodName().equals(method)) {
                    return true;
                }
            }
        }
        return false;
    }
}
