package org.shangmi.core.sm4;

import java.security.ProviderException;
import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.util.ConstantTime;

/**
 * SM4-GCM (NIST SP 800-38D with SM4; RFC 8998): CTR key stream from inc32(J0) through the
 * bitsliced path, GHASH over the associated data and the ciphertext, tag E(J0) ⊕ GHASH, truncated
 * to the tag length. A 12-byte IV gives J0 = IV || 0^31 || 1; any other length is hashed.
 *
 * <p>Constant time, including the tag comparison. Decryption checks the tag before it deciphers
 * a single byte.
 */
public final class Sm4Gcm implements AeadEngine {

    private final Sm4 sm4;
    private final Ghash ghash;
    private final byte[] tagMask = new byte[Sm4.BLOCK_SIZE];
    private final byte[] firstCounter = new byte[Sm4.BLOCK_SIZE];
    private Sm4Ctr ctr;
    private final int tagLength;
    private final byte[] partial = new byte[Sm4.BLOCK_SIZE];
    private int partialLength;
    private long aadLength;
    private long dataLength;
    private boolean dataStarted;

    /**
     * @param tagLength the tag length in bytes, 4 to 16
     * @throws IllegalArgumentException if the key is not 16 bytes, the IV is empty or the tag length is out of range
     */
    public Sm4Gcm(byte[] key, byte[] iv, int tagLength) {
        this(key, iv, tagLength, Sm4CircuitRounds::new);
    }

    /**
     * As {@link #Sm4Gcm(byte[], byte[], int)}, with the block cipher's rounds from {@code rounds}.
     *
     * @param tagLength the tag length in bytes, 4 to 16
     * @throws IllegalArgumentException if the key is not 16 bytes, the IV is empty or the tag length is out of range
     */
    public Sm4Gcm(byte[] key, byte[] iv, int tagLength, Sm4Rounds.Factory rounds) {
        this(key, iv, tagLength, rounds, null);
    }

    /**
     * As {@link #Sm4Gcm(byte[], byte[], int, Sm4Rounds.Factory)}, with long runs of GHASH through
     * the passes {@code ghashPasses} makes (none if null).
     *
     * @param tagLength the tag length in bytes, 4 to 16
     * @throws IllegalArgumentException if the key is not 16 bytes, the IV is empty or the tag length is out of range
     */
    public Sm4Gcm(byte[] key, byte[] iv, int tagLength, Sm4Rounds.Factory rounds, GhashPasses.Factory ghashPasses) {
        checkIv(iv);
        if (tagLength < 4 || tagLength > 16) {
            throw new IllegalArgumentException("a GCM tag is 4 to 16 bytes, not " + tagLength);
        }
        this.sm4 = new Sm4(key, rounds);
        this.tagLength = tagLength;
        this.ghash = new Ghash(ghashPasses);
        byte[] h = new byte[Sm4.BLOCK_SIZE];
        sm4.encryptBlock(h, 0, h, 0);
        ghash.init(h);
        Arrays.fill(h, (byte) 0);
        startCounter(iv);
        ctr = new Sm4Ctr(sm4, firstCounter, 4);
    }

    @Override
    public void reset(byte[] iv) {
        checkIv(iv);
        restart();
        startCounter(iv);
        ctr.reset(firstCounter);
    }

    private static void checkIv(byte[] iv) {
        Objects.requireNonNull(iv, "iv");
        if (iv.length == 0) {
            throw new IllegalArgumentException("a GCM IV needs at least one byte");
        }
    }

    /** J0 from the IV: the tag mask E(J0) and the first counter inc32(J0). */
    private void startCounter(byte[] iv) {
        byte[] j0 = new byte[Sm4.BLOCK_SIZE];
        if (iv.length == 12) {
            System.arraycopy(iv, 0, j0, 0, 12);
            j0[15] = 1;
        } else {
            ghash.padded(iv, 0, iv.length);
            ghash.block(0, 8L * iv.length);
            ghash.result(j0, 0);
            ghash.reset();
        }
        sm4.encryptBlock(j0, 0, tagMask, 0);
        System.arraycopy(j0, 0, firstCounter, 0, Sm4.BLOCK_SIZE);
        increment32(firstCounter);
        Arrays.fill(j0, (byte) 0);
    }

    @Override
    public int tagLength() {
        return tagLength;
    }

