package org.shangmi.core.hash;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.util.Bytes;

/**
 * PBKDF2 (RFC 8018, section 5.2) with an {@link Hmac} as the pseudorandom function.
 * {@code new Pbkdf2(new Hmac(new Sm3(), "HmacSM3"))} is PBKDF2-HMAC-SM3.
 *
 * <p>Each iteration costs two compressions (the HMAC keeps its keyed states) and no allocation.
 * Not thread-safe: an instance reuses its HMAC. Constant time in the password.
 */
public final class Pbkdf2 {

    private final Hmac prf;

    /** @param prf an HMAC this instance takes over (its key is replaced on every call) */
    public Pbkdf2(Hmac prf) {
        this.prf = Objects.requireNonNull(prf, "prf");
    }

    /**
     * Derives {@code len} bytes into {@code out} from {@code off}.
     *
     * @param password the password bytes (the caller chooses the encoding, and wipes them)
     * @throws IllegalArgumentException if {@code iterations < 1}
     */
    public void derive(byte[] password, byte[] salt, int iterations, byte[] out, int off, int len) {
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(salt, "salt");
        Objects.checkFromIndexSize(off, len, out.length);
        if (iterations < 1) {
            throw new IllegalArgumentException("PBKDF2 needs at least one iteration, got " + iterations);
        }
        int hashLength = prf.macLength();
        byte[] u = new byte[hashLength];
        byte[] t = new byte[hashLength];
        byte[] blockIndex = new byte[4];
        prf.init(password, 0, password.length);
        try {
            for (int block = 1; len > 0; block++) {
                prf.update(salt, 0, salt.length);
                Bytes.putIntBE(blockIndex, 0, block);
                prf.update(blockIndex, 0, 4);
                prf.doFinal(u, 0);
                System.arraycopy(u, 0, t, 0, hashLength);
                for (int i = 1; i < iterations; i++) {
                    prf.update(u, 0, hashLength);
                    prf.doFinal(u, 0);
                    for (int k = 0; k < hashLength; k++) {
                        t[k] ^= u[k];
                    }
                }
                int take = Math.min(hashLength, len);
                System.arraycopy(t, 0, out, off, take);
                off += take;
                len -= take;
            }
        } finally {
            Arrays.fill(u, (byte) 0);
            Arrays.fill(t, (byte) 0);
            prf.destroy();
        }
    }

    /** Convenience: {@code length} derived bytes as a new array. */
    public byte[] derive(byte[] password, byte[] salt, int iterations, int length) {
        byte[] out = new byte[length];
        derive(password, salt, iterations, out, 0, length);
        return out;
    }
}
