package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.security.AlgorithmParameterGenerator;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * AlgorithmParameters "SM4" for every mode and AlgorithmParameterGenerator "SM4": GCM's encodings
 * as the JDK's AES-GCM parameters, CCM's as Bouncy Castle's RFC 5084 CCMParameters, and the
 * parameters every SM4 Cipher returns, read back into a decrypting Cipher.
 */
class Sm4ParametersTest {

    private static final ShangMiProvider PROVIDER = new ShangMiProvider();

    @Test
    void gcmParametersAreEncodedAsTheJdksAesGcmOnes() throws Exception {
        Random random = new Random(5084);
        for (int tagBits = 96; tagBits <= 128; tagBits += 8) {
            for (int nonceLength : new int[] {1, 7, 12, 13, 16, 64}) {
                byte[] nonce = new byte[nonceLength];
                random.nextBytes(nonce);
                GCMParameterSpec spec = new GCMParameterSpec(tagBits, nonce);
                AlgorithmParameters jdk = AlgorithmParameters.getInstance("GCM", "SunJCE");
                jdk.init(spec);
                AlgorithmParameters ours = AlgorithmParameters.getInstance("SM4", PROVIDER);
                ours.init(spec);
                assertArrayEquals(der(jdk.getEncoded()), ours.getEncoded(), tagBits + " bits, nonce " + nonceLength);
                assertArrayEquals(ours.getEncoded(), ours.getEncoded("ASN.1"));
                AlgorithmParameters jdkReads = AlgorithmParameters.getInstance("GCM", "SunJCE");
                jdkReads.init(ours.getEncoded());
                assertEquals(tagBits, jdkReads.getParameterSpec(GCMParameterSpec.class).getTLen());
                assertArrayEquals(nonce, jdkReads.getParameterSpec(GCMParameterSpec.class).getIV());
                AlgorithmParameters read = AlgorithmParameters.getInstance("SM4", PROVIDER);
                read.init(jdk.getEncoded());
                GCMParameterSpec back = read.getParameterSpec(GCMParameterSpec.class);
                assertEquals(tagBits, back.getTLen());
                assertArrayEquals(nonce, back.getIV());
            }
        }
    }

    @Test
    void ccmParametersAreEncodedAsBouncyCastlesRfc5084Ones() throws Exception {
        for (int tagBits = 32; tagBits <= 128; tagBits += 16) {
            for (int nonceLength = 7; nonceLength <= 13; nonceLength++) {
                byte[] nonce = new byte[nonceLength];
                new Random(tagBits + nonceLength).nextBytes(nonce);
                AlgorithmParameters bc = AlgorithmParameters.getInstance("CCM", Providers.bouncyCastle());
                bc.init(new GCMParameterSpec(tagBits, nonce));
                AlgorithmParameters ours = AlgorithmParameters.getInstance("SM4", PROVIDER);
                ours.init(new GCMParameterSpec(tagBits, nonce));
                assertArrayEquals(bc.getEncoded(), ours.getEncoded(), tagBits + " bits, nonce " + nonceLength);
                AlgorithmParameters read = AlgorithmParameters.getInstance("SM4", PROVIDER);
                read.init(bc.getEncoded());
                assertEquals(tagBits, read.getParameterSpec(GCMParameterSpec.class).getTLen());
            }
        }
    }

    @Test
    void theDefaultTagLengthWrittenOutIsReadAsTheJdkReadsIt() throws Exception {
        byte[] explicit = HexFormat.of().parseHex("3011040c00000000000000000000000002010c");
        AlgorithmParameters jdk = AlgorithmParameters.getInstance("GCM", "SunJCE");
        jdk.init(explicit);
        AlgorithmParameters ours = AlgorithmParameters.getInstance("SM4", PROVIDER);
        ours.init(explicit);
        assertEquals(jdk.getParameterSpec(GCMParameterSpec.class).getTLen(), ours.getParameterSpec(GCMParameterSpec.class).getTLen());
        assertArrayEquals(HexFormat.of().parseHex("300e040c000000000000000000000000"), ours.getEncoded(),
                "written back without the default");
    }

    /**
     * The JDK's GCM parameters in DER: JDK 17 writes the default tag length of 12 bytes out, which
     * DER leaves out (as JDK 25 does); this removes it, so that both JDKs serve as reference.
     */
    private static byte[] der(byte[] jdkEncoding) {
        int end = jdkEncoding.length;
        if (end >= 3 && jdkEncoding[end - 3] == 0x02 && jdkEncoding[end - 2] == 0x01 && jdkEncoding[end - 1] == 0x0c
                && jdkEncoding[1] + 2 == end && jdkEncoding[1] < 0x80) {
            byte[] shorter = java.util.Arrays.copyOf(jdkEncoding, end - 3);
            shorter[1] -= 3;
            return shorter;
        }
        return jdkEncoding;
    }

