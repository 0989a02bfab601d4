package org.shangmi.provider;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.sm2.Sm2Ciphertext;
import org.shangmi.core.sm2.Sm2KnownNonce;
import org.shangmi.core.sm2.Sm2Signer;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.util.Der;

/**
 * Known-answer tests that gate every algorithm of every backend before the provider serves it.
 * The values come from the standards, not from our code.
 */
final class SelfTest {

    private static final HexFormat HEX = HexFormat.of();

    /** GB/T 32905-2016, appendix A, example 1: SM3("abc"). */
    private static final byte[] SM3_ABC =
            HEX.parseHex("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0");

    /** GM/T 0042-2015 appendix D.3 (RFC 2202 inputs): HMAC-SM3("Jefe", "what do ya want for nothing?"). */
    private static final byte[] HMAC_SM3_JEFE =
            HEX.parseHex("2e87f1d16862e6d964b50a5200bf2b10b764faa9680a296a2405f24bec39f882");

    /**
     * GM/T 0003.2 (GB/T 32918.2) style signature on sm2p256v1 with a fixed nonce, as published in
     * Bouncy Castle's SM2SignerTest: d, k, the digest e = SM3(Z_A || "hi chappy") under ID
     * "sm2test@example.com", and the expected r || s.
     */
    private static final byte[] SIGN_D =
            HEX.parseHex("110e7973206f68c19ee5f7328c036f26911c8c73b4e4f36ae3291097f8984ffc");
    private static final byte[] SIGN_K =
            HEX.parseHex("3174c6ffc3c279d2422f3fc0a9f3e574674a4490fe45a5325caf7d3ec4c8f96c");
    private static final byte[] SIGN_RS = HEX.parseHex(
            "05890b9077b92e47b17a1ff42a814280e556afd92b4a98b9670bf8b1a274c2fa"
            + "e3abbb8db2b6ecd9b24eccea7f679fb9a4b1db52f4aa985e443ad73237fa1993");
    private static final byte[] SIGN_ID = "sm2test@example.com".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SIGN_MESSAGE = "hi chappy".getBytes(StandardCharsets.US_ASCII);

    /** OpenSSL's evppkey_sm2.txt decryption test: a GM/T 0009 ciphertext of "Hello World". */
    private static final byte[] DECRYPT_D =
            HEX.parseHex("d09156733017bdad809fd9bbd8c693f60230593169b6f94aaf1c8ee138cc99b5");
    private static final byte[] DECRYPT_CIPHERTEXT = HEX.parseHex(
            "3072022070dad60cda7c30d64cf4f278a849003581223f5324bfec9bb329229bffad21a6021f18afab2b35459d2643243b242be4"
            + "ea80c6fa5071d2d847340cc57eb9309e5d04200b772e4db664b2601e3b85e39c4aa8c2c1910308be13b331e009c5a9258c29fd"
            + "040b6d588be9260a94da18e0e6");
    private static final byte[] DECRYPT_PLAINTEXT = "Hello World".getBytes(StandardCharsets.US_ASCII);

    private SelfTest() {
    }

    /** Runs the known-answer test of {@code algorithm} on {@code backend}; returns null if it passed, else why not. */
    static String run(BackendService backend, Algorithm algorithm) {
        try {
            boolean passed;
            switch (algorithm) {
                case SM3 -> {
                    DigestEngine sm3 = backend.newDigest(algorithm);
                    byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
                    sm3.update(abc, 0, abc.length);
                    byte[] out = new byte[sm3.digestLength()];
                    sm3.digest(out, 0);
                    passed = Arrays.equals(SM3_ABC, out);
                }
                case HMAC_SM3 -> {
                    MacEngine mac = backend.newMac(algorithm);
                    byte[] key = "Jefe".getBytes(StandardCharsets.US_ASCII);
                    byte[] message = "what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII);
                    mac.init(key, 0, key.length);
                    mac.update(message, 0, message.length);
                    byte[] out = new byte[mac.macLength()];
                    mac.doFinal(out, 0);
                    mac.destroy();
                    passed = Arrays.equals(HMAC_SM3_JEFE, out);
                }
                case SM2 -> passed = sm2(backend.newSm2());
                case SM4 -> passed = sm4(backend);
                default -> {
                    return "no known-answer test for " + algorithm.jcaName();
                }
            }
            return passed ? null : algorithm.jcaName() + " gave a wrong known answer";
        } catch (RuntimeException | LinkageError | Der.MalformedException e) {
            return algorithm.jcaName() + " self-test failed: " + e;
        }
    }

