package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.util.Arrays;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.Test;

class HmacKeyGeneratorTest {

    private final ShangMiProvider provider = new ShangMiProvider(Backend.JAVA);

    @Test
    void defaultKeysAre256BitsAndFresh() throws Exception {
        KeyGenerator generator = KeyGenerator.getInstance("HmacSM3", provider);
        SecretKey first = generator.generateKey();
        SecretKey second = generator.generateKey();
        assertEquals("HmacSM3", first.getAlgorithm());
        assertEquals("RAW", first.getFormat());
        assertEquals(32, first.getEncoded().length);
        assertFalse(Arrays.equals(first.getEncoded(), second.getEncoded()));
    }

    @Test
    void requestedSizesAreHonouredAndKeysWork() throws Exception {
        KeyGenerator generator = KeyGenerator.getInstance("HmacSM3", provider);
        generator.init(128);
        SecretKey key = generator.generateKey();
        assertEquals(16, key.getEncoded().length);
        generator.init(1024);
        assertEquals(128, generator.generateKey().getEncoded().length);

        Mac mac = Mac.getInstance("HmacSM3", provider);
        mac.init(key);
        Mac reference = Mac.getInstance("HmacSM3", Providers.bouncyCastle());
        reference.init(key);
        assertArrayEquals(reference.doFinal(new byte[5]), mac.doFinal(new byte[5]));
    }

    @Test
    void refusesWeakOrOddSizesAndParameters() throws Exception {
        KeyGenerator generator = KeyGenerator.getInstance("HmacSM3", provider);
        assertThrows(InvalidParameterException.class, () -> generator.init(64));
        assertThrows(InvalidParameterException.class, () -> generator.init(130));
        assertThrows(InvalidParameterException.class, () -> generator.init(0));
        assertThrows(InvalidAlgorithmParameterException.class, () -> generator.init(new IvParameterSpec(new byte[16])));
    }
}
