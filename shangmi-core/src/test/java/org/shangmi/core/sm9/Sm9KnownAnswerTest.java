package org.shangmi.core.sm9;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Vectors;
import org.shangmi.core.testing.Vectors.Record;

/**
 * The worked examples of GM/T 0044.5 (SM9 part 5, annexes A to D), intermediate values included,
 * from {@code vectors/sm9-gmt0044.jsonl} (extracted from the standard's text and cross-checked
 * against GmSSL, gmsm and Bouncy Castle's test data, as its header says).
 */
class Sm9KnownAnswerTest {

    private static final HexFormat HEX = HexFormat.of();

    static Stream<Record> signatures() {
        return Vectors.load(Vectors.SM9, "SM9-SIGN").stream();
    }

    static Stream<Record> exchanges() {
        return Vectors.load(Vectors.SM9, "SM9-KEYEXCHANGE").stream();
    }

    static Stream<Record> encapsulations() {
        return Vectors.load(Vectors.SM9, "SM9-KEM").stream();
    }

    static Stream<Record> encryptions() {
        return Vectors.load(Vectors.SM9, "SM9-ENCRYPT").stream();
    }

    private static byte[] prefixed(byte[] bare) {
        byte[] out = new byte[bare.length + 1];
        out[0] = 0x04;
        System.arraycopy(bare, 0, out, 1, bare.length);
        return out;
    }

    private static String gt(long[] f) {
        byte[] out = new byte[Sm9.GT_LENGTH];
        Tower.encode12(f, 0, out, 0);
        return HEX.formatHex(out);
    }

    /** The message in pieces of 1, 2, 3, ... bytes. */
    private static void feedUnevenly(Sm9Signer signer, byte[] message) {
        for (int at = 0, piece = 1; at < message.length; at += piece, piece++) {
            signer.update(message, at, Math.min(piece, message.length - at));
        }
    }

    @ParameterizedTest
    @MethodSource("signatures")
    void signature(Record v) {
        byte hid = v.hex("hid")[0];
        Sm9MasterPoint master = Sm9.signMasterPublicKey(v.hex("ks"));
        assertArrayEquals(prefixed(v.hex("ppub_s")), master.encoded());
        assertArrayEquals(v.hex("h1"), Sm9.h1(v.hex("ida"), hid));
        byte[] ds = Sm9.signUserKey(v.hex("ks"), v.hex("ida"), hid);
        assertArrayEquals(prefixed(v.hex("ds_a")), ds);
        assertEquals(v.text("g"), gt(master.pairingValue()));
        long[] w = new long[Tower.FP12];
        new Tower().pow12(w, 0, master.pairingValue(), 0, v.hex("r"));
        assertEquals(v.text("w"), gt(w));

        byte[] message = v.hex("msg");
        Sm9Signer signer = new Sm9Signer();
        signer.update(message, 0, message.length);
        Sm9Signer.Signature signature = signer.signWithKnownNonce(ds, master, v.hex("r"));
        assertArrayEquals(v.hex("h"), signature.h());
        assertArrayEquals(v.hex("s"), signature.s());
        feedUnevenly(signer, message);
        assertArrayEquals(v.hex("s"), signer.signWithKnownNonce(ds, master, v.hex("r")).s());

        // verification, one-shot and in pieces, and from the master key's encoding
        Sm9MasterPoint decoded = Sm9MasterPoint.decode(Sm9MasterPoint.Kind.SIGN, master.encoded());
        signer.update(message, 0, message.length);
        assertTrue(signer.verify(decoded, v.hex("ida"), hid, v.hex("h"), v.hex("s")));
        feedUnevenly(signer, message);
        assertTrue(signer.verify(master, v.hex("ida"), hid, v.hex("h"), v.hex("s")));
        signer.update(message, 0, message.length - 1);
        assertFalse(signer.verify(master, v.hex("ida"), hid, v.hex("h"), v.hex("s")), "a shorter message");
        signer.update(message, 0, message.length);
        assertFalse(signer.verify(master, "Bob".getBytes(), hid, v.hex("h"), v.hex("s")), "another signer");

        // a signature with fresh randomness verifies
        signer.update(message, 0, message.length);
        Sm9Signer.Signature fresh = signer.sign(ds, master, new SecureRandom());
        signer.update(message, 0, message.length);
        assertTrue(signer.verify(master, v.hex("ida"), hid, fresh.h(), fresh.s()));
    }

