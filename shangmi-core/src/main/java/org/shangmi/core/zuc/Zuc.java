package org.shangmi.core.zuc;

import java.util.Arrays;
import java.util.Objects;

import org.shangmi.core.util.Bytes;

/**
 * The ZUC keystream generator: ZUC-128 (GM/T 0001.1-2012, the core of 3GPP's 128-EEA3 and
 * 128-EIA3) and ZUC-256 (the ZUC design team's 2018 paper: 256-bit key, 184-bit IV, and the
 * constant sets of its MACs).
 *
 * <p>Constant time: the key, the IV, the state and the data only meet additions, XORs,
 * shifts by fixed amounts and an S-box layer that is constant time itself ({@link #CIRCUIT}, the
 * boolean circuit of {@link ZucSBox}, unless another {@link ZucSBoxLayer} is given); nothing
 * branches on them or indexes memory with them. Additions modulo 2^31 − 1 are folded with masks, not compared.
 * The branches that exist depend on lengths and counters only.
 *
 * <p>One instance serves one (key, IV) pair and one thread. Each pair may give at most
 * {@link #MAX_WORDS} words (2^32 bits, the frame bound of 128-EEA3 and of ZUC-256); past that
 * {@link #nextWord} throws {@link IllegalStateException}. {@link #destroy} wipes the state.
 */
public final class Zuc {

    /** Keystream words per (key, IV): 2^32 bits. */
    public static final long MAX_WORDS = 1L << 27;
    /** Length of a ZUC-128 key and IV, in bytes. */
    public static final int KEY_128 = 16;
    /** Length of a ZUC-256 key, in bytes. */
    public static final int KEY_256 = 32;
    /** Length of a ZUC-256 IV in the 25-byte form: IV0..IV16 whole, IV17..IV24 in 6 low bits. */
    public static final int IV_256 = 25;
    /** Length of a ZUC-256 IV in the packed 23-byte form (184 bits, GmSSL's and gmsm's). */
    public static final int IV_256_PACKED = 23;

    /** The S-box layer as a boolean circuit: constant time on every JVM. */
    public static final ZucSBoxLayer CIRCUIT = ZucSBox::apply;

    private static final int M31 = 0x7fffffff;

    /** ZUC-128's loading constants d0..d15 (15 bits each). */
    private static final int[] D128 = {
        0x44d7, 0x26bc, 0x626b, 0x135e, 0x5789, 0x35e2, 0x7135, 0x09af,
        0x4d78, 0x2f13, 0x6bc4, 0x1af1, 0x5e26, 0x3c4d, 0x789a, 0x47ac,
    };
    /** ZUC-256's constants d0..d15 (7 bits each) for the keystream; the MACs change d0 and d2. */
    private static final int[] D256 = {
        0x22, 0x2f, 0x24, 0x2a, 0x6d, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x52, 0x10, 0x30,
    };

    /**
     * The LFSR s0..s15 as a ring kept twice: s_i is at {@code lfsr[head + i]} and every cell x
     * equals cell x + 16, so that no index needs reducing.
     */
    private final int[] lfsr = new int[32];
    private final ZucSBoxLayer sboxes;
    private int head;
    private int r1;
    private int r2;
    private long wordsLeft = MAX_WORDS;
    /** Bytes of the last word not yet used by {@link #xor}, most significant first. */
    private int pending;
    private int pendingBytes;

    private Zuc(ZucSBoxLayer sboxes) {
        this.sboxes = Objects.requireNonNull(sboxes, "S-box layer");
    }

    /** ZUC-128 with a 16-byte key and a 16-byte IV, on the circuit. */
    public static Zuc zuc128(byte[] key, byte[] iv) {
        return zuc128(key, iv, CIRCUIT);
    }

    /** ZUC-128 with a 16-byte key and a 16-byte IV, on the given S-box layer. */
    public static Zuc zuc128(byte[] key, byte[] iv, ZucSBoxLayer sboxes) {
        checkLength(key, KEY_128, "ZUC-128 key");
        checkLength(iv, KEY_128, "ZUC-128 IV");
        Zuc z = new Zuc(sboxes);
        for (int i = 0; i < 16; i++) {
            z.lfsr[i] = (key[i] & 0xff) << 23 | D128[i] << 8 | (iv[i] & 0xff);
        }
        z.initialise();
        return z;
    }

    /** ZUC-256 on the circuit: see {@link #zuc256(byte[], byte[], int, ZucSBoxLayer)}. */
    public static Zuc zuc256(byte[] key, byte[] iv, int tagBits) {
        return zuc256(key, iv, tagBits, CIRCUIT);
    }

