package org.shangmi.bench;

import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;

/** {@code Mac}: one whole message per operation under a fixed 32-byte key, tag into a reused buffer. */
public class MacBench extends MessageBench {

    private Mac mac;
    private byte[] out;

    @Override
    protected void setUp(Peers peer) throws Exception {
        mac = peer.mac();
        byte[] key = new byte[32];
        new Random(1).nextBytes(key);
        mac.init(new SecretKeySpec(key, peer.macAlgorithm()));
        out = new byte[mac.getMacLength()];
    }

    @Benchmark
    public byte[] mac() throws ShortBufferException {
        mac.update(message, 0, message.length);
        mac.doFinal(out, 0);
        return out;
    }
}
