package org.shangmi.bench;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.TrustManagerFactory;
import javax.security.auth.x500.X500Principal;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.shangmi.pki.CertificateBuilder;
import org.shangmi.pki.Extensions;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * TLCP 1.1 over two SSLEngines of ShangMiTLS in memory, for each of the four suites: full
 * handshakes per second (ECC: the server's two signatures' checks, the pre-master SM2-encrypted
 * and decrypted, the key derivation; ECDHE: client certificates both ways, CertificateVerify and
 * the SM2 key exchange), resumed handshakes (session ID), and bulk records of 16 KiB: one wrap
 * and one unwrap per operation, and writes of 64 KiB and 256 KiB handed to wrap at once (a
 * ShangMiTLS wrap seals all their records, CBC ones side by side; Kona's one a wrap). Certificates: a root and, per side, a signing and an encryption
 * certificate it issued, all SM2. Stacks: {@code ShangMiTLS}, and {@code Kona} (Tencent's KonaSSL
 * on its own providers, {@link KonaTls}; its servers read the ECDHE ClientKeyExchange without the
 * standard's length, as its clients write it). Run beside {@link TlsBench}'s ShangMiTLS-SM and
 * JDK-P256 rows for the TLS 1.3 comparison.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class TlcpBench {

    @Param({"TLCP_ECC_SM4_GCM_SM3", "TLCP_ECC_SM4_CBC_SM3", "TLCP_ECDHE_SM4_GCM_SM3", "TLCP_ECDHE_SM4_CBC_SM3"})
    public String tlcpSuite;

    @Param({"ShangMiTLS", "Kona"})
    public String stack;

    private SSLContext client;
    private SSLContext server;
    private SSLEngine bulkClient;
    private SSLEngine bulkServer;
    private final ByteBuffer record16k = ByteBuffer.allocate(16_384);
    private final ByteBuffer write64k = ByteBuffer.allocate(4 * 16_384);
    private final ByteBuffer write256k = ByteBuffer.allocate(16 * 16_384);
    private ByteBuffer wideWire;
    private ByteBuffer wire;
    private ByteBuffer received;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2");
        KeyPair root = generator.generateKeyPair();
        X500Principal rootName = new X500Principal("CN=TLCP bench root");
        X509Certificate rootCertificate = certificate(root, rootName, root, rootName,
                "basicConstraints = critical,CA:TRUE", "keyUsage = critical,keyCertSign");
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("root", rootCertificate);
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
        trust.init(trusted);
        KeyStore serverKeys = side(generator, root, rootName, rootCertificate, "localhost");
        KeyStore clientKeys = side(generator, root, rootName, rootCertificate, "client");
        if (stack.equals("Kona")) {
            KonaTls kona = KonaTls.install();
            server = kona.context("TLCPv1.1", serverKeys, PASSWORD, trusted);
            client = kona.context("TLCPv1.1", clientKeys, PASSWORD, trusted);
        } else if (stack.equals("ShangMiTLS")) {
            server = context(serverKeys, trust);
            client = context(clientKeys, trust);
        } else {
            throw new IllegalArgumentException("no stack " + stack);
        }

        bulkClient = clientEngine(true);
        bulkServer = serverEngine();
        EnginePairs.handshake(bulkClient, bulkServer);
        if (!tlcpSuite.equals(bulkClient.getSession().getCipherSuite())) {
            throw new IllegalStateException("negotiated " + bulkClient.getSession().getCipherSuite());
        }
        wire = ByteBuffer.allocate(2 * bulkClient.getSession().getPacketBufferSize());
        wideWire = ByteBuffer.allocate(17 * bulkClient.getSession().getPacketBufferSize());
        received = ByteBuffer.allocate(2 * bulkServer.getSession().getApplicationBufferSize());
    }

    private static final char[] PASSWORD = "bench".toCharArray();

    /** A key store with a side's "sign" and "enc" entries, one subject, issued by the root. */
    static KeyStore side(KeyPairGenerator generator, KeyPair root, X500Principal rootName, X509Certificate rootCertificate,
            String commonName) throws Exception {
        X500Principal name = new X500Principal("CN=" + commonName);
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        String san = "subjectAltName = DNS:" + commonName;
        KeyPair sign = generator.generateKeyPair();
        store.setKeyEntry("sign", sign.getPrivate(), PASSWORD, new Certificate[] {
            certificate(sign, name, root, rootName, "keyUsage = critical,digitalSignature", san), rootCertificate});
        KeyPair enc = generator.generateKeyPair();
        store.setKeyEntry("enc", enc.getPrivate(), PASSWORD, new Certificate[] {
            certificate(enc, name, root, rootName, "keyUsage = critical,keyEncipherment,keyAgreement", san), rootCertificate});
        return store;
    }

    static X509Certificate certificate(KeyPair subject, X500Principal subjectName, KeyPair issuer, X500Principal issuerName,
            String... extensionLines) throws Exception {
        Extensions extensions = new Extensions();
        for (String line : extensionLines) {
            extensions.add(line);
        }
        return new CertificateBuilder().serial(BigInteger.valueOf(System.nanoTime())).issuer(issuerName, issuer.getPublic())
                .subject(subjectName).publicKey(subject.getPublic()).validity(Instant.now().minusSeconds(60), 30)
                .extensions(extensions).sign(issuer.getPrivate());
    }

    static SSLContext context(KeyStore keys, TrustManagerFactory trust) throws Exception {
        KeyManagerFactory managers = KeyManagerFactory.getInstance("SunX509");
        managers.init(keys, PASSWORD);
        SSLContext context = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        context.init(managers.getKeyManagers(), trust.getTrustManagers(), null);
        return context;
    }

    /** A client engine; with a peer host and port it offers that peer's cached session, without it never. */
    private SSLEngine clientEngine(boolean cached) {
        SSLEngine engine = cached ? client.createSSLEngine("localhost", 443) : client.createSSLEngine();
        engine.setUseClientMode(true);
        engine.setEnabledCipherSuites(new String[] {tlcpSuite});
        return engine;
    }

    private SSLEngine serverEngine() {
        SSLEngine engine = server.createSSLEngine();
        engine.setUseClientMode(false);
        engine.setNeedClientAuth(tlcpSuite.contains("ECDHE")); // the ECDHE suites need the client's certificates
        return engine;
    }

    /** A full handshake between a new client and a new server engine. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Object fullHandshake() throws Exception {
        SSLEngine clientEngine = clientEngine(false);
        EnginePairs.handshake(clientEngine, serverEngine());
        return clientEngine.getSession();
    }

    /** An abbreviated handshake: the client offers the session of its first handshake, the server resumes it. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Object resumedHandshake() throws Exception {
        SSLEngine clientEngine = clientEngine(true);
        EnginePairs.handshake(clientEngine, serverEngine());
        return clientEngine.getSession();
    }

    /**
     * One 16 KiB record sealed by the client and opened by the server: one wrap into a buffer of
     * the packet size, as Netty's and Tomcat's engines are driven.
     */
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

    /**
     * 64 KiB handed to wrap at once (as an SSLSocket's write of 64 KiB does), into a buffer with
     * room for all its records, wrapped until consumed and opened record by record; the score is
     * 16 KiB records per second.
     */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(4)
    public int bulk64KiBWrites() throws Exception {
        return bulkWrite(write64k);
    }

    /** As {@link #bulk64KiBWrites}, 256 KiB at once (sixteen records). */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(16)
    public int bulk256KiBWrites() throws Exception {
        return bulkWrite(write256k);
    }

    private int bulkWrite(ByteBuffer data) throws Exception {
        data.clear();
        wideWire.clear();
        while (data.hasRemaining()) {
            if (bulkClient.wrap(data, wideWire).getStatus() != SSLEngineResult.Status.OK) {
                throw new IllegalStateException("wrap did not take the data");
            }
        }
        wideWire.flip();
        int opened = 0;
        while (wideWire.hasRemaining()) {
            received.clear();
            bulkServer.unwrap(wideWire, received);
            opened += received.position();
        }
        return opened;
    }
}
