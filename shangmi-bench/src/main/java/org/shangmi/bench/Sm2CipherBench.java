package org.shangmi.bench;

import java.security.KeyPair;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code Cipher} "SM2": the encrypt and decrypt workflows of the project's seed table, one
 * message per operation with {@code init} every time, in each provider's default layout.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class Sm2CipherBench {

    @Param({"ShangMi-Java", "BC", "Kona", "Kona-Native"})
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
}
