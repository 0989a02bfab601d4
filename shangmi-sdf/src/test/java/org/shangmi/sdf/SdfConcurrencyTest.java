package org.shangmi.sdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.PrivateKey;

import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;


/**
 * Threads signing, decrypting and drawing random bytes through one device at once, every result
 * checked; then the provider closes with keys still loaded, and no session stays open. A short
 * run in every build; the soak ({@code bin/test --soak}) runs {@code shangmi.sdf.soak.operations}
 * per thread (20,000 by default: half a minute per binding).
 */
class SdfConcurrencyTest extends WithDevice {

    private static final int THREADS = 6;

    @ParameterizedTest
    @MethodSource("bindings")
    void threadsShareTheDeviceAndNothingStaysOpen(String binding) throws Exception {
        run(binding, 40);
    }

    @Tag("soak")
    @ParameterizedTest
    @MethodSource("bindings")
    void soak(String binding) throws Exception {
        run(binding, Integer.getInteger("shangmi.sdf.soak.operations", 20_000));
    }

    private void run(String binding, int operations) throws Exception {
        ShangMiSdfProvider provider = open(binding, "key-indexes=1", "sessions=2", "key-sessions=2");
        SdfDevice device;
        try {
            KeyStore store = KeyStore.getInstance("SDF", provider);
            store.load(null, null);
            PrivateKey signing = (PrivateKey) store.getKey("sign-1", SoftSdf.PASSWORD.toCharArray());
            PrivateKey encryption = (PrivateKey) store.getKey("enc-1", SoftSdf.PASSWORD.toCharArray());
            device = ((SdfPrivateKey) signing).device();
            PublicKey verifying = ((SdfPrivateKey) signing).getPublicKey();
            PublicKey encrypting = ((SdfPrivateKey) encryption).getPublicKey();
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<Integer>> results = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    results.add(pool.submit(() -> {
                        SecureRandom random = SecureRandom.getInstance("SDF", provider);
                        int done = 0;
                        for (int i = 0; i < operations; i++) {
                            byte[] message = ("thread " + thread + " operation " + i).getBytes(StandardCharsets.US_ASCII);
                            switch ((thread + i) % 3) {
                                case 0 -> {
                                    Signature signer = Signature.getInstance("SM3withSM2", provider);
                                    signer.initSign(signing);
                                    signer.update(message);
                                    Signature verifier = Signature.getInstance("SM3withSM2", SHANGMI);
                                    verifier.initVerify(verifying);
                                    verifier.update(message);
                                    if (!verifier.verify(signer.sign())) {
                                        throw new AssertionError("a device signature did not verify");
                                    }
                                }
                                case 1 -> {
                                    Cipher encryptor = Cipher.getInstance("SM2", SHANGMI);
                                    encryptor.init(Cipher.ENCRYPT_MODE, encrypting);
                                    Cipher decryptor = Cipher.getInstance("SM2", provider);
                                    decryptor.init(Cipher.DECRYPT_MODE, encryption);
                                    assertArrayEquals(message, decryptor.doFinal(encryptor.doFinal(message)));
                                }
                                default -> {
                                    byte[] bytes = new byte[300];
                                    random.nextBytes(bytes);
                                }
                            }
                            done++;
                        }
                        return done;
                    }));
                }
                for (Future<Integer> result : results) {
                    assertEquals(operations, result.get(5, TimeUnit.MINUTES));
                }
            } finally {
                pool.shutdownNow();
            }
            assertTrue(device.openSessions() <= 2 + 2 + 2, "the pool's two and each key's two: " + device.openSessions());
            int before = device.openSessions();
            signing.destroy();
            assertEquals(before - 2, device.openSessions(), "a destroyed key's two sessions closed");
        } finally {
            close();
        }
        assertEquals(0, device.openSessions(), "the device closed every session");
    }
}
