package org.shangmi.bench;

import java.nio.ByteBuffer;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.shangmi.provider.spec.Sm4XtsParameterSpec;

/**
 * {@code Cipher} SM4 (AES-128 for the JDK yardstick): one whole message per operation, {@code init}
 * with the key and IV and then {@code doFinal} into a reused buffer, NoPadding. GCM and CCM
 * encryption take a new nonce every time (both refuse to repeat one); their decryption opens one
 * sealed message (128-bit tag) again and again. XTS encrypts the message as one data unit under
 * the GB/T 17964 tweak.
 *
 * <p>Not every peer has every mode: XTS is ShangMi's alone, CCM ShangMi's and Bouncy Castle's.
 * The setup of a missing combination fails with {@code NoSuchAlgorithmException}, which JMH
 * reports before it goes on with the others; name the providers with {@code -p provider=...} to
 * avoid them. ShangMi-Vector (SM4 on the incubating Vector API) runs only where named, in a fork
 * that resolves {@code jdk.incubator.vector}.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED", "--add-modules", "jdk.incubator.vector"})
public class CipherBench extends MessageBench {

    @Param({"CBC", "CTR", "ECB", "GCM", "CCM", "XTS"})
    public String mode;

    @Param({"encrypt", "decrypt"})
    public String direction;

    private Cipher cipher;
    private SecretKeySpec key;
    private AlgorithmParameterSpec parameters;
    private byte[] iv;
    private int opmode;
    private byte[] input;
    private byte[] out;

    @Override
    protected void setUp(Peers peer) throws Exception {
        cipher = peer.blockCipher(mode);
        Random random = new Random(2);
        byte[] keyBytes = new byte[mode.equals("XTS") ? 32 : 16];
        random.nextBytes(keyBytes);
        key = new SecretKeySpec(keyBytes, peer.blockCipher());
        iv = new byte[aead() ? 12 : 16];
        random.nextBytes(iv);
        parameters = switch (mode) {
            case "ECB" -> null;
            case "GCM", "CCM" -> new GCMParameterSpec(128, iv);
            case "XTS" -> new Sm4XtsParameterSpec(iv, Sm4XtsParameterSpec.Standard.GB_T_17964);
            default -> new IvParameterSpec(iv);
        };
        opmode = direction.equals("encrypt") ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
        input = message;
        if (aead() && opmode == Cipher.DECRYPT_MODE) {
            cipher.init(Cipher.ENCRYPT_MODE, key, parameters);
            input = cipher.doFinal(message);
        }
        out = new byte[message.length + 16];
    }

    private boolean aead() {
        return mode.equals("GCM") || mode.equals("CCM");
    }

    @Benchmark
    public byte[] crypt() throws Exception {
        if (aead() && opmode == Cipher.ENCRYPT_MODE) {
            ByteBuffer.wrap(iv).putLong(4, ByteBuffer.wrap(iv).getLong(4) + 1); // a new nonce per message
            parameters = new GCMParameterSpec(128, iv);
        }
        cipher.init(opmode, key, parameters);
        cipher.doFinal(input, 0, input.length, out, 0);
        return out;
    }
}