    @Override
    public void updateAad(byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        if (dataStarted) {
            throw new IllegalStateException("associated data must come before the data");
        }
        absorb(in, off, len);
        aadLength += len;
    }

    /**
     * The most data one message may have, 2^36 − 32 bytes (NIST SP 800-38D): past it the 32-bit
     * block counter would wrap and reuse key stream.
     */
    static final long MAX_DATA_BYTES = (1L << 36) - 32;

    /**
     * {@code processed + len}, unless that exceeds {@link #MAX_DATA_BYTES}.
     *
     * @throws ProviderException if it does, as the JDK's AES-GCM reports its own limit
     */
    static long checkedDataLength(long processed, long len) {
        if (len > MAX_DATA_BYTES - processed) {
            throw new ProviderException("SM4-GCM encrypts at most 2^36 - 32 bytes per key and IV; this message would have "
                    + (processed + len) + ": start a new message with a new IV");
        }
        return processed + len;
    }

    @Override
    public void encrypt(byte[] in, int inOff, int len, byte[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        checkedDataLength(dataLength, len);
        startData();
        ctr.update(in, inOff, len, out, outOff);
        absorb(out, outOff, len);
        dataLength += len;
    }

    @Override
    public void finishEncryption(byte[] out, int outOff) {
        Objects.checkFromIndexSize(outOff, tagLength, out.length);
        byte[] tag = computeTag();
        System.arraycopy(tag, 0, out, outOff, tagLength);
        Arrays.fill(tag, (byte) 0);
        restart();
    }

    @Override
    public boolean decrypt(byte[] in, int inOff, int len, byte[] tag, int tagOff, byte[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(tagOff, tagLength, tag.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        try {
            startData();
            absorb(in, inOff, len);
            dataLength += len;
            byte[] expected = computeTag();
            boolean matches = ConstantTime.equals(expected, 0, tag, tagOff, tagLength);
            Arrays.fill(expected, (byte) 0);
            if (!matches) {
                return false;
            }
            ctr.update(in, inOff, len, out, outOff);
            return true;
        } finally {
            restart();
        }
    }

    @Override
    public void destroy() {
        restart();
        sm4.wipe();
        ghash.wipe();
        ctr.destroy();
        Arrays.fill(tagMask, (byte) 0);
        Arrays.fill(firstCounter, (byte) 0);
    }

    /** Ends the associated data (padding its last block) before the first data byte. */
    private void startData() {
        if (!dataStarted) {
            flushPartial();
            dataStarted = true;
        }
    }

    /** GHASH over a byte stream, buffering a partial block. */
    private void absorb(byte[] in, int off, int len) {
        if (partialLength > 0) {
            int take = Math.min(len, Sm4.BLOCK_SIZE - partialLength);
            System.arraycopy(in, off, partial, partialLength, take);
            partialLength += take;
            off += take;
            len -= take;
            if (partialLength < Sm4.BLOCK_SIZE) {
                return;
            }
            ghash.blocks(partial, 0, Sm4.BLOCK_SIZE);
            partialLength = 0;
        }
        int whole = len & ~15;
        ghash.blocks(in, off, whole);
        System.arraycopy(in, off + whole, partial, 0, len - whole);
        partialLength = len - whole;
    }

    private void flushPartial() {
        if (partialLength > 0) {
            Arrays.fill(partial, partialLength, Sm4.BLOCK_SIZE, (byte) 0);
            ghash.blocks(partial, 0, Sm4.BLOCK_SIZE);
            partialLength = 0;
        }
    }

    private byte[] computeTag() {
        startData();
        flushPartial();
        ghash.block(8 * aadLength, 8 * dataLength);
        byte[] tag = new byte[Sm4.BLOCK_SIZE];
        ghash.result(tag, 0);
        for (int i = 0; i < Sm4.BLOCK_SIZE; i++) {
            tag[i] ^= tagMask[i];
        }
        return tag;
    }

    private void restart() {
        ghash.reset();
        ctr.reset();
        Arrays.fill(partial, (byte) 0);
        partialLength = 0;
        aadLength = 0;
        dataLength = 0;
        dataStarted = false;
    }

    private static void increment32(byte[] counter) {
        int carry = 1;
        for (int i = 15; i >= 12; i--) {
            int sum = (counter[i] & 0xff) + carry;
            counter[i] = (byte) sum;
            carry = sum >>> 8;
        }
    }
}
