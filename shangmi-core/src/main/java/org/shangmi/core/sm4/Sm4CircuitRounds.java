package org.shangmi.core.sm4;

import java.util.Arrays;
import org.shangmi.core.util.Bytes;

/**
 * SM4's rounds through the S-box circuit of {@link Sm4SBoxCircuit}, in plain Java (JDK 17).
 *
 * <p>A single block runs the circuit on the four bytes of each round's word side by side in one
 * {@code long} (bit i of byte k at bit 8k + i of plane i). Two to 32 blocks go through
 * {@link Sm4Sliced16}, 16 at a time, for the cost of about one and a half single blocks a pass;
 * more through {@link Sm4Bitsliced}, 64 at a time. Encrypting independent CBC chains side by side
 * ({@link Sm4CbcMessages}) is what the 16-lane path is for: sixteen chains run at about ten
 * times the speed of one.
 *
 * <p>Constant time: the S-box is a circuit, never a table, and nothing branches on or indexes by
 * the round keys or the data. Not thread-safe (scratch space).
 *
 * <p>Public (in a package exported only to the vector backend) so that the vector backend can fall
 * back to it over the same round keys when it can no longer show that its code runs compiled.
 */
public final class Sm4CircuitRounds implements Sm4Rounds {

    /** Bytes 0..3 of a word at bits 0, 8, 16 and 24 of each plane. */
    private static final long LANES = 0x01010101L;

    /**
     * Above this many blocks a 64-lane bitsliced pass is as cheap per block as 16-lane passes of
     * {@link Sm4Sliced16} (about 1.5 µs each on the machine of docs/performance.md, against
     * 0.9 µs for one block alone, so that two blocks already go through a 16-lane pass).
     */
    private static final int BITSLICED_ABOVE = 2 * Sm4Sliced16.LANES;

    private final int[] encryptionKeys;
    private final int[] decryptionKeys;
    private final long[] planes = new long[8];
    private final byte[] counterBlock = new byte[Sm4.BLOCK_SIZE];
    private Sm4Bitsliced bitsliced;
    private Sm4Sliced16 sliced16;
    /** {@link Sm4Sliced16#keyPlanes} of each direction, made on first use. */
    private long[] encryptionPlanes;
    private long[] decryptionPlanes;
    /** {@link Sm4Bitsliced#keyMasks} of each direction, made on first use. */
    private long[] encryptionMasks;
    private long[] decryptionMasks;

    /** Rounds over these round keys (32 each), as {@link Sm4Rounds.Factory#create} receives them. */
    public Sm4CircuitRounds(int[] encryptionKeys, int[] decryptionKeys) {
        this.encryptionKeys = encryptionKeys;
        this.decryptionKeys = decryptionKeys;
    }

    @Override
    public void cryptBlock(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff) {
        crypt(encrypt ? encryptionKeys : decryptionKeys, in, inOff, out, outOff);
    }

    @Override
    public void cryptBlocks(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int count) {
        if (count == 1) {
            crypt(encrypt ? encryptionKeys : decryptionKeys, in, inOff, out, outOff);
            return;
        }
        while (count > 0) {
            boolean wide = count > BITSLICED_ABOVE;
            int batch = Math.min(count, wide ? Sm4Bitsliced.LANES : Sm4Sliced16.LANES);
            if (wide) {
                bitsliced().crypt(masks(encrypt), in, inOff, out, outOff, batch);
            } else {
                sliced16().crypt(keyPlanes(encrypt), in, inOff, out, outOff, batch);
            }
            inOff += batch * Sm4.BLOCK_SIZE;
            outOff += batch * Sm4.BLOCK_SIZE;
            count -= batch;
        }
    }

