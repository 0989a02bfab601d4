package org.shangmi.provider;

import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.BadPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.provider.spec.Sm9KemParameterSpec;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * SM9 key encapsulation (GB/T 38635.2 clause 8) on every JDK: the sender encapsulates a fresh
 * key K to an identity under the encryption master public key and sends the encapsulation C (a
 * G1 point, 65 bytes); the recipient recovers K with its user key. Where the JDK has
 * {@code javax.crypto.KEM} (21 and later, and 17 updates with its backport), the same is
 * {@code KEM.getInstance("SM9")}.
 */
public final class Sm9KeyEncapsulation {

    /** K as a key of the given algorithm, and the encapsulation C (04 || x || y) to send. */
    public record Encapsulated(SecretKey key, byte[] encapsulation) {

        public Encapsulated {
            encapsulation = encapsulation.clone();
        }

        /** A copy of C. */
        @Override
        public byte[] encapsulation() {
            return encapsulation.clone();
        }
    }

    private Sm9KeyEncapsulation() {
    }

    /**
     * A fresh K for {@code spec}'s recipient and its encapsulation.
     *
     * @throws InvalidKeyException if the key is not an SM9 encryption master public key
     */
    public static Encapsulated encapsulate(PublicKey masterPublicKey, Sm9KemParameterSpec spec, String algorithm,
            SecureRandom random) throws InvalidKeyException {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(algorithm, "algorithm");
        Sm9MasterPublicKey master = Sm9Keys.toMasterPublic(masterPublicKey, Sm9KeyKind.ENCRYPT);
        Sm9.Encapsulated result = Sm9.encapsulate(master.master(), spec.getRecipient().getId(),
                spec.getRecipient().getHid(), spec.getKeyLength(), random != null ? random : DefaultRandom.get());
        try {
            return new Encapsulated(new SecretKeySpec(result.key(), algorithm), result.encapsulation());
        } finally {
            Arrays.fill(result.key(), (byte) 0);
        }
    }

    /**
     * K from the encapsulation C (65 or 64 bytes) with the recipient's user key and identity.
     *
     * @throws InvalidKeyException if the key is not an SM9 encryption user key
     * @throws BadPaddingException if C is not a point of G1 (or K comes out all zeros)
     */
    public static SecretKey decapsulate(PrivateKey userKey, Sm9KemParameterSpec spec, byte[] encapsulation,
            String algorithm) throws InvalidKeyException, BadPaddingException {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(encapsulation, "encapsulation");
        byte[] key = decapsulate(Sm9Keys.toUserPrivate(userKey, Sm9KeyKind.ENCRYPT), spec, encapsulation, 0,
                encapsulation.length);
        try {
            return new SecretKeySpec(key, algorithm);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }

    /** K from {@code c[off..off+len)}; the caller wipes it. */
    static byte[] decapsulate(Sm9UserPrivateKey user, Sm9KemParameterSpec spec, byte[] c, int off, int len)
            throws BadPaddingException {
        byte[] de = user.pointCopy();
        try {
            return Sm9.decapsulate(de, spec.getRecipient().getId(), c, off, len, spec.getKeyLength());
        } catch (IllegalArgumentException e) {
            throw (BadPaddingException) new BadPaddingException(e.getMessage()).initCause(e);
        } finally {
            Arrays.fill(de, (byte) 0);
        }
    }
}
