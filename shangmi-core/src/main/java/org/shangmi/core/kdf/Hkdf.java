package org.shangmi.core.kdf;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.hash.Hmac;
import org.shangmi.core.sm3.Sm3;

/**
 * HKDF (RFC 5869) with HMAC-SM3, as RFC 8998 uses it for the SM cipher suites of TLS 1.3:
 * extract a pseudorandom key from input keying material, expand it into output keying material.
 *
 * <pre>{@code
 * byte[] okm = Hkdf.sm3().derive(salt, ikm, info, 32);
 * }</pre>
 *
 * <p>Not thread-safe: an instance reuses its HMAC. Constant time in the key material.
 */
public final class Hkdf {

    private final MacEngine hmac;

    /** HKDF-SM3: HKDF over HMAC-SM3. */
    public static Hkdf sm3() {
        return new Hkdf(new Hmac(new Sm3(), "HmacSM3"));
    }

    /** @param hmac an HMAC this instance takes over (its key is replaced on every call) */
    Hkdf(MacEngine hmac) {
        this.hmac = Objects.requireNonNull(hmac, "hmac");
    }

    /** Length of the pseudorandom key from {@link #extract}, and the most each expand block yields. */
    public int hashLength() {
        return hmac.macLength();
    }

    /** The most output one expansion can give: 255 blocks. */
    public int maxOutputLength() {
        return 255 * hashLength();
    }

    /**
     * PRK = HMAC(salt, ikm). A null or empty salt means a string of hash-length zero bytes.
     */
    public byte[] extract(byte[] salt, byte[] ikm) {
        Objects.requireNonNull(ikm, "ikm");
        byte[] key = salt == null || salt.length == 0 ? new byte[hashLength()] : salt;
        hmac.init(key, 0, key.length);
        try {
            hmac.update(ikm, 0, ikm.length);
            byte[] prk = new byte[hashLength()];
            hmac.doFinal(prk, 0);
            return prk;
        } finally {
            hmac.destroy();
        }
    }

    /**
     * Fills {@code out[off..off+len)} with T(1) || T(2) || ..., T(i) = HMAC(prk, T(i-1) || info || i).
     *
     * @param info context, may be null (empty)
     * @throws IllegalArgumentException if {@code len} exceeds {@link #maxOutputLength()}
     */
    public void expand(byte[] prk, byte[] info, byte[] out, int off, int len) {
        Objects.requireNonNull(prk, "prk");
        Objects.checkFromIndexSize(off, len, out.length);
        if (len > maxOutputLength()) {
            throw new IllegalArgumentException(
                    "HKDF output of " + len + " bytes exceeds the limit of " + maxOutputLength());
        }
        int hashLength = hashLength();
        byte[] block = new byte[hashLength];
        hmac.init(prk, 0, prk.length);
        try {
            for (int counter = 1; len > 0; counter++) {
                if (counter > 1) {
                    hmac.update(block, 0, hashLength);
                }
                if (info != null) {
                    hmac.update(info, 0, info.length);
                }
                hmac.update((byte) counter);
                hmac.doFinal(block, 0);
                int take = Math.min(hashLength, len);
                System.arraycopy(block, 0, out, off, take);
                off += take;
                len -= take;
            }
        } finally {
            Arrays.fill(block, (byte) 0);
            hmac.destroy();
        }
    }

    /** Extract then expand; the intermediate key is wiped. */
    public byte[] derive(byte[] salt, byte[] ikm, byte[] info, int length) {
        if (length < 0 || length > maxOutputLength()) {
            throw new IllegalArgumentException(
                    "HKDF output length " + length + " is outside 0.." + maxOutputLength());
        }
        byte[] prk = extract(salt, ikm);
        try {
            byte[] out = new byte[length];
            expand(prk, info, out, 0, length);
            return out;
        } finally {
            Arrays.fill(prk, (byte) 0);
        }
    }
}
