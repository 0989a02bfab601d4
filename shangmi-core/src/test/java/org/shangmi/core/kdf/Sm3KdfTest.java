package org.shangmi.core.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import java.util.Random;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.KDF2BytesGenerator;
import org.bouncycastle.crypto.params.KDFParameters;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslCommand;

/** The GB/T 32918.4 KDF is ANSI X9.63 (counter from 1, no shared info): checked against two implementations of that. */
class Sm3KdfTest {

    @Test
    void equalsBouncyCastleKdf2OnRandomInputs() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Sm3Kdf kdf = new Sm3Kdf();
        for (int i = 0; i < 200; i++) {
            byte[] z = new byte[random.nextInt(130)];
            random.nextBytes(z);
            int length = i < 100 ? i : random.nextInt(1000);
            byte[] out = new byte[length + 3];
            kdf.derive(z, 0, z.length, out, 3, length);

            byte[] expected = new byte[length];
            KDF2BytesGenerator reference = new KDF2BytesGenerator(new SM3Digest());
            reference.init(new KDFParameters(z, null));
            reference.generateBytes(expected, 0, length);
            assertArrayEquals(expected, java.util.Arrays.copyOfRange(out, 3, 3 + length),
                    "z " + z.length + " bytes, output " + length + ", seed " + seed);
        }
    }

    @Test
    void equalsOpenSslX963Kdf() {
        OpenSslCommand.assumeAvailable();
        Random random = new Random(11);
        for (int length : new int[] {1, 16, 31, 32, 33, 64, 100}) {
            byte[] z = new byte[64];
            random.nextBytes(z);
            byte[] expected = OpenSslCommand.kdf(length, "X963KDF",
                    "digest:SM3", "hexsecret:" + HexFormat.of().formatHex(z));
            assertArrayEquals(expected, Sm3Kdf.derive(z, length), "length " + length);
        }
    }

    @Test
    void emptyOutputAndBadRanges() {
        assertEquals(0, Sm3Kdf.derive(new byte[] {1}, 0).length);
        Sm3Kdf kdf = new Sm3Kdf();
        assertThrows(IndexOutOfBoundsException.class, () -> kdf.derive(new byte[4], 2, 3, new byte[8], 0, 8));
        assertThrows(IndexOutOfBoundsException.class, () -> kdf.derive(new byte[4], 0, 4, new byte[8], 4, 5));
        // a failed call leaves the instance usable
        byte[] z = {1, 2, 3, 4};
        byte[] out = new byte[40];
        kdf.derive(z, 0, 4, out, 0, 40);
        assertArrayEquals(Sm3Kdf.derive(z, 40), out);
    }
}
