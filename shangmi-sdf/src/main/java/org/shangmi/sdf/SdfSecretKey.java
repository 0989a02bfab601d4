package org.shangmi.sdf;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import javax.crypto.SecretKey;

/**
 * An SM4 session key held in the device: a handle, never key bytes ({@link #getEncoded()} and
 * {@link #getFormat()} are null). Made by {@code KeyGenerator "SM4"} under a key-encryption key
 * ({@link SdfKekParameterSpec}), imported from its wrap ({@link SdfWrappedKeySpec}), or unwrapped
 * from an SM2 envelope by a device encryption key ({@code Cipher "SM2"} in {@code UNWRAP_MODE});
 * {@code Cipher "SM4/CBC/NoPadding"} and {@code "SM4/CBC/PKCS5Padding"} of ShangMiSDF cipher with it
 * in the device. An unwrapped key lives in its key pair's session and ends with that key.
 * {@link #destroy()} destroys the handle. It cannot be serialized.
 */
public final class SdfSecretKey implements SecretKey {

    private static final long serialVersionUID = 1L;

    private final transient SessionKey key;
    private final transient int kekIndex;
    private final transient byte[] wrapped;

    SdfSecretKey(SessionKey key, int kekIndex, byte[] wrapped) {
        this.key = key;
        key.register(this);
        this.kekIndex = kekIndex;
        this.wrapped = wrapped == null ? null : wrapped.clone();
    }

    @Override
    public String getAlgorithm() {
        return "SM4";
    }

    /** Null: the key has no encoding outside the device. */
    @Override
    public String getFormat() {
        return null;
    }

    /** Null: the key's bytes never leave the device. */
    @Override
    public byte[] getEncoded() {
        return null;
    }

    /** The index of the key-encryption key that wraps it, or -1 for a key unwrapped from an SM2 envelope. */
    public int kekIndex() {
        return kekIndex;
    }

    /**
     * The key wrapped under its key-encryption key, in the device's own format (store it to
     * import the key again with {@link SdfWrappedKeySpec}), or null for a key unwrapped from an
     * SM2 envelope.
     */
    public byte[] wrapped() {
        return wrapped == null ? null : wrapped.clone();
    }

    SessionKey sessionKey() {
        return key;
    }

    @Override
    public void destroy() {
        key.destroy();
    }

    @Override
    public boolean isDestroyed() {
        return key.isDestroyed();
    }

    @Override
    public String toString() {
        return "SM4 key in an SDF device" + (kekIndex >= 0 ? ", wrapped under KEK " + kekIndex : "")
                + (isDestroyed() ? " (destroyed)" : "");
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        throw new NotSerializableException("a device key cannot be serialized");
    }
}
