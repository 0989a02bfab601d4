package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.shangmi.core.hash.Pkcs12Kdf;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.OpenSslCommand;

/** Mac "HmacPBESM3": the PKCS#12 MAC over SM3, against OpenSSL's PKCS12KDF and HMAC, on every backend. */
class HmacPbeSm3Test {

    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] SALT = HEX.parseHex("a0a1a2a3a4a5a6a7");

    private static SecretKey pbeKey(String password) throws Exception {
        return SecretKeyFactory.getInstance("PBE").generateSecret(new PBEKeySpec(password.toCharArray()));
    }

    @Test
    void equalsOpenSslsPkcs12KdfThenHmac() throws Exception {
        OpenSslCommand.assumeAvailable();
        byte[] data = "the authenticated safe of a PKCS#12 file".getBytes(StandardCharsets.US_ASCII);
        for (String password : List.of("secret1", "")) {
            for (int iterations : new int[] {1, 2048}) {
                byte[] bmp = Pkcs12Kdf.bmpPassword(password.toCharArray());
                byte[] key = OpenSslCommand.kdf(32, "PKCS12KDF", "digest:SM3", "hexpass:" + HEX.formatHex(bmp),
                        "hexsalt:" + HEX.formatHex(SALT), "iter:" + iterations, "id:3");
                String printed = new String(OpenSslCommand.run(data, "mac", "-digest", "SM3", "-macopt",
                        "hexkey:" + HEX.formatHex(key), "HMAC"), StandardCharsets.US_ASCII);
                byte[] expected = HEX.parseHex(printed.strip().toLowerCase(java.util.Locale.ROOT));
                for (ShangMiProvider provider : Providers.serving("HmacSM3")) {
                    Mac mac = Mac.getInstance("HmacPBESM3", provider);
                    mac.init(pbeKey(password), new PBEParameterSpec(SALT, iterations));
                    assertArrayEquals(expected, mac.doFinal(data), "'" + password + "', " + iterations);
                }
            }
        }
    }

    @Test
    void chunkedUpdatesAndClonesAgreeWithOneShot() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (ShangMiProvider provider : Providers.serving("HmacSM3")) {
            Mac mac = Mac.getInstance("HmacPBESM3", provider);
            mac.init(pbeKey("chunks"), new PBEParameterSpec(SALT, 100));
            byte[] data = new byte[500];
            random.nextBytes(data);
            byte[] oneShot = mac.doFinal(data);
            Chunks.feed(random, data.length / 2, 37, (off, len) -> mac.update(data, off, len));
            Mac copy = (Mac) mac.clone();
            Chunks.feed(random, data.length - data.length / 2, 37, (off, len) -> mac.update(data, data.length / 2 + off, len));
            copy.update(data, data.length / 2, data.length - data.length / 2);
            assertArrayEquals(oneShot, mac.doFinal(), "seed " + seed);
            assertArrayEquals(oneShot, copy.doFinal(), "seed " + seed);
        }
    }

    @Test
    void refusesMissingParametersAndOtherKeys() throws Exception {
        Mac mac = Mac.getInstance("HmacPBESM3", Providers.each().get(0));
        // Mac.init(Key) reports the SPI's missing parameters as an InvalidKeyException
        InvalidKeyException noParameters = assertThrows(InvalidKeyException.class, () -> mac.init(pbeKey("x")));
        assertTrue(noParameters.getCause() instanceof InvalidAlgorithmParameterException, noParameters.toString());
        assertThrows(InvalidAlgorithmParameterException.class, () -> mac.init(pbeKey("x"), new PBEParameterSpec(SALT, 0)));
        // a PKCS#12 file's MAC parameters cannot buy hours of key derivation
        InvalidAlgorithmParameterException tooMany = assertTimeoutPreemptively(java.time.Duration.ofSeconds(30),
                () -> assertThrows(InvalidAlgorithmParameterException.class,
                        () -> mac.init(pbeKey("x"), new PBEParameterSpec(SALT, Integer.MAX_VALUE))));
        assertTrue(tooMany.getMessage().contains(PbeLimits.MAX_ITERATIONS_PROPERTY), tooMany.getMessage());
        assertThrows(InvalidKeyException.class, () -> mac.init(new SecretKeySpec(new byte[32], "HmacSM3"),
                new PBEParameterSpec(SALT, 10)));
    }
}
