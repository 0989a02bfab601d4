package org.shangmi.core.sm4;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.XtsEngine;
import org.shangmi.core.util.Bytes;

/**
 * SM4-XTS: the first key half enciphers the data, the second the tweak; block j of a data unit
 * is masked with T_j = E_K2(tweak)·α^j before and after. Two conventions for multiplying by α:
 * IEEE 1619 reads T as a little-endian integer (shift left, fold 0x87 into the first byte);
 * GB/T 17964-2021 reads its bits in the opposite order (shift right, fold 0xE1 into the first
 * byte), which is OpenSSL's default for SM4. A partial last block steals ciphertext from the one
 * before it. Blocks go 64 at a time through the bitsliced path.
 *
 * <p>Constant time: the tweak update folds by a mask, not a branch.
 */
public final class Sm4Xts implements XtsEngine {

    private static final int BATCH = Sm4Bitsliced.LANES * Sm4.BLOCK_SIZE;

    private final Sm4 data;
    private final Sm4 tweakCipher;
    private final boolean ieee;
    private final byte[] tweaks = new byte[BATCH + Sm4.BLOCK_SIZE];
    private final byte[] t = new byte[Sm4.BLOCK_SIZE];
    private final byte[] block = new byte[Sm4.BLOCK_SIZE];

    /**
     * @param key K1 || K2, 32 bytes with different halves
     * @param ieee the IEEE 1619 tweak convention rather than GB/T 17964-2021's
     * @throws IllegalArgumentException if the key is not 32 bytes or its halves are equal
     */
    public Sm4Xts(byte[] key, boolean ieee) {
        this(key, ieee, Sm4CircuitRounds::new);
    }

    /**
     * As {@link #Sm4Xts(byte[], boolean)}, with the block cipher's rounds from {@code rounds}.
     *
     * @param key K1 || K2, 32 bytes with different halves
     * @param ieee the IEEE 1619 tweak convention rather than GB/T 17964-2021's
     * @throws IllegalArgumentException if the key is not 32 bytes or its halves are equal
     */
    public Sm4Xts(byte[] key, boolean ieee, Sm4Rounds.Factory rounds) {
        Objects.requireNonNull(key, "key");
        if (key.length != 2 * Sm4.KEY_SIZE) {
            throw new IllegalArgumentException("an SM4-XTS key is two 16-byte keys, 32 bytes, got " + key.length);
        }
        byte[] k1 = Arrays.copyOfRange(key, 0, 16);
        byte[] k2 = Arrays.copyOfRange(key, 16, 32);
        try {
            if (MessageDigest.isEqual(k1, k2)) {
                throw new IllegalArgumentException("the two halves of an SM4-XTS key must differ");
            }
            this.data = new Sm4(k1, rounds);
            this.tweakCipher = new Sm4(k2, rounds);
        } finally {
            Arrays.fill(k1, (byte) 0);
            Arrays.fill(k2, (byte) 0);
        }
        this.ieee = ieee;
    }

    @Override
    public void encrypt(byte[] tweak, byte[] in, int inOff, int len, byte[] out, int outOff) {
        crypt(true, tweak, in, inOff, len, out, outOff);
    }

    @Override
    public void decrypt(byte[] tweak, byte[] in, int inOff, int len, byte[] out, int outOff) {
        crypt(false, tweak, in, inOff, len, out, outOff);
    }

    @Override
    public void destroy() {
        data.wipe();
        tweakCipher.wipe();
        wipeScratch();
    }