    @ParameterizedTest
    @MethodSource("exchanges")
    void keyExchange(Record v) {
        byte hid = v.hex("hid")[0];
        byte[] ke = v.hex("ke");
        Sm9MasterPoint master = Sm9.encryptMasterPublicKey(ke);
        assertArrayEquals(prefixed(v.hex("ppub_e")), master.encoded());
        byte[] deA = Sm9.encryptUserKey(ke, v.hex("ida"), hid);
        byte[] deB = Sm9.encryptUserKey(ke, v.hex("idb"), hid);
        assertArrayEquals(prefixed(v.hex("de_a")), deA);
        assertArrayEquals(prefixed(v.hex("de_b")), deB);
        int keyLength = v.json().get("klen_bits").getAsInt() / 8;

        Sm9KeyExchange alice = new Sm9KeyExchange(master, deA, v.hex("ida"), v.hex("idb"), hid, true);
        Sm9KeyExchange bob = new Sm9KeyExchange(master, deB, v.hex("idb"), v.hex("ida"), hid, false);
        byte[] ra = alice.ephemeral(() -> v.hex("rand_a"));
        assertArrayEquals(prefixed(v.hex("ra")), ra);
        byte[] rb = bob.ephemeral(() -> v.hex("rand_b"));
        assertArrayEquals(prefixed(v.hex("rb")), rb);
        byte[] skB = bob.agree(ra, keyLength);
        assertEquals(v.text("g1") + v.text("g2") + v.text("g3"), HEX.formatHex(bob.sharedValues()));
        assertArrayEquals(v.hex("sk"), skB);
        assertArrayEquals(v.hex("sb"), bob.responderConfirmation());
        byte[] skA = alice.agree(Arrays.copyOfRange(rb, 1, 65), keyLength); // x || y without 04 as well
        assertEquals(v.text("g1") + v.text("g2") + v.text("g3"), HEX.formatHex(alice.sharedValues()));
        assertArrayEquals(v.hex("sk"), skA);
        assertTrue(alice.checkResponderConfirmation(v.hex("sb")));
        assertArrayEquals(v.hex("sa"), alice.initiatorConfirmation());
        assertTrue(bob.checkInitiatorConfirmation(v.hex("sa")));
        byte[] wrong = v.hex("sa");
        wrong[31] ^= 1;
        assertFalse(bob.checkInitiatorConfirmation(wrong));
        alice.destroy();
        bob.destroy();
    }

    @ParameterizedTest
    @MethodSource("encapsulations")
    void keyEncapsulation(Record v) {
        byte hid = v.hex("hid")[0];
        Sm9MasterPoint master = Sm9.encryptMasterPublicKey(v.hex("ke"));
        assertArrayEquals(prefixed(v.hex("ppub_e")), master.encoded());
        assertEquals(v.text("g"), gt(master.pairingValue()));
        byte[] deB = Sm9.encryptUserKey(v.hex("ke"), v.hex("idb"), hid);
        assertArrayEquals(prefixed(v.hex("de_b")), deB);
        int keyLength = v.json().get("klen_bits").getAsInt() / 8;
        Sm9.Encapsulated result = Sm9.encapsulate(master, v.hex("idb"), hid, keyLength, () -> v.hex("r"));
        assertArrayEquals(prefixed(v.hex("c")), result.encapsulation());
        assertArrayEquals(v.hex("k"), result.key());
        byte[] c = v.hex("c");
        assertArrayEquals(v.hex("k"), Sm9.decapsulate(deB, v.hex("idb"), c, 0, c.length, keyLength));
        byte[] prefixed = prefixed(c);
        assertArrayEquals(v.hex("k"), Sm9.decapsulate(deB, v.hex("idb"), prefixed, 0, prefixed.length, keyLength));
    }

    @ParameterizedTest
    @MethodSource("encryptions")
    void encryption(Record v) {
        byte hid = v.hex("hid")[0];
        Sm9MasterPoint master = Sm9.encryptMasterPublicKey(v.hex("ke"));
        byte[] deB = Sm9.encryptUserKey(v.hex("ke"), v.hex("idb"), hid);
        assertArrayEquals(prefixed(v.hex("de_b")), deB);
        Sm9Encryption.Cipher cipher = switch (v.text("enc_mode")) {
            case "xor-kdf" -> Sm9Encryption.Cipher.XOR;
            case "sm4-ecb-pkcs7" -> Sm9Encryption.Cipher.SM4_ECB;
            default -> throw new IllegalArgumentException(v + ": unknown enc_mode " + v.text("enc_mode"));
        };
        assertEquals("SM3(C2||K2)", v.text("mac"));
        assertEquals("C1C3C2", v.text("ct_format"));
        byte[] message = v.hex("msg");
        Sm9Encryption.Ciphertext ct = Sm9Encryption.encrypt(master, v.hex("idb"), hid, message, 0, message.length,
                cipher, Sm9Encryption.Mac.SM3, () -> v.hex("r"), new SecureRandom());
        assertArrayEquals(prefixed(v.hex("c1")), ct.c1());
        assertArrayEquals(v.hex("c2"), ct.c2());
        assertArrayEquals(v.hex("c3"), ct.c3());
        byte[] whole = v.hex("ct");
        assertEquals(List.of(v.text("c1"), v.text("c3"), v.text("c2")),
                List.of(HEX.formatHex(whole, 0, 64), HEX.formatHex(whole, 64, 96),
                        HEX.formatHex(whole, 96, whole.length)));
        Sm9Encryption.Ciphertext bare = new Sm9Encryption.Ciphertext(v.hex("c1"), v.hex("c3"), v.hex("c2"));
        assertArrayEquals(message, Sm9Encryption.decrypt(deB, v.hex("idb"), bare, cipher, Sm9Encryption.Mac.SM3));
    }
}
