package org.shangmi.bench;

import java.nio.ByteBuffer;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * {@code Cipher} SM4 (AES-128 for the JDK yardstick): one whole message per operation, {@code init}
 * with the key and IV and then {@code doFinal} into a reused buffer, NoPadding. GCM encryption
 * takes a new IV every time (GCM refuses to repeat one); GCM decryption opens one sealed message
 * (128-bit tag) again and again.
 */
public class CipherBench extends MessageBench {

    @Param({"CBC", "CTR", "ECB", "GCM"})
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
        byte[] keyBytes = new byte[16];
        random.nextBytes(keyBytes);
        key = new SecretKeySpec(keyBytes, peer.blockCipher());
        iv = new byte[mode.equals("GCM") ? 12 : 16];
        random.nextBytes(iv);
        parameters = switch (mode) {
            case "ECB" -> null;
            case "GCM" -> new GCMParameterSpec(128, iv);
            default -> new IvParameterSpec(iv);
        };
        opmode = direction.equals("encrypt") ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
        input = message;
        if (mode.equals("GCM") && opmode == Cipher.DECRYPT_MODE) {
            cipher.init(Cipher.ENCRYPT_MODE, key, parameters);
            input = cipher.doFinal(message);
        }
        out = new byte[message.length + 16];
    }

    @Benchmark
    public byte[] crypt() throws Exception {
        if (mode.equals("GCM") && opmode == Cipher.ENCRYPT_MODE) {
            ByteBuffer.wrap(iv).putLong(4, ByteBuffer.wrap(iv).getLong(4) + 1); // a new IV per message
            parameters = new GCMParameterSpec(128, iv);
        }
        cipher.init(opmode, key, parameters);
        cipher.doFinal(input, 0, input.length, out, 0);
        return out;
    }
}
