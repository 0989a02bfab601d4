package org.shangmi.bench;

import java.security.KeyPair;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Cipher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code Cipher} "SM2": the encrypt and decrypt workflows of the project's seed table, one
 * message per operation with {@code init} every time, in each provider's default layout; once
 * with one Cipher reused, and once with a new Cipher per message ({@code getInstance} included),
 * as most applications write it.
 */
public class Sm2CipherBench extends PublicKeyBench {

    @Param({"ShangMi-Java", "ShangMi-OpenSSL", "ShangMi-JNI", "BC", "Kona", "Kona-Native", "Kona-NativeOneShot"})
    public String provider;

    @Param({"32", "64", "128", "256", "512", "1024"})
    public int dataSize;

    private Cipher encryptor;
    private Cipher decryptor;
    private KeyPair pair;
    private byte[] plaintext;
    private byte[] ciphertext;

    @Setup
    public void setUp() throws Exception {
        Peers peer = Peers.forLabel(provider);
        pair = peer.keyPairGenerator().generateKeyPair();
        encryptor = peer.sm2Cipher();
        decryptor = peer.sm2Cipher();
        plaintext = new byte[dataSize];
        new Random(dataSize).nextBytes(plaintext);
        ciphertext = encrypt();
        if (!Arrays.equals(plaintext, decrypt())) {
            throw new IllegalStateException(provider + " does not decrypt its own ciphertext");
        }
    }

    @Benchmark
    public byte[] encrypt() throws Exception {
        encryptor.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        return encryptor.doFinal(plaintext);
    }

    @Benchmark
    public byte[] decrypt() throws Exception {
        decryptor.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        return decryptor.doFinal(ciphertext);
    }

    @Benchmark
    public byte[] encryptNewCipher() throws Exception {
        Cipher cipher = Cipher.getInstance(encryptor.getAlgorithm(), encryptor.getProvider());
        cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        return cipher.doFinal(plaintext);
    }

    @Benchmark
    public byte[] decryptNewCipher() throws Exception {
        Cipher cipher = Cipher.getInstance(encryptor.getAlgorithm(), encryptor.getProvider());
        cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        return cipher.doFinal(ciphertext);
    }
}
