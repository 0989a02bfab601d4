package org.shangmi.core.sm4;

import java.util.Arrays;

/**
 * SM4 in CFB-8 mode (NIST SP 800-38A with s = 8): each byte is XORed with the first byte of E(R),
 * and the 16-byte register R then shifts one byte left, taking in that ciphertext byte. One block
 * encryption per byte: sixteen times the work of CFB-128. Encryption is sequential; decryption
 * knows every register in advance (they are windows of IV ‖ ciphertext), so it deciphers up to
 * 64 bytes per bitsliced pass. Any length; a split input gives the same output as a whole one.
 * Constant time.
 */
final class Sm4Cfb8 extends Sm4IvMode {

    private static final int BATCH = Sm4Bitsliced.LANES;

    private final Sm4 sm4;
    private final boolean encrypt;
    private final byte[] register = new byte[Sm4.BLOCK_SIZE];
    private final byte[] keyStream = new byte[Sm4.BLOCK_SIZE];
    /** Decryption: the register followed by a batch's ciphertext, and that batch's registers, one per block. */
    private byte[] window;
    private byte[] registers;

    Sm4Cfb8(Sm4 sm4, boolean encrypt, byte[] iv) {
        super(iv);
        this.sm4 = sm4;
        this.encrypt = encrypt;
        reset();
    }

    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkRanges(in, inOff, len, out, outOff);
        int done = 0;
        if (!encrypt) {
            while (len - done >= Sm4.BITSLICED_FROM) {
                int count = Math.min(BATCH, len - done);
                decryptBatch(in, inOff + done, out, outOff + done, count);
                done += count;
            }
        }
        for (; done < len; done++) {
            sm4.encryptBlock(register, 0, keyStream, 0);
            byte input = in[inOff + done];
            byte output = (byte) (input ^ keyStream[0]);
            out[outOff + done] = output;
            System.arraycopy(register, 1, register, 0, Sm4.BLOCK_SIZE - 1);
            register[Sm4.BLOCK_SIZE - 1] = encrypt ? output : input; // the ciphertext byte feeds back
        }
        Arrays.fill(keyStream, (byte) 0);
    }

    /** Decrypts {@code count} ≤ 64 bytes in one bitsliced pass; in and out may be the same range. */
    private void decryptBatch(byte[] in, int inOff, byte[] out, int outOff, int count) {
        if (window == null) {
            window = new byte[Sm4.BLOCK_SIZE + BATCH];
            registers = new byte[BATCH * Sm4.BLOCK_SIZE];
        }
        System.arraycopy(register, 0, window, 0, Sm4.BLOCK_SIZE);
        System.arraycopy(in, inOff, window, Sm4.BLOCK_SIZE, count);
        for (int i = 0; i < count; i++) {
            System.arraycopy(window, i, registers, i * Sm4.BLOCK_SIZE, Sm4.BLOCK_SIZE);
        }
        System.arraycopy(window, count, register, 0, Sm4.BLOCK_SIZE);
        sm4.encryptBlocks(registers, 0, registers, 0, count);
        for (int i = 0; i < count; i++) {
            out[outOff + i] = (byte) (window[Sm4.BLOCK_SIZE + i] ^ registers[i * Sm4.BLOCK_SIZE]);
        }
        Arrays.fill(registers, 0, count * Sm4.BLOCK_SIZE, (byte) 0);
    }

    @Override
    public void reset() {
        System.arraycopy(iv, 0, register, 0, Sm4.BLOCK_SIZE);
    }

    @Override
    public void destroy() {
        sm4.wipe();
        Arrays.fill(register, (byte) 0);
        Arrays.fill(keyStream, (byte) 0);
        if (window != null) {
            Arrays.fill(window, (byte) 0);
            Arrays.fill(registers, (byte) 0);
        }
    }
}