    @Test
    void malformedOrOutOfRangeParametersAreRefused() throws Exception {
        for (String hex : new String[] {
            "300e040c000000000000000000000000" + "00",     // trailing byte
            "3011040c00000000000000000000000002010b",     // 11-byte tag
            "3011040c000000000000000000000000020111",     // 17-byte tag
            "30050400020110",                               // empty nonce
            "040f000000000000000000000000000000",         // a 15-byte IV
            "3003020110"}) {                                // no nonce
            AlgorithmParameters ours = AlgorithmParameters.getInstance("SM4", PROVIDER);
            assertThrows(IOException.class, () -> ours.init(HexFormat.of().parseHex(hex)), hex);
        }
        AlgorithmParameters ours = AlgorithmParameters.getInstance("SM4", PROVIDER);
        assertThrows(InvalidParameterSpecException.class, () -> ours.init(new GCMParameterSpec(88, new byte[12])));
        ours.init(new GCMParameterSpec(128, new byte[12]));
        assertThrows(InvalidParameterSpecException.class, () -> ours.getParameterSpec(IvParameterSpec.class));
        AlgorithmParameters iv = AlgorithmParameters.getInstance("SM4", PROVIDER);
        iv.init(new IvParameterSpec(new byte[16]));
        assertThrows(InvalidParameterSpecException.class, () -> iv.getParameterSpec(GCMParameterSpec.class));
    }

    @Test
    void everyModesParametersDecryptWhatTheyCameWith() throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        byte[] plaintext = new byte[40];
        for (String transformation : new String[] {"SM4/CBC/PKCS5Padding", "SM4/CTR/NoPadding", "SM4/CFB/NoPadding",
            "SM4/OFB/NoPadding", "SM4/GCM/NoPadding", "SM4/CCM/NoPadding"}) {
            for (ShangMiProvider provider : Providers.serving("SM4")) {
                Cipher encryptor = Cipher.getInstance(transformation, provider);
                if (transformation.contains("CCM")) {
                    encryptor.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(64, new byte[11]));
                } else {
                    encryptor.init(Cipher.ENCRYPT_MODE, key);
                }
                byte[] ciphertext = encryptor.doFinal(plaintext);
                AlgorithmParameters parameters = encryptor.getParameters();
                assertEquals("SM4", parameters.getAlgorithm(), transformation);
                assertEquals(provider, parameters.getProvider());
                AlgorithmParameters decoded = AlgorithmParameters.getInstance("SM4", PROVIDER);
                decoded.init(parameters.getEncoded());
                Cipher decryptor = Cipher.getInstance(transformation, provider);
                decryptor.init(Cipher.DECRYPT_MODE, key, decoded);
                assertArrayEquals(plaintext, decryptor.doFinal(ciphertext), transformation + " on " + provider.backendFor("SM4"));
            }
        }
    }

    @Test
    void theGeneratorMakesIvsAndNonces() throws Exception {
        AlgorithmParameterGenerator generator = AlgorithmParameterGenerator.getInstance("SM4", PROVIDER);
        AlgorithmParameters byDefault = generator.generateParameters();
        byte[] first = byDefault.getParameterSpec(IvParameterSpec.class).getIV();
        assertEquals(16, first.length);
        assertTrue(!java.util.Arrays.equals(first, generator.generateParameters().getParameterSpec(IvParameterSpec.class).getIV()),
                "fresh randomness each time");
        generator.init(96);
        GCMParameterSpec gcm = generator.generateParameters().getParameterSpec(GCMParameterSpec.class);
        assertEquals(12, gcm.getIV().length);
        assertEquals(128, gcm.getTLen());
        generator.init(new GCMParameterSpec(64, new byte[11]));
        GCMParameterSpec ccm = generator.generateParameters().getParameterSpec(GCMParameterSpec.class);
        assertEquals(11, ccm.getIV().length);
        assertEquals(64, ccm.getTLen());
        generator.init(128);
        assertEquals(16, generator.generateParameters().getParameterSpec(IvParameterSpec.class).getIV().length);
        assertThrows(InvalidParameterException.class, () -> generator.init(64 + 4));
        assertThrows(InvalidAlgorithmParameterException.class, () -> generator.init(new IvParameterSpec(new byte[8])));
    }
}
