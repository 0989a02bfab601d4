package org.shangmi.provider;

import java.security.PrivateKey;
import java.util.Arrays;
import javax.security.auth.Destroyable;
import org.shangmi.core.util.ConstantTime;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * What SM9's master and user private keys share: a kind, secret bytes (a master secret or a
 * user's point) copied out atomically with respect to {@link #destroy}, which wipes them, the
 * PKCS#8 format, and equality compared in constant time.
 */
abstract class Sm9PrivateKeyBase implements PrivateKey, Destroyable {

    private static final long serialVersionUID = 1L;

    private final Sm9KeyKind kind;
    private final byte[] secret;
    private volatile boolean destroyed;

    Sm9PrivateKeyBase(Sm9KeyKind kind, byte[] secret) {
        this.kind = kind;
        this.secret = secret.clone();
    }

    /** Whether the key serves signatures or encryption (with key encapsulation and exchange). */
    public final Sm9KeyKind getKind() {
        return kind;
    }

    /** A copy of the secret bytes; the caller wipes it. */
    final synchronized byte[] secretBytes() {
        if (destroyed) {
            throw new IllegalStateException("the " + describe() + " has been destroyed");
        }
        return secret.clone();
    }

    /** The key's name in messages: "SM9 master private key", "SM9 user private key". */
    abstract String describe();

    @Override
    public final String getAlgorithm() {
        return "SM9";
    }

    @Override
    public final String getFormat() {
        return "PKCS#8";
    }

    @Override
    public final synchronized void destroy() {
        destroyed = true;
        Arrays.fill(secret, (byte) 0);
    }

    @Override
    public final boolean isDestroyed() {
        return destroyed;
    }

    /** Whether {@code other} is a live key of the same class and kind with the same secret (constant time). */
    final boolean sameSecret(Object other) {
        return other != null && other.getClass() == getClass() && !destroyed && !((Sm9PrivateKeyBase) other).destroyed
                && ((Sm9PrivateKeyBase) other).kind == kind && ((Sm9PrivateKeyBase) other).secret.length == secret.length
                && ConstantTime.equals(secret, 0, ((Sm9PrivateKeyBase) other).secret, 0, secret.length);
    }

    /** The fields as read by deserialisation, for the subclasses' checks (never copied out). */
    final byte[] secretForCheck() {
        return secret;
    }
}
