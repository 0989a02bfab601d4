package org.shangmi.core.zuc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;
import org.shangmi.core.testing.Vectors.Record;

/**
 * Every record of vectors/zuc.jsonl (GM/T 0001, 3GPP's test data, the ZUC-256 paper, and the
 * peers' tests): keystreams word by word, ciphertexts and tags one-shot and in uneven pieces,
 * in place and not, and the IVs derived from COUNT, BEARER and DIRECTION.
 */
class ZucKnownAnswerTest {

    private static final long SEED = System.nanoTime();

    static List<Record> zuc128() {
        return Vectors.load(Vectors.ZUC, "ZUC-128");
    }

    static List<Record> zuc256() {
        return Vectors.load(Vectors.ZUC, "ZUC-256");
    }

    static List<Record> eea3() {
        return Vectors.load(Vectors.ZUC, "EEA3");
    }

    static Stream<Record> macs() {
        return Stream.of("EIA3", "ZUC-128-MAC", "ZUC-256-MAC").flatMap(a -> Vectors.load(Vectors.ZUC, a).stream());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("zuc128")
    void zuc128Keystream(Record r) {
        Zuc zuc = Zuc.zuc128(r.hex("key"), r.hex("iv"));
        byte[] expected = r.hex("keystream");
        byte[] words = new byte[expected.length];
        for (int i = 0; i < words.length; i += 4) {
            int z = zuc.nextWord();
            words[i] = (byte) (z >>> 24);
            words[i + 1] = (byte) (z >>> 16);
            words[i + 2] = (byte) (z >>> 8);
            words[i + 3] = (byte) z;
        }
        assertEquals(HexFormat.of().formatHex(expected), HexFormat.of().formatHex(words));
        if (r.has("z2000")) {
            for (int i = words.length / 4; i < 1999; i++) {
                zuc.nextWord();
            }
            assertEquals(r.text("z2000"), String.format("%08x", zuc.nextWord()));
        }
        assertStreamed(() -> Zuc.zuc128(r.hex("key"), r.hex("iv")), new byte[expected.length], expected, expected.length * 8);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("zuc256")
    void zuc256(Record r) {
        byte[] iv = r.hex("iv");
        byte[] masked = iv.clone();
        for (int i = 17; i < 25; i++) {
            masked[i] &= 0x3f;
        }
        assertArrayEquals(masked, Zuc.unpackIv256(r.hex("iv23")), "the packed IV's 25-byte form");
        if (r.has("keystream")) {
            byte[] expected = r.hex("keystream");
            assertStreamed(() -> Zuc.zuc256(r.hex("key"), iv, 0), new byte[expected.length], expected, expected.length * 8);
        } else {
            int bits = r.json().get("length_bits").getAsInt();
            assertStreamed(() -> Zuc.zuc256(r.hex("key"), iv, 0), r.hex("msg"), r.hex("ct"), bits);
            assertStreamed(() -> Zuc.zuc256(r.hex("key"), iv, 0), r.hex("ct"), r.hex("msg"), bits);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eea3")
    void eea3(Record r) {
        byte[] iv = Zuc.eea3Iv((int) Long.parseLong(r.text("count"), 16), Integer.parseInt(r.text("bearer"), 16),
                Integer.parseInt(r.text("direction"), 16));
        assertEquals(r.text("iv"), HexFormat.of().formatHex(iv));
        int bits = r.json().get("length_bits").getAsInt();
        assertStreamed(() -> Zuc.zuc128(r.hex("key"), iv), r.hex("msg"), r.hex("ct"), bits);
        assertStreamed(() -> Zuc.zuc128(r.hex("key"), iv), r.hex("ct"), r.hex("msg"), bits);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("macs")
    void mac(Record r) {
        byte[] key = r.hex("key");
        byte[] iv = r.hex("iv");
        if (r.algorithm().equals("EIA3")) {
            byte[] derived = Zuc.eia3Iv((int) Long.parseLong(r.text("count"), 16), Integer.parseInt(r.text("bearer"), 16),
                    Integer.parseInt(r.text("direction"), 16));
            assertEquals(r.text("iv"), HexFormat.of().formatHex(derived));
            iv = derived;
        } else if (r.algorithm().equals("ZUC-256-MAC")) {
            assertArrayEquals(Zuc.unpackIv256(r.hex("iv23")), maskIv256(iv));
        }
        int tagBits = r.has("tag_bits") ? r.json().get("tag_bits").getAsInt() : 32;
        byte[] finalIv = iv;
        byte[] msg = r.hex("msg");
        int bits = r.json().get("msg_bits").getAsInt();
        java.util.function.Supplier<ZucMac> mac = r.algorithm().equals("ZUC-256-MAC")
                ? () -> ZucMac.zuc256(key, finalIv, tagBits)
                : () -> ZucMac.eia3(key, finalIv);
        String expected = r.text("tag");
        assertEquals(expected, tag(mac.get(), msg, bits, 0, bits / 8), "one shot");
        Random random = new Random(SEED);
        for (int round = 0; round < 4; round++) {
            ZucMac m = mac.get();
            // pieces fed at an offset into a larger array
            Chunks.feed(random, bits / 8, 1 + random.nextInt(9), (off, len) -> {
                byte[] padded = new byte[len + 3];
                System.arraycopy(msg, off, padded, 3, len);
                m.update(padded, 3, len);
            });
            assertEquals(expected, tag(m, msg, bits, bits / 8, 0), "pieces, seed " + SEED);
        }
        // a message bit flipped (when there is one) changes the tag
        if (bits > 0) {
            byte[] flipped = msg.clone();
            int bit = random.nextInt(bits);
            flipped[bit / 8] ^= (byte) (0x80 >>> (bit % 8));
            assertEquals(false, expected.equals(tag(mac.get(), flipped, bits, 0, bits / 8)), "bit " + bit);
        }
    }

    /** The MACs' sum of keystream windows for a word of message bits against its definition, bit by bit. */
    @org.junit.jupiter.api.Test
    void windowSumAgainstBitByBit() {
        Random random = new Random(SEED);
        int[] words = {0, 1, -1, 0x80000000, 0x11111111, 0x88888888, 0xffff0000, 0x0000ffff};
        long[] streams = {0, 1, -1, Long.MIN_VALUE, 0x1111111111111111L, 0x8888888888888888L, 0xffffffff00000000L, 0xffffffffL};
        for (int trial = 0; trial < 20_000; trial++) {
            int m = trial < 64 ? words[trial % 8] : random.nextInt();
            long k = trial < 64 ? streams[trial / 8] : random.nextLong();
            int expected = 0;
            for (int i = 0; i < 32; i++) {
                if (((m >>> (31 - i)) & 1) != 0) {
                    expected ^= (int) (k >>> (32 - i));
                }
            }
            assertEquals(expected, ZucMac.windowSum(m, k), String.format("%08x over %016x, seed %d", m, k, SEED));
        }
    }

    /** Past its last keystream word a (key, IV) pair refuses, whole: nothing is written. */
    @org.junit.jupiter.api.Test
    void theKeystreamLimitRefusesBeforeWriting() {
        Zuc zuc = Zuc.zuc128(new byte[16], new byte[16]);
        zuc.wordsLeft(3);
        byte[] data = new byte[13];
        zuc.xor(data, 0, data, 0, 5);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> zuc.xor(data, 5, data, 5, 8));
        byte[] before = data.clone();
        zuc.xor(data, 5, data, 5, 7);
        org.junit.jupiter.api.Assertions.assertFalse(java.util.Arrays.equals(before, data), "7 more bytes fit in 3 words");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, zuc::nextWord);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> zuc.xor(data, 12, data, 12, 1));
        // the same 12 bytes from a fresh instance: the refused call changed nothing
        byte[] fresh = new byte[13];
        Zuc.zuc128(new byte[16], new byte[16]).xor(fresh, 0, fresh, 0, 12);
        assertEquals(HexFormat.of().formatHex(fresh, 0, 12), HexFormat.of().formatHex(data, 0, 12));
    }

    /** Feeds msg[from, from + len) whole, then the last bits, and returns the tag in hex. */
    private static String tag(ZucMac mac, byte[] msg, int bits, int from, int len) {
        mac.update(msg, from, len);
        int last = bits % 8 == 0 ? 0 : msg[bits / 8];
        byte[] out = new byte[mac.tagLength() + 2];
        mac.finish(last, bits % 8, out, 2);
        return HexFormat.of().formatHex(out, 2, out.length);
    }

    private static byte[] maskIv256(byte[] iv) {
        byte[] masked = iv.clone();
        for (int i = 17; i < 25; i++) {
            masked[i] &= 0x3f;
        }
        return masked;
    }

    /**
     * in XOR the keystream must equal expected on the first {@code bits} bits: one shot, in
     * place, and in uneven pieces (in place and into another array).
     */
    private static void assertStreamed(java.util.function.Supplier<Zuc> zuc, byte[] in, byte[] expected, int bits) {
        int length = (bits + 7) / 8;
        assertEquals(length, in.length);
        byte[] out = new byte[length];
        zuc.get().xor(in, 0, out, 0, length);
        assertBits(expected, out, bits, "one shot");
        byte[] inPlace = in.clone();
        zuc.get().xor(inPlace, 0, inPlace, 0, length);
        assertBits(expected, inPlace, bits, "in place");
        Random random = new Random(SEED ^ bits);
        for (int round = 0; round < 6; round++) {
            Zuc z = zuc.get();
            boolean place = round % 2 == 0;
            byte[] target = place ? in.clone() : new byte[length + 5];
            byte[] source = place ? target : in;
            int shift = place ? 0 : 5;
            Chunks.feed(random, length, 1 + random.nextInt(13), (off, len) -> z.xor(source, off, target, off + shift, len));
            assertBits(expected, Arrays.copyOfRange(target, shift, shift + length), bits, "pieces, seed " + SEED);
        }
    }

    private static void assertBits(byte[] expected, byte[] actual, int bits, String how) {
        byte[] a = actual.clone();
        byte[] e = expected.clone();
        if (bits % 8 != 0) {
            int mask = 0xff00 >>> (bits % 8);
            a[bits / 8] &= (byte) mask;
            e[bits / 8] &= (byte) mask;
        }
        assertEquals(HexFormat.of().formatHex(e), HexFormat.of().formatHex(a), how);
    }
}
