package org.shangmi.sdf;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.security.PrivateKey;
import java.security.interfaces.ECPublicKey;

/**
 * An SM2 private key that stays in the device: it names key pair {@link #index()} (its signing or
 * its encryption key) and holds the device sessions granted its use, never key bytes:
 * {@link #getEncoded()} and {@link #getFormat()} are null. Only this provider's services accept
 * it; everything above the JCA finds them by the key's class ({@code SupportedKeyClasses}).
 * {@link #destroy()} releases the access right and the sessions; so does the key becoming
 * unreachable, or the provider closing. It cannot be serialized.
 */
public final class SdfPrivateKey implements PrivateKey {

    private static final long serialVersionUID = 1L;

    private final transient SdfDevice device;
    private final transient int index;
    private final transient boolean signing;
    private final transient ECPublicKey publicKey;
    private final transient KeyAccess access;

    private SdfPrivateKey(SdfDevice device, int index, boolean signing, ECPublicKey publicKey, char[] password)
            throws SdfException {
        this.device = device;
        this.index = index;
        this.signing = signing;
        this.publicKey = publicKey;
        this.access = KeyAccess.grant(device, index, password, this);
    }

    static SdfPrivateKey load(SdfDevice device, int index, boolean signing, ECPublicKey publicKey, char[] password)
            throws SdfException {
        return new SdfPrivateKey(device, index, signing, publicKey, password);
    }

    /** "EC", as for any SM2 key: the certificates and the TLS engines choose by it. */
    @Override
    public String getAlgorithm() {
        return "EC";
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

    /** The device's key pair index. */
    public int index() {
        return index;
    }

    /** True for the pair's signing key, false for its encryption key. */
    public boolean isSigningKey() {
        return signing;
    }

    /** The public key of the same pair, as the device exports it. */
    public ECPublicKey getPublicKey() {
        return publicKey;
    }

    SdfDevice device() {
        return device;
    }

    KeyAccess access() {
        return access;
    }

    /** Releases the key's access right and closes its sessions; the key is unusable afterwards. */
    @Override
    public void destroy() {
        access.destroy();
    }

    @Override
    public boolean isDestroyed() {
        return access.isDestroyed();
    }

    @Override
    public String toString() {
        return "SM2 " + (signing ? "signing" : "encryption") + " key " + index + " in an SDF device"
                + (isDestroyed() ? " (destroyed)" : "");
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        throw new NotSerializableException("a device key cannot be serialized");
    }
}
