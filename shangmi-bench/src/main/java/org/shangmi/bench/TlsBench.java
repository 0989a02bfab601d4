package org.shangmi.bench;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509KeyManager;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.jsse.provider.BouncyCastleJsseProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.shangmi.pki.CertificateBuilder;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiKeyManager;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * TLS 1.3 over two SSLEngines in memory, no sockets: full handshakes per second (key shares,
 * one signature and its check each way of the server's certificate, the PKIX check of a
 * self-signed certificate, the key schedule) and bulk records of 16 KiB (one wrap and one unwrap
 * per operation).
 *
 * <p>Stacks: {@code ShangMiTLS-SM} (ShangMiTLS, TLS_SM4_GCM_SM3, curveSM2, sm2sig_sm3 on
 * ShangMi's Java engines; its client sends key shares for curveSM2 and x25519, as by default),
 * {@code ShangMiTLS-SM-1share} (the same with a curveSM2 key share alone), {@code BC-SM} (Bouncy Castle's JSSE on Bouncy Castle's provider, the
 * same suite), {@code BC-P256} (Bouncy Castle's JSSE and provider, TLS_AES_128_GCM_SHA256 on
 * secp256r1 with ECDSA), {@code JDK-P256} (SunJSSE, TLS_AES_128_GCM_SHA256 with ECDSA on P-256, as by
 * default: its client sends key shares for x25519 and secp256r1 and its server picks x25519) and
 * {@code JDK-P256-1share} (the same with secp256r1 alone on both sides: ECDHE and ECDSA on P-256)
 * and {@code Kona-SM} (Tencent's KonaSSL on its own providers, {@link KonaTls}, TLS_SM4_GCM_SM3 with
 * its default groups and signature schemes; the certificate and key made as for ShangMiTLS-SM).
 * Bouncy Castle's JSSE 1.84 does not resume TLS 1.3 sessions, so there is no resumed-handshake row
 * for its stacks.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class TlsBench {

    /** Bouncy Castle's JSSE logs every connection at INFO, to standard error: not part of what is measured. */
    private static final java.util.logging.Logger ENGINE_LOG = java.util.logging.Logger.getLogger("org.bouncycastle.jsse");

    @Param({"ShangMiTLS-SM", "ShangMiTLS-SM-1share", "BC-SM", "BC-P256", "JDK-P256", "JDK-P256-1share", "Kona-SM"})
    public String stack;

    private SSLContext client;
    private SSLContext server;
    private String suite;
    private SSLEngine bulkClient;
    private SSLEngine bulkServer;
    private final ByteBuffer record16k = ByteBuffer.allocate(16_384);
    private ByteBuffer wire;
    private ByteBuffer received;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        ENGINE_LOG.setLevel(java.util.logging.Level.WARNING);
        boolean sm = stack.contains("-SM");
        Provider jsse;
        Provider keys;
        if (stack.startsWith("ShangMiTLS") || stack.startsWith("Kona")) {
            Security.insertProviderAt(new ShangMiProvider(), 1);
            keys = Security.getProvider(ShangMiProvider.NAME);
            jsse = new ShangMiTlsProvider();
        } else if (stack.startsWith("BC")) {
            keys = new BouncyCastleProvider();
            jsse = new BouncyCastleJsseProvider(keys);
        } else {
            keys = null;
            jsse = Security.getProvider("SunJSSE");
        }
        suite = sm ? "TLS_SM4_GCM_SM3" : "TLS_AES_128_GCM_SHA256";
        KeyPairGenerator generator = keys == null ? KeyPairGenerator.getInstance("EC") : KeyPairGenerator.getInstance("EC", keys);
        generator.initialize(new ECGenParameterSpec(sm ? "sm2p256v1" : "secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        Signature signer = keys == null ? Signature.getInstance("SHA256withECDSA") : Signature.getInstance(sm ? "SM3withSM2" : "SHA256withECDSA", keys);
        signer.initSign(pair.getPrivate());
        X500Principal name = new X500Principal("CN=localhost");
        byte[] der = new CertificateBuilder().serial(BigInteger.ONE).subject(name).issuer(name, pair.getPublic())
                .publicKey(pair.getPublic()).validity(Instant.now().minusSeconds(60), 30).signDer(signer);
        // Bouncy Castle's stacks keep to Bouncy Castle's provider; the others read through the JDK's classes
        boolean bc = stack.startsWith("BC");
        CertificateFactory certificates = bc ? CertificateFactory.getInstance("X.509", keys) : CertificateFactory.getInstance("X.509");
        Certificate certificate = certificates.generateCertificate(new java.io.ByteArrayInputStream(der));
        PrivateKey key = bc ? KeyFactory.getInstance("EC", keys).generatePrivate(new PKCS8EncodedKeySpec(pair.getPrivate().getEncoded()))
                : pair.getPrivate();

        char[] password = "bench".toCharArray();
        KeyStore store = bc ? KeyStore.getInstance("PKCS12", keys) : KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("server", key, password, new Certificate[] {certificate});
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(jsse == null || stack.startsWith("JDK") ? "SunX509" : "PKIX", jsse);
        keyManagers.init(store, password);
        KeyManager[] managers = keyManagers.getKeyManagers();
        if (stack.equals("BC-SM")) {
            // Bouncy Castle's key managers know no key type for sm2sig_sm3; ShangMi's offers the SM2 key
            managers = new KeyManager[] {new ShangMiKeyManager((X509KeyManager) managers[0])};
        }
        KeyStore trusted = bc ? KeyStore.getInstance("PKCS12", keys) : KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("server", certificate);
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX", stack.startsWith("BC") ? jsse : Security.getProvider("SunJSSE"));
        trust.init(trusted);

        if (stack.startsWith("Kona")) {
            KonaTls kona = KonaTls.install();
            server = kona.context("TLSv1.3", store, password, trusted);
            client = kona.context("TLSv1.3", null, password, trusted);
        } else {
            server = SSLContext.getInstance("TLSv1.3", jsse);
            server.init(managers, null, null);
            client = SSLContext.getInstance("TLSv1.3", jsse);
            client.init(null, trust.getTrustManagers(), null);
        }

        SSLEngine[] pairOfEngines = engines();
        bulkClient = pairOfEngines[0];
        bulkServer = pairOfEngines[1];
        EnginePairs.handshake(bulkClient, bulkServer);
        if (!suite.equals(bulkClient.getSession().getCipherSuite())) {
            throw new IllegalStateException(stack + " negotiated " + bulkClient.getSession().getCipherSuite());
        }
        wire = ByteBuffer.allocate(2 * bulkClient.getSession().getPacketBufferSize());
        received = ByteBuffer.allocate(2 * bulkServer.getSession().getApplicationBufferSize());
    }

    private SSLEngine[] engines() {
        SSLEngine clientEngine = client.createSSLEngine("localhost", 443);
        clientEngine.setUseClientMode(true);
        clientEngine.setEnabledCipherSuites(new String[] {suite});
        SSLEngine serverEngine = server.createSSLEngine();
        serverEngine.setUseClientMode(false);
        serverEngine.setEnabledCipherSuites(new String[] {suite});
        if (stack.equals("JDK-P256-1share")) {
            for (SSLEngine engine : new SSLEngine[] {clientEngine, serverEngine}) {
                javax.net.ssl.SSLParameters parameters = engine.getSSLParameters();
                parameters.setNamedGroups(new String[] {"secp256r1"});
                engine.setSSLParameters(parameters);
            }
        }
        if (stack.equals("ShangMiTLS-SM-1share")) {
            org.bouncycastle.jsse.BCSSLEngine bc = (org.bouncycastle.jsse.BCSSLEngine) clientEngine;
            org.bouncycastle.jsse.BCSSLParameters parameters = bc.getParameters();
            parameters.setEarlyKeyShares(new String[] {"curveSM2"});
            bc.setParameters(parameters);
        }
        if (stack.equals("BC-SM")) {
            // Bouncy Castle's JSSE leaves curveSM2 and sm2sig_sm3 off unless named
            for (SSLEngine engine : new SSLEngine[] {clientEngine, serverEngine}) {
                org.bouncycastle.jsse.BCSSLEngine bc = (org.bouncycastle.jsse.BCSSLEngine) engine;
                org.bouncycastle.jsse.BCSSLParameters parameters = bc.getParameters();
                parameters.setNamedGroups(new String[] {"curveSM2"});
                parameters.setSignatureSchemes(new String[] {"sm2sig_sm3"});
                bc.setParameters(parameters);
            }
        }
        return new SSLEngine[] {clientEngine, serverEngine};
    }

    /** A full handshake between a new client and a new server engine. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Object fullHandshake() throws Exception {
        SSLEngine[] pairOfEngines = engines();
        EnginePairs.handshake(pairOfEngines[0], pairOfEngines[1]);
        return pairOfEngines[0].getSession();
    }

    /** One 16 KiB record sealed by the client and opened by the server. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public int bulk16KiB() throws Exception {
        record16k.clear();
        wire.clear();
        bulkClient.wrap(record16k, wire);
        wire.flip();
        received.clear();
        bulkServer.unwrap(wire, received);
        return received.position();
    }
}
