package org.shangmi.cms;

import java.util.Arrays;
import javax.crypto.SecretKey;

/**
 * An SM4 content key that can be wiped: {@link #destroy} zeroes it once the message is encrypted
 * or decrypted ({@code SecretKeySpec} cannot be). Copies that providers make stay theirs.
 */
final class ContentKey implements SecretKey {

    private static final long serialVersionUID = 1L;

    private final byte[] key;
    private boolean destroyed;

    /** Takes a copy of {@code key}. */
    ContentKey(byte[] key) {
        this.key = key.clone();
    }

    @Override
    public String getAlgorithm() {
        return "SM4";
    }

    @Override
    public String getFormat() {
        return "RAW";
    }

    @Override
    public synchronized byte[] getEncoded() {
        if (destroyed) {
            throw new IllegalStateException("the content key was destroyed");
        }
        return key.clone();
    }

    @Override
    public synchronized void destroy() {
        Arrays.fill(key, (byte) 0);
        destroyed = true;
    }

    @Override
    public synchronized boolean isDestroyed() {
        return destroyed;
    }
}