    @Override
    public void cryptCounters(long[] counter, int counterBits, byte[] in, int inOff, byte[] out, int outOff, int count) {
        while (count >= Sm4.BITSLICED_FROM) {
            int batch = Math.min(count, Sm4Bitsliced.LANES);
            bitsliced().cryptCounters(masks(true), counter, counterBits, in, inOff, out, outOff, batch);
            inOff += batch * Sm4.BLOCK_SIZE;
            outOff += batch * Sm4.BLOCK_SIZE;
            count -= batch;
        }
        for (int i = 0; i < count; i++) {
            Bytes.putLongBE(counterBlock, 0, counter[0]);
            Bytes.putLongBE(counterBlock, 8, counter[1]);
            Sm4.incrementCounter(counter, counterBits);
            crypt(encryptionKeys, counterBlock, 0, counterBlock, 0);
            Bytes.xor(in, inOff + i * Sm4.BLOCK_SIZE, counterBlock, 0, out, outOff + i * Sm4.BLOCK_SIZE, Sm4.BLOCK_SIZE);
        }
        Arrays.fill(counterBlock, (byte) 0);
    }

    @Override
    public void wipe() {
        Arrays.fill(planes, 0);
        if (encryptionPlanes != null) {
            Arrays.fill(encryptionPlanes, 0);
        }
        if (decryptionPlanes != null) {
            Arrays.fill(decryptionPlanes, 0);
        }
        if (sliced16 != null) {
            sliced16.wipe();
        }
        if (encryptionMasks != null) {
            Arrays.fill(encryptionMasks, 0);
        }
        if (decryptionMasks != null) {
            Arrays.fill(decryptionMasks, 0);
        }
        if (bitsliced != null) {
            bitsliced.wipe();
        }
    }

    private Sm4Sliced16 sliced16() {
        if (sliced16 == null) {
            sliced16 = new Sm4Sliced16();
        }
        return sliced16;
    }

    private long[] keyPlanes(boolean encrypt) {
        if (encrypt) {
            if (encryptionPlanes == null) {
                encryptionPlanes = Sm4Sliced16.keyPlanes(encryptionKeys);
            }
            return encryptionPlanes;
        }
        if (decryptionPlanes == null) {
            decryptionPlanes = Sm4Sliced16.keyPlanes(decryptionKeys);
        }
        return decryptionPlanes;
    }

    private Sm4Bitsliced bitsliced() {
        if (bitsliced == null) {
            bitsliced = new Sm4Bitsliced();
        }
        return bitsliced;
    }

    private long[] masks(boolean encrypt) {
        if (encrypt) {
            if (encryptionMasks == null) {
                encryptionMasks = Sm4Bitsliced.keyMasks(encryptionKeys);
            }
            return encryptionMasks;
        }
        if (decryptionMasks == null) {
            decryptionMasks = Sm4Bitsliced.keyMasks(decryptionKeys);
        }
        return decryptionMasks;
    }

    private void crypt(int[] keys, byte[] in, int inOff, byte[] out, int outOff) {
        int x0 = Bytes.getIntBE(in, inOff);
        int x1 = Bytes.getIntBE(in, inOff + 4);
        int x2 = Bytes.getIntBE(in, inOff + 8);
        int x3 = Bytes.getIntBE(in, inOff + 12);
        for (int i = 0; i < Sm4.ROUNDS; i++) {
            int b = substitute(x1 ^ x2 ^ x3 ^ keys[i], planes);
            int next = x0 ^ b ^ Integer.rotateLeft(b, 2) ^ Integer.rotateLeft(b, 10)
                    ^ Integer.rotateLeft(b, 18) ^ Integer.rotateLeft(b, 24);
            x0 = x1;
            x1 = x2;
            x2 = x3;
            x3 = next;
        }
        Bytes.putIntBE(out, outOff, x3);
        Bytes.putIntBE(out, outOff + 4, x2);
        Bytes.putIntBE(out, outOff + 8, x1);
        Bytes.putIntBE(out, outOff + 12, x0);
    }

    /**
     * τ: the S-box on each byte of the word, through the circuit with the four bytes as lanes;
     * {@code planes} (8 longs) is scratch space.
     */
    static int substitute(int word, long[] planes) {
        long w = (word ^ Sm4.IN_WORD) & 0xffffffffL;
        for (int i = 0; i < 8; i++) {
            planes[i] = (w >>> i) & LANES;
        }
        Sm4SBoxCircuit.apply(planes, 0);
        long result = 0;
        for (int i = 0; i < 8; i++) {
            result |= planes[i] << i; // XOR and AND only: the unused bits stay zero
        }
        return (int) result ^ Sm4.OUT_WORD;
    }
}