    /** The standard's example block (GB/T 32907-2016 A.1): key = plaintext = 0123456789abcdeffedcba9876543210. */
    private static final byte[] SM4_KEY = HexFormat.of().parseHex("0123456789abcdeffedcba9876543210");
    private static final byte[] SM4_ECB = HexFormat.of().parseHex("681edf34d206965e86b3e94f536e4246");
    /** OpenSSL's evpciph_sm4.txt CBC case: the same key as IV, the example block twice. */
    private static final byte[] SM4_CBC = HexFormat.of().parseHex("2677f46b09c122cc975533105bd4a22af6125f7275ce552c3a2bbcf533de8a3b");

    /** ECB both ways and CBC encryption of two blocks. */
    private static boolean sm4(BackendService backend) {
        byte[] block = new byte[16];
        CipherEngine ecb = backend.newSm4(CipherMode.ECB, true, SM4_KEY, null);
        ecb.update(SM4_KEY, 0, 16, block, 0);
        ecb.destroy();
        boolean passed = Arrays.equals(SM4_ECB, block);
        CipherEngine ecbDecrypt = backend.newSm4(CipherMode.ECB, false, SM4_KEY, null);
        ecbDecrypt.update(block, 0, 16, block, 0);
        ecbDecrypt.destroy();
        passed &= Arrays.equals(SM4_KEY, block);
        byte[] twoBlocks = new byte[32];
        System.arraycopy(SM4_KEY, 0, twoBlocks, 0, 16);
        System.arraycopy(SM4_KEY, 0, twoBlocks, 16, 16);
        CipherEngine cbc = backend.newSm4(CipherMode.CBC, true, SM4_KEY, SM4_KEY);
        cbc.update(twoBlocks, 0, 32, twoBlocks, 0);
        cbc.destroy();
        return passed & Arrays.equals(SM4_CBC, twoBlocks);
    }

    /** Sign with the fixed nonce, verify it, reject a changed digest, and decrypt OpenSSL's ciphertext. */
    private static boolean sm2(Sm2Engine engine) throws Der.MalformedException {
        byte[] publicKey = new byte[Sm2Engine.PUBLIC_KEY_BYTES];
        engine.publicKey(SIGN_D, publicKey, 0);
        Sm3 sm3 = new Sm3();
        byte[] e = new byte[Sm2Engine.SCALAR_BYTES];
        Sm2Signer.za(sm3, SIGN_ID, publicKey, e, 0);
        sm3.update(e, 0, e.length);
        sm3.update(SIGN_MESSAGE, 0, SIGN_MESSAGE.length);
        sm3.digest(e, 0);
        byte[] rs = new byte[2 * Sm2Engine.SCALAR_BYTES];
        Sm2Engine.SigningKey key = engine.signingKey(SIGN_D);
        Sm2KnownNonce nonce = new Sm2KnownNonce(SIGN_K);
        engine.sign(key, e, nonce, rs, 0);
        key.destroy();
        // an engine that takes the known nonce must give the known signature; one that draws its
        // own (OpenSSL) must give a signature that the known one's verification accepts too
        boolean signs = (nonce.used() == 1 ? Arrays.equals(SIGN_RS, rs) : !Arrays.equals(SIGN_RS, rs))
                && engine.verify(publicKey, e, SIGN_RS, 0) && engine.verify(publicKey, e, rs, 0);
        e[0] ^= 1;
        boolean rejects = !engine.verify(publicKey, e, rs, 0);

        byte[] raw = Sm2Ciphertext.toRaw(DECRYPT_CIPHERTEXT, 0, DECRYPT_CIPHERTEXT.length, Sm2Ciphertext.Format.DER);
        byte[] plaintext = new byte[raw.length - Sm2Engine.CIPHERTEXT_OVERHEAD];
        int length = engine.decrypt(DECRYPT_D, raw, 0, raw.length, plaintext, 0);
        boolean decrypts = length == DECRYPT_PLAINTEXT.length && Arrays.equals(DECRYPT_PLAINTEXT, plaintext);
        return signs && rejects && decrypts;
    }
}
