package org.shangmi.core.sm3;

import java.util.Arrays;
import org.shangmi.core.hash.BlockDigest;
import org.shangmi.core.util.Bytes;

/**
 * SM3 (GB/T 32905-2016, GM/T 0004-2012): a 256-bit hash over 64-byte blocks.
 *
 * <p>Constant time: rotations, additions and boolean functions on 32-bit words only; no branch
 * or table index depends on the message. Steady state allocates nothing: the 68-word message
 * schedule is one array per instance, wiped on {@link #reset()}.
 */
public final class Sm3 extends BlockDigest {

    /** Output length in bytes. */
    public static final int DIGEST_LENGTH = 32;

    private static final int IV0 = 0x7380166f;
    private static final int IV1 = 0x4914b2b9;
    private static final int IV2 = 0x172442d7;
    private static final int IV3 = 0xda8a0600;
    private static final int IV4 = 0xa96f30bc;
    private static final int IV5 = 0x163138aa;
    private static final int IV6 = 0xe38dee4d;
    private static final int IV7 = 0xb0fb0e4e;

    /** Round constants already rotated: T[j] = T_j &lt;&lt;&lt; (j mod 32). */
    private static final int[] T = new int[64];

    static {
        for (int j = 0; j < 64; j++) {
            T[j] = Integer.rotateLeft(j < 16 ? 0x79cc4519 : 0x7a879d8a, j);
        }
    }

    private int v0;
    private int v1;
    private int v2;
    private int v3;
    private int v4;
    private int v5;
    private int v6;
    private int v7;
    private int[] w = new int[68];

    public Sm3() {
        resetChainingValue();
    }

    @Override
    public String algorithm() {
        return "SM3";
    }

    @Override
    public int digestLength() {
        return DIGEST_LENGTH;
    }

    @Override
    protected void resetChainingValue() {
        v0 = IV0;
        v1 = IV1;
        v2 = IV2;
        v3 = IV3;
        v4 = IV4;
        v5 = IV5;
        v6 = IV6;
        v7 = IV7;
        Arrays.fill(w, 0);
    }

    @Override
    protected void copyChainingValue(BlockDigest source) {
        Sm3 s = (Sm3) source;
        v0 = s.v0;
        v1 = s.v1;
        v2 = s.v2;
        v3 = s.v3;
        v4 = s.v4;
        v5 = s.v5;
        v6 = s.v6;
        v7 = s.v7;
    }

    @Override
    protected void writeDigest(byte[] out, int off) {
        Bytes.putIntBE(out, off, v0);
        Bytes.putIntBE(out, off + 4, v1);
        Bytes.putIntBE(out, off + 8, v2);
        Bytes.putIntBE(out, off + 12, v3);
        Bytes.putIntBE(out, off + 16, v4);
        Bytes.putIntBE(out, off + 20, v5);
        Bytes.putIntBE(out, off + 24, v6);
        Bytes.putIntBE(out, off + 28, v7);
    }

    @Override
    public Sm3 copy() {
        Sm3 copy = (Sm3) super.copy();
        copy.w = w.clone();
        return copy;
    }

