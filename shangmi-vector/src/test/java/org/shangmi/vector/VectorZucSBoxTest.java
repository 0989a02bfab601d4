package org.shangmi.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Vectors;
import org.shangmi.core.zuc.Zuc;
import org.shangmi.core.zuc.ZucMac;
import org.shangmi.core.zuc.ZucSBoxLayer;

/**
 * ZUC's S-box layer on byte shuffles against core's circuit (which core's tests hold to the
 * standard's tables) on every input in every byte, and the core's engines on it against the
 * keystream and MAC vectors of vectors/zuc.jsonl.
 */
class VectorZucSBoxTest {

    private static final ZucSBoxLayer VECTORS = VectorZucSBox::apply;

    @Test
    void everyByteOnAll256InputsAndRandomWords() {
        for (int x = 0; x < 256; x++) {
            long w = 0;
            for (int b = 0; b < 8; b++) {
                w |= (long) ((x + 53 * b) & 0xff) << (8 * b);
            }
            assertEquals(Zuc.CIRCUIT.apply(w), VectorZucSBox.apply(w), "input " + x);
        }
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int i = 0; i < 100_000; i++) {
            long w = random.nextLong();
            assertEquals(Zuc.CIRCUIT.apply(w), VectorZucSBox.apply(w), "seed " + seed);
        }
    }

    static Stream<Vectors.Record> keystreams() {
        return Stream.of("ZUC-128", "ZUC-256").flatMap(a -> Vectors.load(Vectors.ZUC, a).stream())
                .filter(r -> r.has("keystream"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keystreams")
    void keystreamVectors(Vectors.Record r) {
        byte[] expected = r.hex("keystream");
        Zuc zuc = r.algorithm().equals("ZUC-128") ? Zuc.zuc128(r.hex("key"), r.hex("iv"), VECTORS)
                : Zuc.zuc256(r.hex("key"), r.hex("iv"), 0, VECTORS);
        byte[] out = new byte[expected.length];
        zuc.xor(out, 0, out, 0, out.length);
        assertEquals(HexFormat.of().formatHex(expected), HexFormat.of().formatHex(out));
    }

    static List<Vectors.Record> macs() {
        return Vectors.load(Vectors.ZUC, "ZUC-256-MAC");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("macs")
    void zuc256MacVectors(Vectors.Record r) {
        int bits = r.json().get("msg_bits").getAsInt();
        byte[] msg = r.hex("msg");
        ZucMac mac = ZucMac.zuc256(r.hex("key"), r.hex("iv"), r.json().get("tag_bits").getAsInt(), VECTORS);
        mac.update(msg, 0, bits / 8);
        byte[] tag = new byte[mac.tagLength()];
        mac.finish(bits % 8 == 0 ? 0 : msg[bits / 8], bits % 8, tag, 0);
        assertEquals(r.text("tag"), HexFormat.of().formatHex(tag));
    }
}
