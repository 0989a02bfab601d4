package org.shangmi.bench;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.Sm9EphemeralPublicKey;
import org.shangmi.provider.Sm9KeyEncapsulation;
import org.shangmi.provider.Sm9MasterPublicKey;
import org.shangmi.provider.spec.Sm9CipherParameterSpec;
import org.shangmi.provider.spec.Sm9ExchangeKeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9KemParameterSpec;
import org.shangmi.provider.spec.Sm9KeyExchangeSpec;
import org.shangmi.provider.spec.Sm9KeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9ParameterSpec;
import org.shangmi.provider.spec.Sm9UserKeySpec;

/**
 * SM9 through the JCA, one operation per call: the pairing alone; signing (the master key's
 * g = e(P1, Ppub-s) computed once per key and kept, as GmSSL does not) and verification of a
 * 32-byte message; key encapsulation and decapsulation of 32 bytes; encryption and decryption
 * of 32 bytes (the XOR cipher); and one party's side of a key exchange (its ephemeral key, the
 * agreement with the peer's R, both confirmations). {@code bin/bench --sm9} runs these beside
 * GmSSL 3's C implementation on the same machine. Bouncy Castle 1.84 has no SM9.
 */
@State(Scope.Thread)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 4, time = 2)
public class Sm9Bench {

    private static final byte[] ALICE = "Alice".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BOB = "Bob".getBytes(StandardCharsets.US_ASCII);

    private final ShangMiProvider provider = new ShangMiProvider();
    private final byte[] message = new byte[32];
    private Signature signer;
    private Signature verifier;
    private byte[] signature;
    private Sm9MasterPublicKey encryptMaster;
    private PrivateKey bob;
    private Sm9KemParameterSpec kemSpec;
    private byte[] encapsulation;
    private Cipher encryptor;
    private Cipher decryptor;
    private byte[] ciphertext;
    private byte[] p1;
    private byte[] ppubS;
    private KeyPairGenerator ephemeralForAlice;
    private Sm9KeyExchangeSpec bobExchange;
    private Sm9EphemeralPublicKey aliceR;
    private KeyAgreement agreement;

    @Setup
    public void setUp() throws Exception {
        Arrays.fill(message, (byte) 'm');
        KeyFactory keys = KeyFactory.getInstance("SM9", provider);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM9", provider);
        generator.initialize(Sm9KeyGenParameterSpec.SIGN);
        KeyPair sign = generator.generateKeyPair();
        PrivateKey alice = keys.generatePrivate(new Sm9UserKeySpec(sign.getPrivate(), ALICE, Sm9ParameterSpec.HID_SIGN));
        signer = Signature.getInstance("SM9", provider);
        signer.initSign(alice);
        verifier = Signature.getInstance("SM9", provider);
        verifier.initVerify(sign.getPublic());
        verifier.setParameter(new Sm9ParameterSpec(ALICE, Sm9ParameterSpec.HID_SIGN));
        signature = sign();
        if (!verify()) {
            throw new IllegalStateException("SM9 does not verify its own signature");
        }
        ppubS = ((Sm9MasterPublicKey) sign.getPublic()).getPoint();
        p1 = HexFormatHolder.P1;

        generator.initialize(Sm9KeyGenParameterSpec.ENCRYPT);
        KeyPair encrypt = generator.generateKeyPair();
        encryptMaster = (Sm9MasterPublicKey) encrypt.getPublic();
        bob = keys.generatePrivate(new Sm9UserKeySpec(encrypt.getPrivate(), BOB, Sm9ParameterSpec.HID_ENCRYPT));
        kemSpec = new Sm9KemParameterSpec(new Sm9ParameterSpec(BOB, Sm9ParameterSpec.HID_ENCRYPT), 32);
        encapsulation = encapsulate();
        Sm9CipherParameterSpec cipherSpec = new Sm9CipherParameterSpec(new Sm9ParameterSpec(BOB, Sm9ParameterSpec.HID_ENCRYPT));
        encryptor = Cipher.getInstance("SM9", provider);
        encryptor.init(Cipher.ENCRYPT_MODE, encryptMaster, cipherSpec);
        decryptor = Cipher.getInstance("SM9", provider);
        decryptor.init(Cipher.DECRYPT_MODE, bob, cipherSpec);
        ciphertext = encrypt();
        if (!Arrays.equals(message, decrypt())) {
            throw new IllegalStateException("SM9 does not decrypt its own ciphertext");
        }

        PrivateKey bobExchangeKey = keys.generatePrivate(new Sm9UserKeySpec(encrypt.getPrivate(), BOB, Sm9ParameterSpec.HID_EXCHANGE));
        ephemeralForAlice = KeyPairGenerator.getInstance("SM9", provider);
        ephemeralForAlice.initialize(new Sm9ExchangeKeyGenParameterSpec(encryptMaster, ALICE, Sm9ParameterSpec.HID_EXCHANGE));
        KeyPairGenerator aliceSide = KeyPairGenerator.getInstance("SM9", provider);
        aliceSide.initialize(new Sm9ExchangeKeyGenParameterSpec(encryptMaster, BOB, Sm9ParameterSpec.HID_EXCHANGE));
        aliceR = (Sm9EphemeralPublicKey) aliceSide.generateKeyPair().getPublic();
        bobExchange = new Sm9KeyExchangeSpec(bobExchangeKey, BOB, ALICE, false, 16);
        agreement = KeyAgreement.getInstance("SM9", provider);
        exchangeResponder();
    }

    /** P1, the generator of G1, as GB/T 38635 prints it. */
    private static final class HexFormatHolder {
        static final byte[] P1 = java.util.HexFormat.of().parseHex("04"
                + "93DE051D62BF718FF5ED0704487D01D6E1E4086909DC3280E8C4E4817C66DDDD"
                + "21FE8DDA4F21E607631065125C395BBC1C1C00CBFA6024350C464CD70A3EA616");
    }

    @Benchmark
    public byte[] pairing() {
        return Sm9.pairing(p1, ppubS);
    }

    @Benchmark
    public byte[] sign() throws Exception {
        signer.update(message);
        return signer.sign();
    }

    @Benchmark
    public boolean verify() throws Exception {
        verifier.update(message);
        return verifier.verify(signature);
    }

    @Benchmark
    public byte[] encapsulate() throws Exception {
        return Sm9KeyEncapsulation.encapsulate(encryptMaster, kemSpec, "Generic", null).encapsulation();
    }

    @Benchmark
    public byte[] decapsulate() throws Exception {
        return Sm9KeyEncapsulation.decapsulate(bob, kemSpec, encapsulation, "Generic").getEncoded();
    }

    @Benchmark
    public byte[] encrypt() throws Exception {
        return encryptor.doFinal(message);
    }

    @Benchmark
    public byte[] decrypt() throws Exception {
        return decryptor.doFinal(ciphertext);
    }

    /** B's side: its ephemeral key, then the agreement with A's R and both confirmations. */
    @Benchmark
    public byte[] exchangeResponder() throws Exception {
        KeyPair ephemeral = ephemeralForAlice.generateKeyPair();
        agreement.init(ephemeral.getPrivate(), bobExchange);
        agreement.doPhase(aliceR, true);
        return agreement.generateSecret("SM4").getEncoded();
    }
}
