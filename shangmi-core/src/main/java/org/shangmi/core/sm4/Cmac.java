package org.shangmi.core.sm4;

import java.util.Arrays;

/**
 * CMAC (NIST SP 800-38B, RFC 4493's construction) over a 128-bit block cipher given as a
 * {@link BlockFunction} in the encrypting direction: SM4-CMAC on every backend, AES-CMAC in tests.
 *
 * <p>Constant time in the key and the data: the subkeys' doubling selects the reduction constant
 * with a mask, and the work per call depends only on lengths. Not thread-safe; {@link #destroy}
 * wipes the subkeys and the chaining state.
 */
public final class Cmac {

    private static final int BLOCK = 16;

    private final BlockFunction encrypt;
    private final byte[] k1 = new byte[BLOCK];
    private final byte[] k2 = new byte[BLOCK];
    private final byte[] state = new byte[BLOCK];
    /** Input not yet chained: up to a whole block, held back until more input shows it is not the last. */
    private final byte[] buffer = new byte[BLOCK];
    private int buffered;

    public Cmac(BlockFunction encrypt) {
        this.encrypt = encrypt;
        byte[] l = new byte[BLOCK];
        encrypt.apply(l, 0, l, 0);
        doubled(l, k1);
        doubled(k1, k2);
        Arrays.fill(l, (byte) 0);
    }

    /** out = in·x in GF(2^128) (a left shift, then 0x87 folded in when the top bit fell out), without branching. */
    private static void doubled(byte[] in, byte[] out) {
        int carry = (in[0] >> 7) & 1;
        for (int i = 0; i < BLOCK - 1; i++) {
            out[i] = (byte) ((in[i] << 1) | ((in[i + 1] >> 7) & 1));
        }
        out[BLOCK - 1] = (byte) ((in[BLOCK - 1] << 1) ^ (0x87 & -carry));
    }

    public void update(byte[] in, int off, int len) {
        while (len > 0) {
            if (buffered == BLOCK) { // more input: the held block is not the last
                chain(buffer, 0);
                buffered = 0;
            }
            int take = Math.min(len, BLOCK - buffered);
            System.arraycopy(in, off, buffer, buffered, take);
            buffered += take;
            off += take;
            len -= take;
        }
    }

    /** Writes the 16-byte tag to {@code out[off..]} and resets for a new message under the same key. */
    public void doFinal(byte[] out, int off) {
        byte[] last = buffered == BLOCK ? k1 : k2;
        if (buffered < BLOCK) {
            buffer[buffered] = (byte) 0x80;
            Arrays.fill(buffer, buffered + 1, BLOCK, (byte) 0);
        }
        for (int i = 0; i < BLOCK; i++) {
            buffer[i] ^= last[i];
        }
        chain(buffer, 0);
        System.arraycopy(state, 0, out, off, BLOCK);
        reset();
    }

    private void chain(byte[] block, int off) {
        for (int i = 0; i < BLOCK; i++) {
            state[i] ^= block[off + i];
        }
        encrypt.apply(state, 0, state, 0);
    }

    public void reset() {
        Arrays.fill(state, (byte) 0);
        Arrays.fill(buffer, (byte) 0);
        buffered = 0;
    }

    public void destroy() {
        reset();
        Arrays.fill(k1, (byte) 0);
        Arrays.fill(k2, (byte) 0);
    }
}
