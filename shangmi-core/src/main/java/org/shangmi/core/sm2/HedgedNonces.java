package org.shangmi.core.sm2;

import java.util.Arrays;
import org.shangmi.core.hash.Hmac;
import org.shangmi.core.sm3.Sm3;

/**
 * Nonce candidates from an HMAC-DRBG over HMAC-SM3, as RFC 6979 section 3.2 generates k, with
 * its section 3.6 variant: 32 fresh random bytes join the seed. {@link Sm2Encryptor} seeds it
 * with fresh randomness and SM3(public key || M), SM9 signing with fresh randomness, the
 * signing key and SM3(0x02 || M), so that a source that repeats its output still gives
 * different messages different k, and with working randomness k is as random as the
 * source. (Signatures hash their nonce once instead: {@link SigningNonces}.)
 *
 * <p>The candidates are 32-byte strings; the caller keeps those in [1, n − 1] and asks for the
 * next one otherwise (RFC 6979 step h.3), which happens with probability about 2^−32. Constant
 * time in the seed: HMAC-SM3 has no secret-dependent branch or index. Not thread-safe; wipe with
 * {@link #wipe} when done.
 */
public final class HedgedNonces {

    private static final int LENGTH = Sm3.DIGEST_LENGTH;

    private final Hmac hmac = new Hmac(new Sm3(), "HmacSM3");
    private final byte[] key = new byte[LENGTH];
    private final byte[] value = new byte[LENGTH];
    private boolean started;

    /**
     * Instantiates the generator from {@code secret || digest || fresh || extra} (RFC 6979's
     * int2octets(x) || bits2octets(h1) || k'); {@code fresh} and {@code extra} may be empty.
     */
    public void seed(byte[] secret, byte[] digest, byte[] fresh, byte[] extra) {
        Arrays.fill(key, (byte) 0);
        Arrays.fill(value, (byte) 1);
        for (byte separator = 0; separator <= 1; separator++) {
            hmac.init(key, 0, LENGTH);
            hmac.update(value, 0, LENGTH);
            hmac.update(separator);
            hmac.update(secret, 0, secret.length);
            hmac.update(digest, 0, digest.length);
            hmac.update(fresh, 0, fresh.length);
            hmac.update(extra, 0, extra.length);
            hmac.doFinal(key, 0);
            hmac.init(key, 0, LENGTH);
            hmacOver(value);
        }
        started = false;
    }

    /** Writes the next 32-byte candidate to {@code out}. */
    public void next(byte[] out) {
        if (started) {
            // the candidate before was refused: K = HMAC_K(V || 0x00), V = HMAC_K(V)
            hmac.update(value, 0, LENGTH);
            hmac.update((byte) 0);
            hmac.doFinal(key, 0);
            hmac.init(key, 0, LENGTH);
            hmacOver(value);
        }
        hmacOver(value);
        System.arraycopy(value, 0, out, 0, LENGTH);
        started = true;
    }

    /** V = HMAC_K(V), with the current key. */
    private void hmacOver(byte[] v) {
        hmac.update(v, 0, LENGTH);
        hmac.doFinal(v, 0);
    }

    public void wipe() {
        Arrays.fill(key, (byte) 0);
        Arrays.fill(value, (byte) 0);
        hmac.destroy();
        started = false;
    }
}
