package org.shangmi.core.zuc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The S-box circuit against the tables of GM/T 0001.1-2012, on every input and in every byte. */
class ZucSBoxTest {

    /** S0 of GM/T 0001.1-2012, two rows of 16 per line. */
    static final byte[] S0 = HexFormat.of().parseHex(
            "3e725b47cae0003304d1549809b96dcb7b1bf932af9d6aa5b82dfc1d08530390"
            + "4d4e8499e4ced991ddb685488b296eaccdc1f81e734369c6b5bdfd396320d438"
            + "767db2a7cfed57c5f32cbb142106559be3ef5e314f7f5aa40d8251495fba581c"
            + "4a16d517a892241f8cffd8ae2e01d3ad3b4bda46ebc9de9a8f87d73a806f2fc8"
            + "b1b437f70a2213287ccc3c89c7c3965607bf7ef00b2b975235417961a64c10fe"
            + "bc2695888ab0a3fbc01894f2e1e5e95dd0dc1166645cec59427512f5749caa23"
            + "0e86abbe2a02e767e644a26cc2939ff1f6fa36d250689e6271153dd640c4e20f"
            + "8e83776b25053f0c30ea70b7a1e8a9658d271adb81b3a0f4457a19dfee783460");
    /** S1 of GM/T 0001.1-2012, two rows of 16 per line. */
    static final byte[] S1 = HexFormat.of().parseHex(
            "55c263713bc847869f3cda5b29aafd778cc5940ca61a1300e3a8167240f9f842"
            + "4426689681d9453e1076c6a78b3943e13ab5562ac06db3052266bfdc0bfa6248"
            + "dd20110636c9c1cff62752bb69f5d4877f844cd29c57a4bc4f9adffed68d7aeb"
            + "2b53d85ca11417fb23d57d3067730809eeb7703f61b2198e4ee54b938f5ddba9"
            + "adf1ae2ecb0dfcf42d466e1d97e8d1e94d37a5755e839eab829db91ce0cd4989"
            + "01b6bd5824a25f387899159050b895e4d091c7ceed0fb46fa0ccf0024a79c3de"
            + "a3efea51e66b18ec1b2c80f774e7ff215a6a541e41319235c433070aba7e0e34"
            + "88b1987cf33d606c7bcad31f3265042864be859b2f598ad7b025acaf1203e2f2");

    @Test
    void tablesAreTheStandardsPermutations() {
        assertEquals(256, S0.length);
        assertEquals(256, S1.length);
        boolean[] seen0 = new boolean[256];
        boolean[] seen1 = new boolean[256];
        for (int x = 0; x < 256; x++) {
            seen0[S0[x] & 0xff] = true;
            seen1[S1[x] & 0xff] = true;
        }
        for (int x = 0; x < 256; x++) {
            assertEquals(true, seen0[x] && seen1[x], "value " + x);
        }
    }

    @Test
    void everyByteOnAll256Inputs() {
        for (int x = 0; x < 256; x++) {
            long w = 0;
            for (int b = 0; b < 8; b++) {
                w |= (long) ((x + 37 * b) & 0xff) << (8 * b);
            }
            long s = ZucSBox.apply(w);
            for (int b = 0; b < 8; b++) {
                int in = (x + 37 * b) & 0xff;
                byte[] table = (b & 1) == 1 ? S0 : S1;
                assertEquals(table[in] & 0xff, (int) (s >>> (8 * b)) & 0xff, "byte " + b + ", input " + in);
            }
        }
    }

    @Test
    void bytesDoNotDisturbEachOther() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int trial = 0; trial < 10_000; trial++) {
            long w = random.nextLong();
            long s = ZucSBox.apply(w);
            for (int b = 0; b < 8; b++) {
                int in = (int) (w >>> (8 * b)) & 0xff;
                byte[] table = (b & 1) == 1 ? S0 : S1;
                assertEquals(table[in] & 0xff, (int) (s >>> (8 * b)) & 0xff, "seed " + seed);
            }
        }
    }
}