    /**
     * ZUC-256 with a 32-byte key and a 25-byte IV (the top two bits of bytes 17 to 24 are
     * ignored, as the paper's IV17..IV24 have six bits), on the given S-box layer.
     * {@code tagBits} selects the constants: 0 for the keystream cipher, 32, 64 or 128 for the
     * MAC of that size.
     */
    public static Zuc zuc256(byte[] key, byte[] iv, int tagBits, ZucSBoxLayer sboxes) {
        checkLength(key, KEY_256, "ZUC-256 key");
        checkLength(iv, IV_256, "ZUC-256 IV");
        int d0;
        int d2;
        switch (tagBits) {
            case 0: d0 = 0x22; d2 = 0x24; break;
            case 32: d0 = 0x22; d2 = 0x25; break;
            case 64: d0 = 0x23; d2 = 0x24; break;
            case 128: d0 = 0x23; d2 = 0x25; break;
            default: throw new IllegalArgumentException("ZUC-256 tags have 32, 64 or 128 bits, not " + tagBits);
        }
        int[] d = D256.clone();
        d[0] = d0;
        d[2] = d2;
        int[] k = new int[32];
        int[] v = new int[25];
        for (int i = 0; i < 32; i++) {
            k[i] = key[i] & 0xff;
        }
        for (int i = 0; i < 25; i++) {
            v[i] = iv[i] & (i < 17 ? 0xff : 0x3f);
        }
        Zuc z = new Zuc(sboxes);
        int[] s = z.lfsr;
        s[0] = u31(k[0], d[0], k[21], k[16]);
        s[1] = u31(k[1], d[1], k[22], k[17]);
        s[2] = u31(k[2], d[2], k[23], k[18]);
        s[3] = u31(k[3], d[3], k[24], k[19]);
        s[4] = u31(k[4], d[4], k[25], k[20]);
        s[5] = u31(v[0], d[5] | v[17], k[5], k[26]);
        s[6] = u31(v[1], d[6] | v[18], k[6], k[27]);
        s[7] = u31(v[10], d[7] | v[19], k[7], v[2]);
        s[8] = u31(k[8], d[8] | v[20], v[3], v[11]);
        s[9] = u31(k[9], d[9] | v[21], v[12], v[4]);
        s[10] = u31(v[5], d[10] | v[22], k[10], k[28]);
        s[11] = u31(k[11], d[11] | v[23], v[6], v[13]);
        s[12] = u31(k[12], d[12] | v[24], v[7], v[14]);
        s[13] = u31(k[13], d[13], v[15], v[8]);
        s[14] = u31(k[14], d[14] | k[31] >>> 4, v[16], v[9]);
        s[15] = u31(k[15], d[15] | k[31] & 0x0f, k[30], k[29]);
        Arrays.fill(k, 0);
        Arrays.fill(v, 0);
        z.initialise();
        return z;
    }

    /** The 25-byte form of a packed 23-byte ZUC-256 IV (IV17..IV24 as eight 6-bit fields). */
    public static byte[] unpackIv256(byte[] packed) {
        checkLength(packed, IV_256_PACKED, "packed ZUC-256 IV");
        byte[] iv = Arrays.copyOf(packed, IV_256);
        long bits = 0;
        for (int i = 17; i < 23; i++) {
            bits = bits << 8 | (packed[i] & 0xff);
        }
        for (int i = 0; i < 8; i++) {
            iv[17 + i] = (byte) (bits >>> (42 - 6 * i) & 0x3f);
        }
        return iv;
    }

    /** The IV of 128-EEA3 (3GPP TS 35.221, GM/T 0001.2) for COUNT, BEARER (5 bits) and DIRECTION (1 bit). */
    public static byte[] eea3Iv(int count, int bearer, int direction) {
        checkEea3(bearer, direction);
        byte[] iv = new byte[16];
        Bytes.putIntBE(iv, 0, count);
        iv[4] = (byte) (bearer << 3 | direction << 2);
        System.arraycopy(iv, 0, iv, 8, 8);
        return iv;
    }

    /** The IV of 128-EIA3 (3GPP TS 35.222, GM/T 0001.3) for COUNT, BEARER (5 bits) and DIRECTION (1 bit). */
    public static byte[] eia3Iv(int count, int bearer, int direction) {
        checkEea3(bearer, direction);
        byte[] iv = new byte[16];
        Bytes.putIntBE(iv, 0, count);
        iv[4] = (byte) (bearer << 3);
        System.arraycopy(iv, 0, iv, 8, 8);
        iv[8] ^= (byte) (direction << 7);
        iv[14] ^= (byte) (direction << 7);
        return iv;
    }

    private static void checkEea3(int bearer, int direction) {
        if (bearer >>> 5 != 0) {
            throw new IllegalArgumentException("BEARER has 5 bits: 0 to 31, not " + bearer);
        }
        if (direction >>> 1 != 0) {
            throw new IllegalArgumentException("DIRECTION is 0 or 1, not " + direction);
        }
    }

    private static void checkLength(byte[] b, int length, String what) {
        Objects.requireNonNull(b, what);
        if (b.length != length) {
            throw new IllegalArgumentException(what + " must be " + length + " bytes, not " + b.length);
        }
    }

    private static int u31(int a, int b, int c, int d) {
        return a << 23 | b << 16 | c << 8 | d;
    }

    /** The next 32-bit keystream word. */
    public int nextWord() {
        if (wordsLeft == 0) {
            throw new IllegalStateException("ZUC: a (key, IV) pair gives at most 2^32 keystream bits");
        }
        wordsLeft--;
        return step();
    }

