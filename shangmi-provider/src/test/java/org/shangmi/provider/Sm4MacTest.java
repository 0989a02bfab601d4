package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.InvalidAlgorithmParameterException;
import java.util.Random;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Chunks;

/**
 * Mac SM4-CMAC and SM4-GMAC on every backend against Bouncy Castle's (the CMAC construction is
 * checked on AES against RFC 4493 in core's CmacTest), fed in chunks; GMAC's one message per nonce.
 */
class Sm4MacTest {

    @Test
    void agreeWithBouncyCastleAtManyLengths() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String name : new String[] {"SM4-CMAC", "SM4CMAC", "SM4-GMAC", "SM4GMAC"}) {
                boolean gmac = name.contains("GMAC");
                for (int length = 0; length < 70; length++) {
                    byte[] keyBytes = new byte[16];
                    random.nextBytes(keyBytes);
                    SecretKey key = new SecretKeySpec(keyBytes, "SM4");
                    byte[] message = new byte[length];
                    random.nextBytes(message);
                    byte[] nonce = new byte[12];
                    random.nextBytes(nonce);
                    Mac theirs = Mac.getInstance(gmac ? "SM4-GMAC" : "SM4-CMAC", Providers.bouncyCastle());
                    Mac ours = Mac.getInstance(name, provider);
                    if (gmac) {
                        theirs.init(key, new IvParameterSpec(nonce));
                        ours.init(key, new IvParameterSpec(nonce));
                    } else {
                        theirs.init(key);
                        ours.init(key);
                    }
                    byte[] expected = theirs.doFinal(message);
                    Chunks.feed(random, length, 17, (off, len) -> ours.update(message, off, len));
                    assertArrayEquals(expected, ours.doFinal(), name + ", " + length + " bytes, "
                            + provider.backendFor("SM4") + ", seed " + seed);
                    if (!gmac) {
                        assertArrayEquals(expected, ours.doFinal(message), name + " again after doFinal");
                    }
                }
            }
        }
    }

    @Test
    void gmacTakesOneMessagePerNonce() throws Exception {
        SecretKey key = KeyGenerator.getInstance("SM4-GMAC", new ShangMiProvider()).generateKey();
        Mac gmac = Mac.getInstance("SM4-GMAC", new ShangMiProvider());
        gmac.init(key, new GCMParameterSpec(128, new byte[12]));
        gmac.update(new byte[] {1});
        gmac.reset(); // no tag has left: the message may start over
        byte[] tag = gmac.doFinal(new byte[] {2});
        IllegalStateException again = assertThrows(IllegalStateException.class, () -> gmac.doFinal(new byte[] {2}));
        assertTrue(again.getMessage().contains("new nonce"), again.getMessage());
        gmac.init(key, new IvParameterSpec(new byte[12]));
        assertArrayEquals(tag, gmac.doFinal(new byte[] {2}), "the same nonce and message, named again, give the same tag");
        assertThrows(java.security.InvalidKeyException.class, () -> gmac.init(key), "no nonce (the JCA wraps the cause)");
        assertThrows(InvalidAlgorithmParameterException.class, () -> gmac.init(key, new GCMParameterSpec(96, new byte[12])));
        Mac cmac = Mac.getInstance("SM4-CMAC", new ShangMiProvider());
        assertThrows(InvalidAlgorithmParameterException.class, () -> cmac.init(key, new IvParameterSpec(new byte[16])));
        assertThrows(java.security.InvalidKeyException.class, () -> cmac.init(new SecretKeySpec(new byte[24], "SM4")));
    }
}