    /*
     * One round, written in place: instead of shifting the eight words along, the round updates D
     * and H and rotates B and F, and the next round is called with the names moved one place
     * (R(A,B,C,D,E,F,G,H) then R(D,A,B,C,H,E,F,G)). After four rounds the names are back where
     * they started, so the loops below run four rounds per pass.
     */
    @Override
    protected void compress(byte[] in, int off, int blocks) {
        final int[] w = this.w;
        final int[] t = T;
        int a = v0;
        int b = v1;
        int c = v2;
        int d = v3;
        int e = v4;
        int f = v5;
        int g = v6;
        int h = v7;
        for (; blocks > 0; blocks--, off += BLOCK_LENGTH) {
            for (int i = 0; i < 16; i++) {
                w[i] = Bytes.getIntBE(in, off + 4 * i);
            }
            for (int j = 16; j < 68; j++) {
                int x = w[j - 16] ^ w[j - 9] ^ Integer.rotateLeft(w[j - 3], 15);
                w[j] = x ^ Integer.rotateLeft(x, 15) ^ Integer.rotateLeft(x, 23)
                        ^ Integer.rotateLeft(w[j - 13], 7) ^ w[j - 6];
            }
            final int a0 = a;
            final int b0 = b;
            final int c0 = c;
            final int d0 = d;
            final int e0 = e;
            final int f0 = f;
            final int g0 = g;
            final int h0 = h;
            int a12;
            int ss1;
            // rounds 0..15: FF and GG are both XOR
            for (int j = 0; j < 16; j += 4) {
                a12 = Integer.rotateLeft(a, 12);
                ss1 = Integer.rotateLeft(a12 + e + t[j], 7);
                d += (a ^ b ^ c) + (ss1 ^ a12) + (w[j] ^ w[j + 4]);
                h += (e ^ f ^ g) + ss1 + w[j];
                b = Integer.rotateLeft(b, 9);
                f = Integer.rotateLeft(f, 19);
                h = p0(h);

                a12 = Integer.rotateLeft(d, 12);
                ss1 = Integer.rotateLeft(a12 + h + t[j + 1], 7);
                c += (d ^ a ^ b) + (ss1 ^ a12) + (w[j + 1] ^ w[j + 5]);
                g += (h ^ e ^ f) + ss1 + w[j + 1];
                a = Integer.rotateLeft(a, 9);
                e = Integer.rotateLeft(e, 19);
                g = p0(g);

                a12 = Integer.rotateLeft(c, 12);
                ss1 = Integer.rotateLeft(a12 + g + t[j + 2], 7);
                b += (c ^ d ^ a) + (ss1 ^ a12) + (w[j + 2] ^ w[j + 6]);
                f += (g ^ h ^ e) + ss1 + w[j + 2];
                d = Integer.rotateLeft(d, 9);
                h = Integer.rotateLeft(h, 19);
                f = p0(f);

                a12 = Integer.rotateLeft(b, 12);
                ss1 = Integer.rotateLeft(a12 + f + t[j + 3], 7);
                a += (b ^ c ^ d) + (ss1 ^ a12) + (w[j + 3] ^ w[j + 7]);
                e += (f ^ g ^ h) + ss1 + w[j + 3];
                c = Integer.rotateLeft(c, 9);
                g = Integer.rotateLeft(g, 19);
                e = p0(e);
            }
            // rounds 16..63: FF is majority, GG is choose
            for (int j = 16; j < 64; j += 4) {
                a12 = Integer.rotateLeft(a, 12);
                ss1 = Integer.rotateLeft(a12 + e + t[j], 7);
                d += ff1(a, b, c) + (ss1 ^ a12) + (w[j] ^ w[j + 4]);
                h += gg1(e, f, g) + ss1 + w[j];
                b = Integer.rotateLeft(b, 9);
                f = Integer.rotateLeft(f, 19);
                h = p0(h);

                a12 = Integer.rotateLeft(d, 12);
                ss1 = Integer.rotateLeft(a12 + h + t[j + 1], 7);
                c += ff1(d, a, b) + (ss1 ^ a12) + (w[j + 1] ^ w[j + 5]);
                g += gg1(h, e, f) + ss1 + w[j + 1];
                a = Integer.rotateLeft(a, 9);
                e = Integer.rotateLeft(e, 19);
                g = p0(g);

                a12 = Integer.rotateLeft(c, 12);
                ss1 = Integer.rotateLeft(a12 + g + t[j + 2], 7);
                b += ff1(c, d, a) + (ss1 ^ a12) + (w[j + 2] ^ w[j + 6]);
                f += gg1(g, h, e) + ss1 + w[j + 2];
                d = Integer.rotateLeft(d, 9);
                h = Integer.rotateLeft(h, 19);
                f = p0(f);

                a12 = Integer.rotateLeft(b, 12);
                ss1 = Integer.rotateLeft(a12 + f + t[j + 3], 7);
                a += ff1(b, c, d) + (ss1 ^ a12) + (w[j + 3] ^ w[j + 7]);
                e += gg1(f, g, h) + ss1 + w[j + 3];
                c = Integer.rotateLeft(c, 9);
                g = Integer.rotateLeft(g, 19);
                e = p0(e);
            }
            a ^= a0;
            b ^= b0;
            c ^= c0;
            d ^= d0;
            e ^= e0;
            f ^= f0;
            g ^= g0;
            h ^= h0;
        }
        v0 = a;
        v1 = b;
        v2 = c;
        v3 = d;
        v4 = e;
        v5 = f;
        v6 = g;
        v7 = h;
    }

    private static int p0(int x) {
        return x ^ Integer.rotateLeft(x, 9) ^ Integer.rotateLeft(x, 17);
    }

    /** Majority: (x AND y) OR (x AND z) OR (y AND z). */
    private static int ff1(int x, int y, int z) {
        return (x & y) | ((x | y) & z);
    }

    /** Choose: (x AND y) OR (NOT x AND z). */
    private static int gg1(int x, int y, int z) {
        return z ^ (x & (y ^ z));
    }
}
