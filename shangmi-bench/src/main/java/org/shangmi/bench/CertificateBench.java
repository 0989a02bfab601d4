package org.shangmi.bench;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import javax.security.auth.x500.X500Principal;
import org.shangmi.pki.CertificateBuilder;
import org.shangmi.pki.Extensions;
import org.shangmi.pki.Names;
import org.shangmi.provider.Backend;
import org.shangmi.provider.ShangMiProvider;

/**
 * Certificates: parse a leaf certificate (with the extensions a TLS server's has) and verify it
 * with its issuer's public key, as a client does with each certificate it receives.
 * "ShangMi-*" is an SM3withSM2 certificate through the JDK's own {@code CertificateFactory} with
 * ShangMi installed first, whose "EC" services read the SM2 key and whose SM3withSM2 verifies;
 * "BC" the same certificate through Bouncy Castle's factory and signature. "JDK-P256" is a
 * SHA256withECDSA certificate on P-256 through the JDK alone, and "JDK-P256-ShangMi-first" the
 * same with ShangMi installed first: what installing it costs programs that never use SM2. The
 * leaves cycle through a pool larger than the JDK's certificate cache (750 entries), so that
 * every parse is a parse.
 */
public class CertificateBench extends PublicKeyBench {

    @Param({"ShangMi-Java", "ShangMi-OpenSSL", "BC", "JDK-P256", "JDK-P256-ShangMi-first"})
    public String provider;

    /** A power of two above the JDK factory's 750-entry cache. */
    private static final int POOL = 2048;

    private byte[][] leaves;
    private int next;
    private CertificateFactory factory;
    /** The provider that verifies, or null for the JDK's choice. */
    private Provider verifying;
    private PublicKey issuerKey;

    @Setup
    public void setUp() throws Exception {
        boolean p256 = provider.startsWith("JDK-P256");
        verifying = p256 ? null : Peers.forLabel(provider).provider();
        if (verifying instanceof ShangMiProvider || provider.endsWith("ShangMi-first")) {
            Security.insertProviderAt(verifying != null ? verifying : new ShangMiProvider(Backend.JAVA), 1);
        }
        factory = verifying == null || verifying instanceof ShangMiProvider ? CertificateFactory.getInstance("X.509")
                : CertificateFactory.getInstance("X.509", verifying);
        if (p256) {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", "SunEC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            makeCertificates(generator, Signature.getInstance("SHA256withECDSA", "SunEC"));
        } else {
            Provider maker = new ShangMiProvider(Backend.JAVA);
            makeCertificates(KeyPairGenerator.getInstance("SM2", maker), Signature.getInstance("SM3withSM2", maker));
        }
        for (int i = 0; i < POOL; i++) {
            parseAndVerify();
        }
    }

    /** A CA and {@link #POOL} leaves it issued, each with its own key; made the same way whatever is measured. */
    private void makeCertificates(KeyPairGenerator generator, Signature signer) throws Exception {
        KeyPair ca = generator.generateKeyPair();
        X500Principal caName = Names.parse("/C=CN/O=ShangMi Bench/CN=Bench CA");
        signer.initSign(ca.getPrivate());
        byte[] root = new CertificateBuilder().serial(BigInteger.ONE).subject(caName).issuer(caName, ca.getPublic())
                .publicKey(ca.getPublic()).validity(Instant.now(), 365)
                .extensions(new Extensions().add("basicConstraints = critical,CA:TRUE").add("keyUsage = critical,keyCertSign,cRLSign")
                        .add("subjectKeyIdentifier = hash"))
                .signDer(signer);
        issuerKey = factory.generateCertificate(new ByteArrayInputStream(root)).getPublicKey();
        leaves = new byte[POOL][];
        for (int i = 0; i < POOL; i++) {
            String host = "host" + i + ".bench.example.com";
            signer.initSign(ca.getPrivate());
            leaves[i] = new CertificateBuilder().serial(BigInteger.valueOf(1000 + i)).issuer(caName, ca.getPublic())
                    .subject(Names.parse("/C=CN/O=ShangMi Bench/CN=" + host)).publicKey(generator.generateKeyPair().getPublic())
                    .validity(Instant.now(), 90).extensions(serverExtensions(host)).signDer(signer);
        }
    }

    /** What a TLS server's certificate carries: constraints, usages, its name, key identifiers. */
    private static Extensions serverExtensions(String host) {
        return new Extensions().add("basicConstraints = critical,CA:FALSE")
                .add("keyUsage = critical,digitalSignature,keyEncipherment").add("extendedKeyUsage = serverAuth,clientAuth")
                .add("subjectAltName = DNS:" + host).add("subjectKeyIdentifier = hash").add("authorityKeyIdentifier = keyid");
    }

    private byte[] nextLeaf() {
        return leaves[next++ & (POOL - 1)];
    }

    /** Parsing and reading the public key (the JDK reads it while parsing, Bouncy Castle on demand). */
    @Benchmark
    public PublicKey parse() throws Exception {
        return factory.generateCertificate(new ByteArrayInputStream(nextLeaf())).getPublicKey();
    }

    @Benchmark
    public X509Certificate parseAndVerify() throws Exception {
        X509Certificate certificate = (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(nextLeaf()));
        if (verifying == null) {
            certificate.verify(issuerKey);
        } else {
            certificate.verify(issuerKey, verifying);
        }
        return certificate;
    }
}