    private void crypt(boolean encrypt, byte[] tweak, byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (tweak.length != Sm4.BLOCK_SIZE) {
            throw new IllegalArgumentException("an SM4-XTS tweak is 16 bytes, got " + tweak.length);
        }
        if (len < Sm4.BLOCK_SIZE) {
            throw new IllegalArgumentException("an SM4-XTS data unit is at least 16 bytes, got " + len);
        }
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        try {
            tweakCipher.encryptBlock(tweak, 0, t, 0);
            int partial = len % Sm4.BLOCK_SIZE;
            // with a partial last block, the last whole block is handled with it
            int bulk = partial == 0 ? len : len - partial - Sm4.BLOCK_SIZE;
            for (int done = 0, length; done < bulk; done += length) {
                length = Math.min(BATCH, bulk - done);
                for (int b = 0; b < length; b += Sm4.BLOCK_SIZE) {
                    System.arraycopy(t, 0, tweaks, b, Sm4.BLOCK_SIZE);
                    multiplyByAlpha(t);
                }
                Bytes.xor(in, inOff + done, tweaks, 0, out, outOff + done, length);
                if (encrypt) {
                    data.encryptBlocks(out, outOff + done, out, outOff + done, length / Sm4.BLOCK_SIZE);
                } else {
                    data.decryptBlocks(out, outOff + done, out, outOff + done, length / Sm4.BLOCK_SIZE);
                }
                Bytes.xor(out, outOff + done, tweaks, 0, out, outOff + done, length);
            }
            if (partial != 0) {
                steal(encrypt, in, inOff + bulk, out, outOff + bulk, partial);
            }
        } finally {
            wipeScratch();
        }
    }

    /** The last whole block and the partial one after it, t holding the tweak of the whole block. */
    private void steal(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int partial) {
        byte[] first = Arrays.copyOf(t, Sm4.BLOCK_SIZE); // T(q−1)
        multiplyByAlpha(t);                               // T(q)
        byte[] second = t;
        // encryption: CC = E(P(q−1)) under T(q−1); C(q) = CC's first bytes; C(q−1) = E(P(q) || rest of CC) under T(q).
        // decryption runs the same with the tweaks swapped.
        byte[] outer = encrypt ? first : second;
        byte[] inner = encrypt ? second : first;
        byte[] tail = Arrays.copyOfRange(in, inOff + Sm4.BLOCK_SIZE, inOff + Sm4.BLOCK_SIZE + partial);
        one(encrypt, in, inOff, outer, block);
        System.arraycopy(block, 0, out, outOff + Sm4.BLOCK_SIZE, partial);
        System.arraycopy(tail, 0, block, 0, partial);
        one(encrypt, block, 0, inner, block);
        System.arraycopy(block, 0, out, outOff, Sm4.BLOCK_SIZE);
        Arrays.fill(first, (byte) 0);
        Arrays.fill(tail, (byte) 0);
    }

    /** result = C(source ⊕ mask) ⊕ mask for one block, C the data cipher in the given direction. */
    private void one(boolean encrypt, byte[] source, int off, byte[] mask, byte[] result) {
        Bytes.xor(source, off, mask, 0, result, 0, Sm4.BLOCK_SIZE);
        if (encrypt) {
            data.encryptBlock(result, 0, result, 0);
        } else {
            data.decryptBlock(result, 0, result, 0);
        }
        Bytes.xor(result, 0, mask, 0, result, 0, Sm4.BLOCK_SIZE);
    }

    /**
     * t = t·α in the chosen convention, folding the carried-out bit by a mask: IEEE 1619 reads the
     * tweak as a little-endian integer and shifts it left, GB/T 17964 as a big-endian one shifted
     * right.
     */
    private void multiplyByAlpha(byte[] tweak) {
        if (ieee) {
            long low = Bytes.getLongLE(tweak, 0);
            long high = Bytes.getLongLE(tweak, 8);
            long carry = high >>> 63;
            Bytes.putLongLE(tweak, 8, (high << 1) | (low >>> 63));
            Bytes.putLongLE(tweak, 0, (low << 1) ^ (-carry & 0x87));
        } else {
            long high = Bytes.getLongBE(tweak, 0);
            long low = Bytes.getLongBE(tweak, 8);
            long carry = low & 1;
            Bytes.putLongBE(tweak, 8, (low >>> 1) | (high << 63));
            Bytes.putLongBE(tweak, 0, (high >>> 1) ^ (-carry & 0xe100000000000000L));
        }
    }

    private void wipeScratch() {
        Arrays.fill(tweaks, (byte) 0);
        Arrays.fill(t, (byte) 0);
        Arrays.fill(block, (byte) 0);
    }
}
