package org.shangmi.sdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.tls.ShangMiTlsProvider;
import org.shangmi.tls.TlcpParameters;
import org.shangmi.tls.tlcp.GmsmPeer;
import org.shangmi.tls.tlcp.TlcpCredentials;

/**
 * Servers whose private keys never leave the device: a TLCP server (ECC suites: the device signs
 * ServerKeyExchange and decrypts the pre-master secret) and a TLS 1.3 server with the RFC 8998
 * suite (the device signs CertificateVerify), each against GmSSL's client, with the chains kept
 * in the device's file area by {@code KeyStore "SDF"} and the keys reached through ShangMiTLS's
 * {@code KeyManagerFactory} over that key store; the TLCP server also serves Go's gmsm client.
 */
class SdfTlsTest extends WithDevice {

    private static final int TIMEOUT_SECONDS = 30;
    private static DevicePki pki;

    @BeforeAll
    static void makePki() throws Exception {
        pki = DevicePki.make();
    }

    /** The device's key store, listing pair 1 only, with its chains set (kept in the device) and read back by a fresh store. */
    private KeyStore deviceStore(String binding) throws Exception {
        open(binding, "key-indexes=1");
        KeyStore writer = KeyStore.getInstance("SDF", provider);
        writer.load(null, null);
        char[] password = SoftSdf.PASSWORD.toCharArray();
        writer.setKeyEntry("sign-1", writer.getKey("sign-1", password), password, pki.chain("sign"));
        writer.setKeyEntry("enc-1", writer.getKey("enc-1", password), password, pki.chain("enc"));
        KeyStore store = KeyStore.getInstance("SDF", provider);
        store.load(null, null);
        KeyStoreHolder.last = store;
        assertArrayEquals(pki.chain("sign"), store.getCertificateChain("sign-1"), "the chain came back from the device's files");
        assertArrayEquals(pki.chain("enc"), store.getCertificateChain("enc-1"));
        KeyStore.PrivateKeyEntry entry = (KeyStore.PrivateKeyEntry) store.getEntry("sign-1",
                new KeyStore.PasswordProtection(password));
        assertNotNull(entry);
        assertTrue(entry.getPrivateKey() instanceof SdfPrivateKey);
        return store;
    }

    private SSLContext server(String protocol, KeyStore store) throws Exception {
        return server(protocol, store, null);
    }

    /** A server on the device's keys trusting {@code clientRoot} for client certificates (none: the JDK's default trust). */
    private SSLContext server(String protocol, KeyStore store, java.security.cert.X509Certificate clientRoot) throws Exception {
        ShangMiTlsProvider tls = new ShangMiTlsProvider();
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", tls);
        keys.init(store, SoftSdf.PASSWORD.toCharArray());
        SSLContext context = SSLContext.getInstance(protocol, tls);
        context.init(keys.getKeyManagers(), clientRoot == null ? null : trusting(clientRoot).getTrustManagers(), null);
        return context;
    }

