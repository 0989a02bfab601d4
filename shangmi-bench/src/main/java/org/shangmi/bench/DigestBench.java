package org.shangmi.bench;

import java.security.DigestException;
import java.security.MessageDigest;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * {@code MessageDigest}: one whole message per operation (update, then digest into a reused
 * buffer), so B/op shows what each provider allocates on that path.
 */
public class DigestBench extends MessageBench {

    private MessageDigest digest;
    private byte[] out;

    @Override
    protected void setUp(Peers peer) throws Exception {
        digest = peer.messageDigest();
        out = new byte[digest.getDigestLength()];
    }

    @Benchmark
    public byte[] digest() throws DigestException {
        digest.update(message, 0, message.length);
        digest.digest(out, 0, out.length);
        return out;
    }
}
