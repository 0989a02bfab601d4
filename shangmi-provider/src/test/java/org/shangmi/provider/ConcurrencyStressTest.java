package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Many threads share one provider per backend and its key objects (whose caches — the prepared
 * signing key, the public key's comb table, the imported EVP_PKEY — are filled concurrently),
 * each with its own JCA objects, and check every result; then threads keep signing and
 * decrypting with keys that another thread destroys under them. Nothing may crash, and every
 * operation must either give a right answer or throw.
 */
class ConcurrencyStressTest {

    private static final int THREADS = 8;
    private static final int ROUNDS = 60;
    private static final byte[] SM3_ABC = HexFormat.of().parseHex(
            "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0");

    @Test
    void sharedProvidersAndKeysGiveRightAnswersOnEveryThread() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            SecretKey sm4Key = new SecretKeySpec(new byte[16], "SM4");
            List<String> wrong = run(thread -> {
                byte[] message = ("thread " + thread).getBytes();
                for (int round = 0; round < ROUNDS; round++) {
                    if (!Arrays.equals(SM3_ABC, MessageDigest.getInstance("SM3", provider).digest("abc".getBytes()))) {
                        return "SM3 of abc";
                    }
                    Signature signer = Signature.getInstance("SM3withSM2", provider);
                    signer.initSign(pair.getPrivate());
                    signer.update(message);
                    byte[] signature = signer.sign();
                    signer.initVerify(pair.getPublic());
                    signer.update(message);
                    if (!signer.verify(signature)) {
                        return "a signature did not verify";
                    }
                    Cipher sm2 = Cipher.getInstance("SM2", provider);
                    sm2.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                    byte[] sealed = sm2.doFinal(message);
                    sm2.init(Cipher.DECRYPT_MODE, pair.getPrivate());
                    if (!Arrays.equals(message, sm2.doFinal(sealed))) {
                        return "SM2 decryption";
                    }
                    Cipher gcm = Cipher.getInstance("SM4/GCM/NoPadding", provider);
                    byte[] iv = Arrays.copyOf(message, 12);
                    iv[11] = (byte) round;
                    gcm.init(Cipher.ENCRYPT_MODE, sm4Key, new GCMParameterSpec(128, iv));
                    byte[] gcmSealed = gcm.doFinal(message);
                    gcm.init(Cipher.DECRYPT_MODE, sm4Key, new GCMParameterSpec(128, iv));
                    if (!Arrays.equals(message, gcm.doFinal(gcmSealed))) {
                        return "SM4-GCM";
                    }
                }
                return null;
            });
            assertEquals(List.of(), wrong, provider.getInfo());
        }
    }

    @Test
    void keysDestroyedUnderOtherThreadsGiveRightAnswersOrExceptions() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2", provider);
            AtomicInteger refused = new AtomicInteger();
            AtomicInteger done = new AtomicInteger();
            for (int key = 0; key < 5; key++) {
                KeyPair pair = generator.generateKeyPair();
                PrivateKey privateKey = pair.getPrivate();
                Cipher encryptor = Cipher.getInstance("SM2", provider);
                encryptor.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                byte[] message = {1, 2, 3, 4};
                byte[] sealed = encryptor.doFinal(message);
                List<String> wrong = run(thread -> {
                    if (thread == 0) {
                        Thread.sleep(5);
                        privateKey.destroy();
                        return null;
                    }
                    for (int round = 0; round < ROUNDS; round++) {
                        try {
                            Signature signer = Signature.getInstance("SM3withSM2", provider);
                            signer.initSign(privateKey);
                            signer.update(message);
                            byte[] signature = signer.sign();
                            Signature verifier = Signature.getInstance("SM3withSM2", provider);
                            verifier.initVerify(pair.getPublic());
                            verifier.update(message);
                            if (!verifier.verify(signature)) {
                                return "a signature made while the key was destroyed does not verify";
                            }
                            Cipher decryptor = Cipher.getInstance("SM2", provider);
                            decryptor.init(Cipher.DECRYPT_MODE, privateKey);
                            if (!Arrays.equals(message, decryptor.doFinal(sealed))) {
                                return "a decryption while the key was destroyed gave another plaintext";
                            }
                            done.incrementAndGet();
                        } catch (GeneralSecurityException | IllegalStateException | IllegalArgumentException e) {
                            refused.incrementAndGet(); // the key is gone: refusing is right
                        }
                    }
                    return null;
                });
                assertEquals(List.of(), wrong, provider.getInfo());
                assertTrue(privateKey.isDestroyed());
            }
            assertTrue(refused.get() > 0, "some operations met a destroyed key: " + provider.getInfo());
        }
    }

    private interface Work {
        /** @return null if every result was right, else what was wrong */
        String run(int thread) throws Exception;
    }

    /** Runs {@code work} on {@link #THREADS} threads started together; returns what went wrong. */
    private static List<String> run(Work work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    String result = work.run(thread);
                    if (result != null) {
                        wrong.add("thread " + thread + ": " + result);
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get(5, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        return new ArrayList<>(wrong);
    }
}
