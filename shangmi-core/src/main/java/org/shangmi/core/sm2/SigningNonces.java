package org.shangmi.core.sm2;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import org.shangmi.core.sm3.Sm3;

/**
 * Candidates for the nonce k of an SM2 signature, hedged: one SM3 hash of fresh randomness, the
 * private key and the message digest,
 *
 * <pre>
 *   candidate_i = SM3(TAG || fresh || d || e || i)
 * </pre>
 *
 * where TAG is the 16 ASCII bytes {@code "SM2 hedged nonce"}, fresh is 32 bytes of the caller's
 * random source, d the private key and e the digest SM3(Z_A || M) (32-byte big-endian each), and
 * i one byte, 0 for the first candidate. The 113 bytes of input and SM3's padding fill exactly
 * two compressions. The signer takes the first candidate that, read as a big-endian integer,
 * lies in [1, n − 1]; the others are thrown away (the standard's other retries, r = 0, r + k = n
 * and s = 0, also move on to the next candidate).
 *
 * <p>What this gives (docs/security.md, Nonces, argues it at length): with a working random
 * source k is as unpredictable as SM3's output on a secret 32-byte input; with a source that
 * fails (stuck, repeating, or known to an attacker) k is still a function of the secret d and
 * the message, so different messages get different nonces that nobody without d can predict,
 * and the same message with the same random bytes gets the same k, hence the same signature.
 * The random bytes come first, so the block that first mixes in d also mixes in 32 bytes the
 * attacker does not know.
 *
 * <p>Constant time in d, e and the random bytes: the layout has fixed lengths and offsets, SM3
 * has no secret-dependent branch or index, and the signer's range check
 * ({@link Sm2OrderField#decodeScalar}) computes its answer with masks. The one branch, on
 * whether a candidate is accepted, has public probability (a candidate is at least n or zero
 * with probability about 2^−32, whatever d and e are) and reveals nothing about the accepted
 * candidate, which is an independent hash (another i); RFC 6979 section 3.2 argues its retry
 * loop the same way. A rejected candidate is discarded without further use.
 *
 * <p>Allocates nothing after construction. Not thread-safe; {@link #wipe} when done: the input
 * and the random bytes are then zero, and SM3 is back at its public initial value with its
 * buffer and message schedule zero.
 */
final class SigningNonces {

    /** The domain-separation tag that starts every input. */
    static final byte[] TAG = "SM2 hedged nonce".getBytes(StandardCharsets.US_ASCII);

    static final int FRESH_OFFSET = 16;
    static final int KEY_OFFSET = FRESH_OFFSET + 32;
    static final int DIGEST_OFFSET = KEY_OFFSET + 32;
    static final int COUNTER_OFFSET = DIGEST_OFFSET + 32;
    /** Bytes hashed per candidate: with the 0x80 byte and the 8-byte length, 122 ≤ 128, two blocks. */
    static final int INPUT_BYTES = COUNTER_OFFSET + 1;

    private final Sm3 sm3 = new Sm3();
    private final byte[] input = new byte[INPUT_BYTES];
    private final byte[] fresh = new byte[32];

    /**
     * Lays out the input for one signature: 32 bytes from {@code random}, the private key
     * {@code d} (in {@code order}'s form) and the 32-byte {@code digest}; the next candidate is
     * the first.
     */
    void start(SecureRandom random, Sm2OrderField order, long[] d, byte[] digest) {
        random.nextBytes(fresh);
        System.arraycopy(TAG, 0, input, 0, FRESH_OFFSET);
        System.arraycopy(fresh, 0, input, FRESH_OFFSET, 32);
        Arrays.fill(fresh, (byte) 0);
        order.encode(d, input, KEY_OFFSET);
        System.arraycopy(digest, 0, input, DIGEST_OFFSET, 32);
        input[COUNTER_OFFSET] = 0;
    }

    /** Writes the next 32-byte candidate to {@code out}. */
    void next(byte[] out) {
        sm3.update(input, 0, INPUT_BYTES);
        sm3.digest(out, 0); // also resets SM3, wiping its buffer and schedule
        input[COUNTER_OFFSET]++;
    }

    void wipe() {
        Arrays.fill(input, (byte) 0);
        Arrays.fill(fresh, (byte) 0);
        sm3.reset();
    }
}
