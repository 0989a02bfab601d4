package org.shangmi.bench;

import java.security.Provider;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.shangmi.provider.Backend;
import org.shangmi.provider.ShangMiProvider;

/**
 * ZUC through the JCA, one message per call with a fresh IV (initialisation included, as each
 * 3GPP frame has its own): the ZUC-128 and ZUC-256 keystream XORed with {@code size} bytes,
 * and 128-EIA3's MAC ({@code Mac "ZUC-128"}) over them; ShangMi on the Java backend (the S-box
 * circuit) and on the vector backend (byte shuffles, after its warm-up), Bouncy Castle beside them.
 * {@code bin/bench --zuc} runs these beside GmSSL 3's C code on the same machine.
 *
 * <p>Framing, the same for every implementation where it can be: a MAC covers at most 8,000
 * bytes (128-EIA3's messages end at 65,504 bits), so the 64 KiB row tags eight frames of 8,000
 * bytes and one of 1,536. Bouncy Castle's ciphers stop at 8,188 bytes (ZUC-128) and 2,500 bytes
 * (ZUC-256) per key and IV, so its 64 KiB keystream rows start a new IV at each of those
 * limits; ShangMi and GmSSL encrypt the 64 KiB as one message.
 */
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
public class ZucBench {

    static final int MAC_FRAME = 8000;

    @Param({"ShangMi-Java", "ShangMi-Vector", "BC"})
    public String provider;

    @Param({"ZUC-128", "ZUC-256", "EIA3"})
    public String algorithm;

    @Param({"64", "1024", "65536"})
    public int size;

    private Cipher cipher;
    private Mac mac;
    private SecretKeySpec key;
    private byte[] iv;
    private byte[] in;
    private byte[] out;
    private int frame;

    @Setup
    public void setUp() throws Exception {
        Provider p = switch (provider) {
            case "BC" -> new BouncyCastleProvider();
            case "ShangMi-Vector" -> Peers.SHANGMI_VECTOR.provider();
            default -> new ShangMiProvider(Backend.JAVA);
        };
        boolean big = algorithm.equals("ZUC-256");
        key = new SecretKeySpec(new byte[big ? 32 : 16], big ? "ZUC-256" : "ZUC-128");
        iv = new byte[big ? 25 : 16];
        in = new byte[size];
        out = new byte[size];
        if (algorithm.equals("EIA3")) {
            mac = Mac.getInstance("ZUC-128", p);
            frame = MAC_FRAME;
        } else {
            cipher = Cipher.getInstance(algorithm, p);
            frame = provider.equals("BC") ? (big ? 2500 : 8188) : size;
        }
    }

    /** A new IV for each message: a counter in its first bytes. */
    private IvParameterSpec nextIv() {
        for (int i = 0; i < 8 && ++iv[i] == 0; i++) {
            // carry
        }
        return new IvParameterSpec(iv);
    }

    @Benchmark
    public byte[] message() throws Exception {
        for (int offset = 0; offset < size; offset += frame) {
            int length = Math.min(frame, size - offset);
            if (mac != null) {
                mac.init(key, nextIv());
                mac.update(in, offset, length);
                mac.doFinal(out, 0);
            } else {
                cipher.init(Cipher.ENCRYPT_MODE, key, nextIv());
                cipher.doFinal(in, offset, length, out, offset);
            }
        }
        return out;
    }
}
