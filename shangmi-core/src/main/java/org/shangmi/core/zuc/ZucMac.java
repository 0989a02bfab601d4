package org.shangmi.core.zuc;

import java.util.Arrays;
import java.util.Objects;

import org.shangmi.core.util.Bytes;

/**
 * The ZUC MACs over a message of any bit length: 128-EIA3's 32-bit MAC (GM/T 0001.3, 3GPP TS
 * 35.222; also Bouncy Castle's "ZUC-128" MAC, which takes the ZUC IV directly) and ZUC-256's
 * 32-, 64- and 128-bit tags.
 *
 * <p>Both are sums over the message's one bits of keystream windows: 128-EIA3 takes
 * T = ⊕ m_i·z[i..i+31] ⊕ z[L..L+31] ⊕ z[32(⌈L/32⌉+1)..+31]; ZUC-256 starts from
 * T = z[0..t−1] and adds m_i·z[t+i..2t+i−1], then z[L+t..L+2t−1]. For a word of 32 message
 * bits that sum is the middle of a carry-less product of the bit-reversed word and 64 keystream
 * bits, made here from sixteen integer products of bits four apart (BearSSL's method: no sum of
 * eight one-bit products carries into the next bit of its class); see {@link #windowSum}. Constant time: no table and no
 * branch on the message, and the multiplier's time does not depend on its operands on 64-bit
 * x86 and ARM; the last few bits of a message select their windows with masks made from the bits.
 *
 * <p>Messages are fed in whole bytes ({@link #update}) and finished with up to seven more bits
 * ({@link #finish}). One instance computes one tag; it is then wiped.
 */
public final class ZucMac {

    private final Zuc zuc;
    /** 0 for 128-EIA3, else ZUC-256's tag size in bits. */
    private final int zuc256TagBits;
    private final int tagWords;
    private final int[] tag;
    /** Keystream words from the current message word's window on: tagWords + 1 of them. */
    private final int[] window;
    private int word;
    private int wordBytes;
    private boolean finished;

    private ZucMac(Zuc zuc, int zuc256TagBits) {
        this.zuc = zuc;
        this.zuc256TagBits = zuc256TagBits;
        this.tagWords = zuc256TagBits == 0 ? 1 : zuc256TagBits / 32;
        this.tag = new int[tagWords];
        this.window = new int[tagWords + 1];
        if (zuc256TagBits != 0) {
            for (int j = 0; j < tagWords; j++) {
                tag[j] = zuc.nextWord();
            }
        }
        for (int j = 0; j <= tagWords; j++) {
            window[j] = zuc.nextWord();
        }
    }

    /** 128-EIA3's MAC with a 16-byte key and the ZUC IV (see {@link Zuc#eia3Iv}), on the circuit. */
    public static ZucMac eia3(byte[] key, byte[] iv) {
        return eia3(key, iv, Zuc.CIRCUIT);
    }

    /** 128-EIA3's MAC on the given S-box layer. */
    public static ZucMac eia3(byte[] key, byte[] iv, ZucSBoxLayer sboxes) {
        return new ZucMac(Zuc.zuc128(key, iv, sboxes), 0);
    }

    /** ZUC-256's MAC of {@code tagBits} (32, 64 or 128) with a 32-byte key and a 25-byte IV, on the circuit. */
    public static ZucMac zuc256(byte[] key, byte[] iv, int tagBits) {
        return zuc256(key, iv, tagBits, Zuc.CIRCUIT);
    }

    /** ZUC-256's MAC on the given S-box layer. */
    public static ZucMac zuc256(byte[] key, byte[] iv, int tagBits, ZucSBoxLayer sboxes) {
        return new ZucMac(Zuc.zuc256(key, iv, tagBits, sboxes), tagBits);
    }

    /** Tag length in bytes. */
    public int tagLength() {
        return tagWords * 4;
    }

    /** Adds whole bytes to the message. */
    public void update(byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        checkOpen();
        while (len > 0 && wordBytes != 0) {
            addByte(in[off++]);
            len--;
        }
        while (len >= 4) {
            addWord(Bytes.getIntBE(in, off));
            off += 4;
            len -= 4;
        }
        while (len > 0) {
            addByte(in[off++]);
            len--;
        }
    }

