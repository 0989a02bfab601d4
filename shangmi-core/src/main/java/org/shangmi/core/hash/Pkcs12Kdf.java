package org.shangmi.core.hash;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.DigestEngine;

/**
 * The PKCS#12 key derivation (RFC 7292, appendix B.2) over a digest: how a PKCS#12 file derives
 * the key of its integrity MAC from the password ({@link #MAC_KEY}). {@code new Pkcs12Kdf(new Sm3())}
 * is the derivation behind OpenSSL's {@code pkcs12 -macalg SM3}.
 *
 * <p>Constant time in the password: the control flow depends on lengths only. Not thread-safe:
 * an instance reuses its digest.
 */
public final class Pkcs12Kdf {

    /** The diversifier ID of key material for encryption. */
    public static final int ENCRYPTION_KEY = 1;
    /** The diversifier ID of an initial value. */
    public static final int IV = 2;
    /** The diversifier ID of a MAC key. */
    public static final int MAC_KEY = 3;

    private final DigestEngine digest;

    /** @param digest the digest this instance takes over (u = its output, v = its block length) */
    public Pkcs12Kdf(DigestEngine digest) {
        this.digest = Objects.requireNonNull(digest, "digest");
    }

    /**
     * A password as PKCS#12 hashes it: UTF-16 big-endian with two zero bytes at the end (a
     * BMPString with its terminator). The caller wipes the result.
     */
    public static byte[] bmpPassword(char[] password) {
        byte[] encoded = new byte[2 * password.length + 2];
        for (int i = 0; i < password.length; i++) {
            encoded[2 * i] = (byte) (password[i] >>> 8);
            encoded[2 * i + 1] = (byte) password[i];
        }
        return encoded;
    }

    /**
     * Derives {@code len} bytes into {@code out} from {@code off}.
     *
     * @param id {@link #ENCRYPTION_KEY}, {@link #IV} or {@link #MAC_KEY}
     * @param password the password as {@link #bmpPassword} encodes it (the caller wipes it)
     * @throws IllegalArgumentException if {@code iterations < 1} or {@code id} is not one of the three
     */
    public void derive(int id, byte[] password, byte[] salt, int iterations, byte[] out, int off, int len) {
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(salt, "salt");
        Objects.checkFromIndexSize(off, len, out.length);
        if (iterations < 1) {
            throw new IllegalArgumentException("the PKCS#12 KDF needs at least one iteration, got " + iterations);
        }
        if (id < ENCRYPTION_KEY || id > MAC_KEY) {
            throw new IllegalArgumentException("the PKCS#12 KDF's ID is 1, 2 or 3, not " + id);
        }
        int u = digest.digestLength();
        int v = digest.blockLength();
        byte[] diversifier = new byte[v];
        Arrays.fill(diversifier, (byte) id);
        // I = S || P, each repeated to a whole number of v-byte blocks
        int saltLength = v * ((salt.length + v - 1) / v);
        int passwordLength = v * ((password.length + v - 1) / v);
        byte[] input = new byte[saltLength + passwordLength];
        repeat(salt, input, 0, saltLength);
        repeat(password, input, saltLength, passwordLength);
        byte[] a = new byte[u];
        byte[] b = new byte[v];
        try {
            digest.reset();
            while (len > 0) {
                digest.update(diversifier, 0, v);
                digest.update(input, 0, input.length);
                digest.digest(a, 0);
                for (int i = 1; i < iterations; i++) {
                    digest.update(a, 0, u);
                    digest.digest(a, 0);
                }
                int take = Math.min(u, len);
                System.arraycopy(a, 0, out, off, take);
                off += take;
                len -= take;
                if (len > 0) {
                    repeat(a, b, 0, v);
                    for (int block = 0; block < input.length; block += v) {
                        addPlusOne(input, block, b, v);
                    }
                }
            }
        } finally {
            Arrays.fill(input, (byte) 0);
            Arrays.fill(a, (byte) 0);
            Arrays.fill(b, (byte) 0);
            digest.reset();
        }
    }

    /** {@code length} derived bytes as a new array, from a password given as characters. */
    public byte[] derive(int id, char[] password, byte[] salt, int iterations, int length) {
        byte[] encoded = bmpPassword(password);
        try {
            byte[] out = new byte[length];
            derive(id, encoded, salt, iterations, out, 0, length);
            return out;
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    /** Fills {@code out[off..off+length)} with copies of {@code source} (nothing if it is empty). */
    private static void repeat(byte[] source, byte[] out, int off, int length) {
        for (int i = 0; i < length; i++) {
            out[off + i] = source[i % source.length];
        }
    }

    /** {@code block = (block + b + 1) mod 2^(8v)} over the v bytes of {@code input} from {@code off}, big-endian. */
    private static void addPlusOne(byte[] input, int off, byte[] b, int v) {
        int carry = 1;
        for (int i = v - 1; i >= 0; i--) {
            int sum = (input[off + i] & 0xff) + (b[i] & 0xff) + carry;
            input[off + i] = (byte) sum;
            carry = sum >>> 8;
        }
    }

}
