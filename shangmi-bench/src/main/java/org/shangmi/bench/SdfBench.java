package org.shangmi.bench;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Security;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManagerFactory;
import javax.security.auth.x500.X500Principal;
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
import org.openjdk.jmh.annotations.TearDown;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.sdf.SdfPrivateKey;
import org.shangmi.sdf.ShangMiSdfProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * Keys in a crypto device (ShangMiSDF over SoftSDF) beside the same work on in-process keys (the
 * ShangMi provider's Java engines): SM3withSM2 signatures of 32 bytes (one initSign, then update
 * and sign per operation), SM2 decryption of 32 bytes, 16 random bytes from the device's generator
 * (the call itself: through FFM or JNI, with SoftSDF's generator behind it), and full TLCP
 * handshakes (TLCP_ECC_SM4_GCM_SM3) whose server signs and decrypts with the device's keys. Run by
 * {@code bin/bench --sdf}, which makes a SoftSDF device and runs JMH in its directory (SoftSDF
 * keeps its keys in the working directory): {@code library} names SoftSDF's library.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class SdfBench {

    /** "device-ffm" and "device-jni": keys in the device through that binding; "java": in-process keys. */
    @Param({"device-ffm", "device-jni", "java"})
    public String engine;

    /** The SDF library (bin/bench --sdf sets it). */
    @Param("")
    public String library;

    /** The access password of the device's key pair 1 (bin/bench --sdf makes the device with it). */
    @Param("P@ssw0rd")
    public String password;

    private static final byte[] MESSAGE = "32 bytes signed, 32 decrypted!!!".getBytes(StandardCharsets.US_ASCII);

    private ShangMiSdfProvider device;
    private Signature signer;
    private Cipher decryptor;
    private byte[] ciphertext;
    private SecureRandom random;
    private final byte[] randomBytes = new byte[16];
    private SSLContext server;
    private SSLContext client;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        ShangMiProvider shangMi = new ShangMiProvider();
        Security.insertProviderAt(shangMi, 1);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2", shangMi);
        KeyPair root = generator.generateKeyPair();
        X500Principal rootName = new X500Principal("CN=SDF bench root");
        X509Certificate rootCertificate = TlcpBench.certificate(root, rootName, root, rootName,
                "basicConstraints = critical,CA:TRUE", "keyUsage = critical,keyCertSign");
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("root", rootCertificate);
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
        trust.init(trusted);
        client = TlcpBench.context(TlcpBench.side(generator, root, rootName, rootCertificate, "client"), trust);

        PrivateKey signing;
        PrivateKey encryption;
        PublicKey encrypting;
        if (engine.equals("java")) {
            KeyStore keys = TlcpBench.side(generator, root, rootName, rootCertificate, "localhost");
            server = TlcpBench.context(keys, trust);
            signing = (PrivateKey) keys.getKey("sign", "bench".toCharArray());
            encryption = (PrivateKey) keys.getKey("enc", "bench".toCharArray());
            encrypting = keys.getCertificate("enc").getPublicKey();
            random = SecureRandom.getInstance("DRBG");
        } else {
            if (library.isEmpty()) {
                throw new IllegalStateException("name SoftSDF's library with -p library=PATH (bin/bench --sdf does)");
            }
            String binding = engine.substring("device-".length());
            device = (ShangMiSdfProvider) new ShangMiSdfProvider().configure("--library=" + library + "\\nbinding=" + binding
                    + "\\nkey-indexes=1");
            Security.addProvider(device);
            KeyStore keys = KeyStore.getInstance("SDF", device);
            keys.load(null, null);
            char[] secret = password.toCharArray();
            signing = (PrivateKey) keys.getKey("sign-1", secret);
            encryption = (PrivateKey) keys.getKey("enc-1", secret);
            encrypting = ((SdfPrivateKey) encryption).getPublicKey();
            X500Principal name = new X500Principal("CN=localhost");
            String san = "subjectAltName = DNS:localhost";
            keys.setKeyEntry("sign-1", signing, secret, new Certificate[] {TlcpBench.certificate(
                    new KeyPair(((SdfPrivateKey) signing).getPublicKey(), null), name, root, rootName,
                    "keyUsage = critical,digitalSignature", san), rootCertificate});
            keys.setKeyEntry("enc-1", encryption, secret, new Certificate[] {TlcpBench.certificate(
                    new KeyPair(encrypting, null), name, root, rootName, "keyUsage = critical,keyEncipherment", san), rootCertificate});
            KeyManagerFactory managers = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
            managers.init(keys, secret);
            server = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
            server.init(managers.getKeyManagers(), null, null);
            random = SecureRandom.getInstance("SDF", device);
        }
        signer = Signature.getInstance("SM3withSM2");
        signer.initSign(signing);
        decryptor = Cipher.getInstance("SM2");
        decryptor.init(Cipher.DECRYPT_MODE, encryption);
        Cipher encryptor = Cipher.getInstance("SM2", shangMi);
        encryptor.init(Cipher.ENCRYPT_MODE, encrypting);
        ciphertext = encryptor.doFinal(MESSAGE);
        if (!java.util.Arrays.equals(MESSAGE, decryptor.doFinal(ciphertext))) {
            throw new IllegalStateException("the decryption does not give the message back");
        }
        signSm2(); // a failing device shows here, not in the measurement
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (device != null) {
            Security.removeProvider(device.getName());
            device.close();
        }
        Security.removeProvider(ShangMiProvider.NAME);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public byte[] signSm2() throws Exception {
        signer.update(MESSAGE);
        return signer.sign();
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public byte[] decryptSm2() throws Exception {
        return decryptor.doFinal(ciphertext);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public byte[] random16() {
        random.nextBytes(randomBytes);
        return randomBytes;
    }

    /** A full TLCP_ECC_SM4_GCM_SM3 handshake between new engines; the server's keys are the engine's. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Object tlcpFullHandshake() throws Exception {
        SSLEngine clientEngine = client.createSSLEngine();
        clientEngine.setUseClientMode(true);
        clientEngine.setEnabledCipherSuites(new String[] {"TLCP_ECC_SM4_GCM_SM3"});
        SSLEngine serverEngine = server.createSSLEngine();
        serverEngine.setUseClientMode(false);
        EnginePairs.handshake(clientEngine, serverEngine);
        return clientEngine.getSession();
    }
}
