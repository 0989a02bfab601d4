package org.shangmi.bench;

import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.SignatureException;
import java.security.Signature;
import java.util.Random;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code Signature}: sign and verify one message per operation, with {@code initSign} /
 * {@code initVerify} every time as applications do. {@code signInitOnce} and
 * {@code verifyInitOnce} initialise once and then only update and sign (verify) per message, as
 * code that keeps one initialised Signature per key does: providers that do per-key work in
 * {@code initSign} (Bouncy Castle recomputes the public key there) look better this way, so the
 * two conditions are reported apart. {@code verify} reuses one public key object
 * (as a server verifying one client does); {@code verifyDecodedKey} decodes the X.509 key each
 * time first (as when every message comes with its own certificate), so no per-key cache helps.
 * SM3withSM2 (default ID) for the SM2 providers; SHA256withECDSA on secp256r1 (the JDK) and on
 * secp256k1 (Bouncy Castle; the JDK dropped the curve) as yardsticks. The {@code NewSignature}
 * variants make a new Signature per message ({@code getInstance} included), as most
 * applications write it.
 */
public class SignatureBench extends PublicKeyBench {

    @Param({"ShangMi-Java", "ShangMi-OpenSSL", "ShangMi-JNI", "ShangMi-Auto", "BC", "Kona", "Kona-Native", "Kona-NativeOneShot", "JDK-SHA256", "BC-secp256k1"})
    public String provider;

    @Param({"32", "128", "256", "1024", "1048576"})
    public int size;

    private Signature signer;
    private Signature verifier;
    private Signature heldSigner;
    private Signature heldVerifier;
    private KeyPair pair;
    private byte[] message;
    private byte[] signature;
    private Peers peer;
    private KeyFactory keyFactory;
    private byte[] encodedPublicKey;

    @Setup
    public void setUp() throws Exception {
        peer = Peers.forLabel(provider);
        pair = peer.keyPairGenerator().generateKeyPair();
        signer = peer.signature();
        verifier = peer.signature();
        message = new byte[size];
        new Random(size).nextBytes(message);
        keyFactory = peer.keyFactory();
        encodedPublicKey = pair.getPublic().getEncoded();
        signature = sign();
        heldSigner = peer.signature();
        heldSigner.initSign(pair.getPrivate());
        heldVerifier = peer.signature();
        heldVerifier.initVerify(pair.getPublic());
        if (!verify() || !verifyDecodedKey() || !verifyInitOnce() || !verifyInitOnce()) {
            throw new IllegalStateException(provider + " does not verify its own signature");
        }
        for (int i = 0; i < 2; i++) {
            verifier.initVerify(pair.getPublic());
            verifier.update(message);
            if (!verifier.verify(signInitOnce())) {
                throw new IllegalStateException(provider + " does not verify a signature made after one initSign");
            }
        }
    }

    @Benchmark
    public byte[] sign() throws Exception {
        signer.initSign(pair.getPrivate());
        signer.update(message);
        return signer.sign();
    }

    @Benchmark
    public boolean verify() throws Exception {
        verifier.initVerify(pair.getPublic());
        verifier.update(message);
        return verifier.verify(signature);
    }

    /** Update and sign only: the Signature was initialised once, in setup. */
    @Benchmark
    public byte[] signInitOnce() throws Exception {
        heldSigner.update(message);
        return heldSigner.sign();
    }

    /** Update and verify only: the Signature was initialised once, in setup. */
    @Benchmark
    public boolean verifyInitOnce() throws Exception {
        heldVerifier.update(message);
        return heldVerifier.verify(signature);
    }

    @Benchmark
    public byte[] signNewSignature() throws Exception {
        Signature fresh = Signature.getInstance(signer.getAlgorithm(), signer.getProvider());
        fresh.initSign(pair.getPrivate());
        fresh.update(message);
        return fresh.sign();
    }

    @Benchmark
    public boolean verifyNewSignature() throws Exception {
        Signature fresh = Signature.getInstance(verifier.getAlgorithm(), verifier.getProvider());
        fresh.initVerify(pair.getPublic());
        fresh.update(message);
        return fresh.verify(signature);
    }

    @Benchmark
    public boolean verifyDecodedKey() throws Exception {
        verifier.initVerify(peer.decodePublicKey(keyFactory, encodedPublicKey));
        verifier.update(message);
        return verifier.verify(signature);
    }
}