    /** Trust in {@code root} alone. */
    private static TrustManagerFactory trusting(java.security.cert.X509Certificate root) throws Exception {
        KeyStore anchors = KeyStore.getInstance("PKCS12");
        anchors.load(null, null);
        anchors.setCertificateEntry("root", root);
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
        trust.init(anchors);
        return trust;
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void tlcpServerWithDeviceKeysServesGmssl(String binding) throws Exception {
        SSLContext context = server("TLCPv1.1", deviceStore(binding));
        for (String suite : new String[] {"TLCP_ECC_SM4_GCM_SM3", "TLCP_ECC_SM4_CBC_SM3"}) {
            exchange(context, suite, "tlcp_client", List.of("-cipher_suite", "TLS_" + suite.substring("TLCP_".length())),
                    "Protocol: TLCP");
        }
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void tls13ServerWithADeviceKeyServesGmssl(String binding) throws Exception {
        SSLContext context = server("TLSv1.3", deviceStore(binding));
        exchange(context, "TLS_SM4_GCM_SM3", "tls13_client", List.of("-cipher_suite", "TLS_SM4_GCM_SM3", "-supported_group",
                "sm2p256v1", "-sig_alg", "sm2sig_sm3"), "Protocol: TLS1.3");
    }

    /**
     * Go's gmsm client ({@code gmtls}, TLCP_ECC_SM4_CBC_SM3) against the server on device keys:
     * it sends a line, the server echoes it. The certificate list is [sign, enc] without the
     * root, which the Go client would check for the server name.
     */
    @ParameterizedTest
    @MethodSource("bindings")
    void tlcpServerWithDeviceKeysServesGoGmsm(String binding) throws Exception {
        SSLContext context = server("TLCPv1.1", deviceStore(binding));
        String message = "signed and decrypted in the device";
        try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 1,
                InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(TIMEOUT_SECONDS * 1000);
            TlcpParameters parameters = (TlcpParameters) listener.getSSLParameters();
            parameters.setCertificateOrder(TlcpParameters.CertificateOrder.SIGN_ENC);
            listener.setSSLParameters(parameters);
            CompletableFuture<String> served = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket socket = (SSLSocket) listener.accept()) {
                    socket.setSoTimeout(TIMEOUT_SECONDS * 1000);
                    byte[] line = new byte[message.length() + 1];
                    new DataInputStream(socket.getInputStream()).readFully(line);
                    socket.getOutputStream().write(line);
                    socket.getOutputStream().flush();
                    return socket.getSession().getCipherSuite() + " " + new String(line, StandardCharsets.US_ASCII);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            GmsmPeer.Result result = GmsmPeer.run(pki.directory, List.of("client", "-port",
                    Integer.toString(listener.getLocalPort()), "-ca", pki.directory.resolve("root.pem").toString(), "-message",
                    message, "-timeout", TIMEOUT_SECONDS * 1000 + "ms"), java.time.Duration.ofSeconds(TIMEOUT_SECONDS + 5));
            assertEquals(0, result.exit(), result.describe());
            assertEquals("TLCP_ECC_SM4_CBC_SM3 " + message + "\n", served.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
            assertEquals(message + "\n", result.stdoutText(), result.describe());
        }
    }

    /**
     * TLCP's ECDHE suites need the SM2 key exchange on the server's encryption key, which a device
     * key cannot do here: a client that offers only ECDHE is refused at the choice of suite, by a
     * message that says why, rather than deep in the key exchange.
     */
    @ParameterizedTest
    @MethodSource("bindings")
    void ecdheWithADeviceEncryptionKeyIsRefusedWithTheReason(String binding) throws Exception {
        SSLContext context = server("TLCPv1.1", deviceStore(binding));
        SSLContext clientContext = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        clientContext.init(null, trusting(pki.certificate("root")).getTrustManagers(), null);
        try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 1,
                InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(TIMEOUT_SECONDS * 1000);
            listener.setNeedClientAuth(true);
            CompletableFuture<Throwable> client = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket socket = (SSLSocket) clientContext.getSocketFactory().createSocket(
                        InetAddress.getLoopbackAddress(), listener.getLocalPort())) {
                    socket.setSoTimeout(TIMEOUT_SECONDS * 1000);
                    socket.setEnabledCipherSuites(new String[] {"TLCP_ECDHE_SM4_GCM_SM3"});
                    socket.startHandshake();
                    return null;
                } catch (java.io.IOException e) {
                    return e;
                }
            });
            try (SSLSocket socket = (SSLSocket) listener.accept()) {
                socket.setSoTimeout(TIMEOUT_SECONDS * 1000);
                SSLHandshakeException failed = assertThrows(SSLHandshakeException.class, socket::startHandshake);
                assertTrue(failed.getMessage().contains("no cipher suite in common")
                        && failed.getMessage().contains("a key held in a device or token cannot do the exchange"),
                        failed.getMessage());
            }
            Throwable clientFailure = client.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(clientFailure, "the client's handshake failed too");
            assertTrue(String.valueOf(clientFailure.getMessage()).contains("handshake_failure"), String.valueOf(clientFailure));
        }
    }

    /**
     * Client authentication required and the ECDHE suites first on both sides: a server on device
     * keys still completes, with the ECC suite both offer. The client has keys of its own
     * (software, {@link TlcpCredentials}), under another root the server trusts.
     */
    @ParameterizedTest
    @MethodSource("bindings")
    void aDeviceKeyServerPrefersEcdheButCompletesWithEcc(String binding) throws Exception {
        TlcpCredentials clientKeys = TlcpCredentials.gmssl();
        SSLContext context = server("TLCPv1.1", deviceStore(binding), clientKeys.root());
        ShangMiTlsProvider tls = new ShangMiTlsProvider();
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", tls);
        keys.init(clientKeys.client().keyStore(), TlcpCredentials.STORE_PASSWORD);
        SSLContext clientContext = SSLContext.getInstance("TLCPv1.1", tls);
        clientContext.init(keys.getKeyManagers(), trusting(pki.certificate("root")).getTrustManagers(), null);
        String[] suites = {"TLCP_ECDHE_SM4_GCM_SM3", "TLCP_ECC_SM4_GCM_SM3"};
        try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 1,
                InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(TIMEOUT_SECONDS * 1000);
            listener.setNeedClientAuth(true);
            listener.setEnabledCipherSuites(suites);
            CompletableFuture<String> client = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket socket = (SSLSocket) clientContext.getSocketFactory().createSocket(
                        InetAddress.getLoopbackAddress(), listener.getLocalPort())) {
                    socket.setSoTimeout(TIMEOUT_SECONDS * 1000);
                    socket.setEnabledCipherSuites(suites);
                    socket.startHandshake();
                    return socket.getSession().getCipherSuite();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            try (SSLSocket socket = (SSLSocket) listener.accept()) {
                socket.setSoTimeout(TIMEOUT_SECONDS * 1000);
                socket.startHandshake();
                assertEquals("TLCP_ECC_SM4_GCM_SM3", socket.getSession().getCipherSuite());
                assertEquals(clientKeys.client().signCertificate(), socket.getSession().getPeerCertificates()[0],
                        "the client authenticated");
            }
            assertEquals("TLCP_ECC_SM4_GCM_SM3", client.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        }
    }

    /**
     * The device fails under a handshake (here: closed while the server runs): the server's
     * handshake ends with an exception that says why, and no session of the device stays open.
     */
    @ParameterizedTest
    @MethodSource("bindings")
    void aDeviceThatFailsMidHandshakeEndsItPlainly(String binding) throws Exception {
        SSLContext context = server("TLCPv1.1", deviceStore(binding));
        exchange(context, "TLCP_ECC_SM4_GCM_SM3", "tlcp_client", List.of("-cipher_suite", "TLS_ECC_SM4_GCM_SM3"), "Protocol: TLCP");
        SdfDevice device = ((SdfPrivateKey) KeyStoreHolder.last.getKey("sign-1", SoftSdf.PASSWORD.toCharArray())).device();
        provider.close();
        assertEquals(0, device.openSessions(), "closing the provider closed every session, the keys' too");
        Path directory = Files.createTempDirectory("sdf-client");
        Files.write(directory.resolve("request"), new byte[] {'x'});
        try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 1,
                InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(TIMEOUT_SECONDS * 1000);
            try (GmsslPeer.Running client = GmsslPeer.start(directory, "tlcp_client", "-host", "127.0.0.1", "-port",
                    Integer.toString(listener.getLocalPort()), "-server_name", "localhost", "-cacert",
                    pki.directory.resolve("root.pem").toString(), "-cipher_suite", "TLS_ECC_SM4_GCM_SM3", "-in",
                    directory.resolve("request").toString());
                    SSLSocket socket = (SSLSocket) listener.accept()) {
                socket.setSoTimeout(TIMEOUT_SECONDS * 1000);
                java.io.IOException failed = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                        socket::startHandshake);
                StringBuilder reasons = new StringBuilder();
                for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
                    reasons.append(cause).append('\n');
                }
                assertTrue(reasons.toString().contains("the SDF device is closed"), reasons.toString());
                client.waitFor(TIMEOUT_SECONDS);
                assertEquals(0, client.stdout().length, "no data reached GmSSL's client");
            }
        }
    }

    /** GmSSL's client sends a request to our server on the device's keys; our server answers; both check what they got. */
    private static void exchange(SSLContext context, String suite, String command, List<String> options, String protocol)
            throws Exception {
        byte[] request = "GET /device HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] response = "HTTP/1.0 200 OK\r\n\r\nsigned in the device".getBytes(StandardCharsets.US_ASCII);
        Path directory = Files.createTempDirectory("sdf-client");
        Files.write(directory.resolve("request"), request);
        try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 1,
                InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(TIMEOUT_SECONDS * 1000);
            listener.setEnabledCipherSuites(new String[] {suite});
            List<String> args = new ArrayList<>(List.of(command, "-host", "127.0.0.1", "-port",
                    Integer.toString(listener.getLocalPort()), "-server_name", "localhost", "-cacert", pki.directory.resolve("root.pem").toString(),
                    "-in", directory.resolve("request").toString()));
            args.addAll(options);
            try (GmsslPeer.Running client = GmsslPeer.start(directory, args.toArray(String[]::new));
                    SSLSocket socket = (SSLSocket) listener.accept()) {
                socket.setSoTimeout(TIMEOUT_SECONDS * 1000);
                try {
                    socket.startHandshake();
                } catch (java.io.IOException e) {
                    client.waitFor(TIMEOUT_SECONDS);
                    throw new AssertionError(suite + ": the handshake failed" + client.describe(), e);
                }
                assertEquals(suite, socket.getSession().getCipherSuite());
                byte[] received = new byte[request.length];
                new DataInputStream(socket.getInputStream()).readFully(received);
                assertArrayEquals(request, received, "GmSSL's request");
                socket.getOutputStream().write(response);
                socket.getOutputStream().flush();
                socket.close();
                client.waitFor(TIMEOUT_SECONDS);
                String log = client.stderr();
                assertTrue(log.contains(protocol), suite + ": GmSSL's client reports" + client.describe());
                assertArrayEquals(response, client.stdout(), suite + ": what GmSSL's client printed" + client.describe());
            }
        }
    }

    /** The last device key store made, for a test that needs its keys' device. */
    private static final class KeyStoreHolder {
        static KeyStore last;
    }
}
