package org.shangmi.tls.tlcp;

import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.SecretKey;

/**
 * A raw secret key that this package owns and can wipe: {@link #destroy()} zeroes the bytes,
 * which {@code SecretKeySpec} does not promise on every JDK. Any provider takes it as a
 * {@code RAW} key; what a provider copies out through {@link #getEncoded()} is that provider's to
 * wipe. Never serialized.
 */
final class RecordKey implements SecretKey {

    private static final long serialVersionUID = 1L;

    private final String algorithm;
    private final byte[] bytes;
    private volatile boolean destroyed;

    /** Copies {@code len} bytes from {@code src} at {@code off}. */
    RecordKey(byte[] src, int off, int len, String algorithm) {
        Objects.checkFromIndexSize(off, len, src.length);
        if (len == 0) {
            throw new IllegalArgumentException("an empty " + algorithm + " key");
        }
        this.algorithm = Objects.requireNonNull(algorithm);
        this.bytes = Arrays.copyOfRange(src, off, off + len);
    }

    @Override
    public String getAlgorithm() {
        return algorithm;
    }

    @Override
    public String getFormat() {
        return "RAW";
    }

    @Override
    public byte[] getEncoded() {
        if (destroyed) {
            throw new IllegalStateException("the " + algorithm + " key has been destroyed");
        }
        return bytes.clone();
    }

    @Override
    public void destroy() {
        Arrays.fill(bytes, (byte) 0);
        destroyed = true;
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    private void writeObject(ObjectOutputStream out) throws NotSerializableException {
        throw new NotSerializableException("record keys are not serialized");
    }
}
