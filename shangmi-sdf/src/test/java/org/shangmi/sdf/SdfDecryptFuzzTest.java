package org.shangmi.sdf;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.Security;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.spec.Sm2CiphertextFormat;

/**
 * A fuzz target over what a TLCP peer or a message sender controls on the way into a device:
 * SM2 ciphertexts, in every layout, decrypted by SoftSDF's encryption key 1 through the provider
 * (layout conversion, the curve check of C1, the device's {@code ECCCipher}, the device call). It
 * may refuse input only with {@link BadPaddingException}; any other exception, or a crash of the
 * JVM, is a finding. {@code bin/fuzz 600 sdfCiphertexts} fuzzes it; every build runs its inputs.
 */
class SdfDecryptFuzzTest {

    private static ShangMiSdfProvider provider;
    private static PrivateKey key;

    @BeforeAll
    static void setUp() throws Exception {
        provider = (ShangMiSdfProvider) new ShangMiSdfProvider().configure(
                SoftSdf.configuration(SoftSdf.bindings().get(0), "key-indexes=1"));
        Security.insertProviderAt(new ShangMiProvider(), 1);
        KeyStore store = KeyStore.getInstance("SDF", provider);
        store.load(null, null);
        key = (PrivateKey) store.getKey("enc-1", SoftSdf.PASSWORD.toCharArray());
    }

    @AfterAll
    static void tearDown() {
        Security.removeProvider(ShangMiProvider.NAME);
        provider.close();
    }

    @FuzzTest(maxDuration = "5s")
    void sdfCiphertexts(byte[] input) throws Exception {
        for (Sm2CiphertextFormat format : Sm2CiphertextFormat.values()) {
            Cipher cipher = Cipher.getInstance("SM2/" + format + "/NoPadding", provider);
            cipher.init(Cipher.DECRYPT_MODE, key);
            try {
                byte[] plain = cipher.doFinal(input);
                if (plain.length < 1 || plain.length > 255) {
                    throw new AssertionError("the device gave " + plain.length + " bytes of plaintext");
                }
            } catch (BadPaddingException refused) {
                // malformed, off the curve, too long, or not for this key: said so
            } catch (ProviderException e) {
                throw new AssertionError("a ciphertext made the device fail rather than refuse it", e);
            }
        }
    }
}