    /**
     * Adds the {@code lastBits} (0 to 7) most significant bits of {@code lastByte}, writes the
     * tag to {@code out} at {@code outOff} and wipes the state.
     */
    public void finish(int lastByte, int lastBits, byte[] out, int outOff) {
        if (lastBits < 0 || lastBits > 7) {
            throw new IllegalArgumentException("0 to 7 bits may follow the whole bytes, not " + lastBits);
        }
        Objects.checkFromIndexSize(outOff, tagLength(), out.length);
        checkOpen();
        int pendingBits = wordBytes * 8 + lastBits;
        int m = word | (lastByte & 0xff & -(1 << (8 - lastBits)) & 0xff) << (24 - wordBytes * 8);
        if (pendingBits > 0) {
            mix(m, pendingBits);
        }
        // the window at bit L (+ t for ZUC-256) starts pendingBits into window[0]
        for (int j = 0; j < tagWords; j++) {
            tag[j] ^= bitsAt(j, pendingBits);
        }
        if (zuc256TagBits == 0) {
            // the word at 32·(⌈L/32⌉ + 1): window[1] if L is a multiple of 32, else the next one
            tag[0] ^= pendingBits == 0 ? window[1] : zuc.nextWord();
        }
        for (int j = 0; j < tagWords; j++) {
            Bytes.putIntBE(out, outOff + 4 * j, tag[j]);
        }
        destroy();
        finished = true;
    }

    /** Wipes the state; no tag can be made after it. */
    public void destroy() {
        zuc.destroy();
        Arrays.fill(tag, 0);
        Arrays.fill(window, 0);
        word = 0;
        wordBytes = 0;
        finished = true;
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("this ZUC MAC is finished");
        }
    }

    private void addByte(byte b) {
        word |= (b & 0xff) << (24 - 8 * wordBytes);
        if (++wordBytes == 4) {
            addWord(word);
            word = 0;
            wordBytes = 0;
        }
    }

    /** Adds the 32 bits of m, then slides the window one word on. */
    private void addWord(int m) {
        int j = 0;
        for (; j < tagWords; j++) {
            tag[j] ^= windowSum(m, (long) window[j] << 32 | (window[j + 1] & 0xffffffffL));
            window[j] = window[j + 1];
        }
        window[j] = zuc.nextWord();
    }

    /**
     * The XOR of the 32-bit windows of {@code k} that start at bits 0 to 31 (from the most
     * significant) where bit i of m (from the most significant) is one: bits 32 to 63 of the
     * carry-less product of m bit-reversed and k. Each bit class (bit positions equal modulo 4)
     * of the one times each class of the other is an integer product in which at most eight
     * one-bit products meet at any position, so no carry reaches the next bit of the class; the
     * bits above 63 are not needed, so the products may wrap.
     */
    static int windowSum(int m, long k) {
        long r = Integer.reverse(m) & 0xffffffffL;
        long r0 = r & 0x11111111L;
        long r1 = r & 0x22222222L;
        long r2 = r & 0x44444444L;
        long r3 = r & 0x88888888L;
        long k0 = k & 0x1111111111111111L;
        long k1 = k & 0x2222222222222222L;
        long k2 = k & 0x4444444444444444L;
        long k3 = k & 0x8888888888888888L;
        long z0 = r0 * k0 ^ r1 * k3 ^ r2 * k2 ^ r3 * k1;
        long z1 = r0 * k1 ^ r1 * k0 ^ r2 * k3 ^ r3 * k2;
        long z2 = r0 * k2 ^ r1 * k1 ^ r2 * k0 ^ r3 * k3;
        long z3 = r0 * k3 ^ r1 * k2 ^ r2 * k1 ^ r3 * k0;
        long product = z0 & 0x1111111111111111L | z1 & 0x2222222222222222L | z2 & 0x4444444444444444L
                | z3 & 0x8888888888888888L;
        return (int) (product >>> 32);
    }

    /** Adds the first n bits of m (most significant first) at the start of the window, one bit at a time (the message's end). */
    private void mix(int m, int n) {
        for (int j = 0; j < tagWords; j++) {
            long k = (long) window[j] << 32 | (window[j + 1] & 0xffffffffL);
            int t = 0;
            for (int i = 0; i < n; i++) {
                t ^= (int) (k >>> (32 - i)) & ((m << i) >> 31);
            }
            tag[j] ^= t;
        }
    }

    /** The 32 keystream bits starting {@code offset} (0..31) bits into window word j. */
    private int bitsAt(int j, int offset) {
        long k = (long) window[j] << 32 | (window[j + 1] & 0xffffffffL);
        return (int) (k >>> (32 - offset));
    }
}