    /**
     * XORs {@code len} bytes of {@code in} with the keystream into {@code out}, continuing where
     * the last call stopped (mid-word included). Works in place when {@code outOff <= inOff}.
     */
    public void xor(byte[] in, int inOff, byte[] out, int outOff, int len) {
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        if ((len - pendingBytes + 3L) / 4 > wordsLeft) {
            throw new IllegalStateException("ZUC: a (key, IV) pair gives at most 2^32 keystream bits");
        }
        while (pendingBytes > 0 && len > 0) {
            out[outOff++] = (byte) (in[inOff++] ^ pending >>> 24);
            pending <<= 8;
            pendingBytes--;
            len--;
        }
        while (len >= 8) {
            long k = (long) step() << 32 | (step() & 0xffffffffL);
            Bytes.putLongBE(out, outOff, Bytes.getLongBE(in, inOff) ^ k);
            wordsLeft -= 2;
            inOff += 8;
            outOff += 8;
            len -= 8;
        }
        if (len >= 4) {
            Bytes.putIntBE(out, outOff, Bytes.getIntBE(in, inOff) ^ step());
            wordsLeft--;
            inOff += 4;
            outOff += 4;
            len -= 4;
        }
        if (len > 0) {
            pending = step();
            wordsLeft--;
            pendingBytes = 4;
            while (len > 0) {
                out[outOff++] = (byte) (in[inOff++] ^ pending >>> 24);
                pending <<= 8;
                pendingBytes--;
                len--;
            }
        }
        if (pendingBytes == 0) {
            pending = 0;
        }
    }

    /** Sets the words this instance may still give (for the tests of the limit). */
    void wordsLeft(long words) {
        wordsLeft = words;
    }

    /** Zeroes the state; the instance gives nothing more. */
    public void destroy() {
        Arrays.fill(lfsr, 0);
        r1 = 0;
        r2 = 0;
        pending = 0;
        pendingBytes = 0;
        wordsLeft = 0;
    }

    /** 32 rounds in initialisation mode, then one in work mode with its output dropped. */
    private void initialise() {
        System.arraycopy(lfsr, 0, lfsr, 16, 16);
        for (int round = 0; round < 32; round++) {
            int[] s = lfsr;
            int h = head;
            int x0 = (s[h + 15] & 0x7fff8000) << 1 | s[h + 14] & 0xffff;
            int w = (x0 ^ r1) + r2;
            nonlinear(s[h + 11] << 16 | s[h + 9] >>> 15, s[h + 7] << 16 | s[h + 5] >>> 15);
            clockLfsr(w >>> 1);
        }
        step();
    }

    /** One round in work mode: the keystream word, then the LFSR clocked. */
    private int step() {
        int[] s = lfsr;
        int h = head;
        int x0 = (s[h + 15] & 0x7fff8000) << 1 | s[h + 14] & 0xffff;
        int x3 = s[h + 2] << 16 | s[h] >>> 15;
        int z = ((x0 ^ r1) + r2) ^ x3;
        nonlinear(s[h + 11] << 16 | s[h + 9] >>> 15, s[h + 7] << 16 | s[h + 5] >>> 15);
        clockLfsr(0);
        return z;
    }

    /** The nonlinear function F's update of R1 and R2 (its output W is computed by the callers). */
    private void nonlinear(int x1, int x2) {
        int w1 = r1 + x1;
        int w2 = r2 ^ x2;
        int u = l1(w1 << 16 | w2 >>> 16);
        int v = l2(w2 << 16 | w1 >>> 16);
        long s = sboxes.apply((long) u << 32 | (v & 0xffffffffL));
        r1 = (int) (s >>> 32);
        r2 = (int) s;
    }

    /**
     * s16 = (2^15·s15 + 2^17·s13 + 2^21·s10 + 2^20·s4 + (1 + 2^8)·s0 + u) mod (2^31 − 1), as an
     * integer sum folded twice (2^31 ≡ 1); a sum of positive terms never folds to 0, so the
     * result is in 1..2^31 − 1 as the standard asks.
     */
    private void clockLfsr(int u) {
        int[] s = lfsr;
        int h = head;
        long s0 = s[h];
        long a = s0 + (s0 << 8) + ((long) s[h + 4] << 20) + ((long) s[h + 10] << 21)
                + ((long) s[h + 13] << 17) + ((long) s[h + 15] << 15) + u;
        a = (a & M31) + (a >>> 31);
        int next = (int) ((a & M31) + (a >>> 31));
        s[h] = next;
        s[h + 16] = next;
        head = (h + 1) & 15;
    }

    private static int l1(int x) {
        return x ^ Integer.rotateLeft(x, 2) ^ Integer.rotateLeft(x, 10) ^ Integer.rotateLeft(x, 18)
                ^ Integer.rotateLeft(x, 24);
    }

    private static int l2(int x) {
        return x ^ Integer.rotateLeft(x, 8) ^ Integer.rotateLeft(x, 14) ^ Integer.rotateLeft(x, 22)
                ^ Integer.rotateLeft(x, 30);
    }
}
