package org.shangmi.bench;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * {@code Cipher} SM4 (AES-128 for the JDK yardstick): one whole message per operation, {@code init}
 * with the key and IV and then {@code doFinal} into a reused buffer, NoPadding.
 */
public class CipherBench extends MessageBench {

    @Param({"CBC", "CTR", "ECB"})
    public String mode;

    @Param({"encrypt", "decrypt"})
    public String direction;

    private Cipher cipher;
    private SecretKeySpec key;
    private IvParameterSpec iv;
    private int opmode;
    private byte[] out;

    @Override
    protected void setUp(Peers peer) throws Exception {
        cipher = peer.blockCipher(mode);
        Random random = new Random(2);
        byte[] keyBytes = new byte[16];
        random.nextBytes(keyBytes);
        key = new SecretKeySpec(keyBytes, peer.blockCipher());
        byte[] ivBytes = new byte[16];
        random.nextBytes(ivBytes);
        iv = mode.equals("ECB") ? null : new IvParameterSpec(ivBytes);
        opmode = direction.equals("encrypt") ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
        out = new byte[message.length];
    }

    @Benchmark
    public byte[] crypt() throws Exception {
        cipher.init(opmode, key, iv);
        cipher.doFinal(message, 0, message.length, out, 0);
        return out;
    }
}
