package org.shangmi.provider;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Supplier;
import org.shangmi.core.backend.DigestEngine;

/**
 * SM3 for {@code auto} when it chose libcrypto: a message of at most {@code threshold} bytes is
 * hashed by the Java engine, a longer one by the native engine from its first byte. Below the
 * threshold a native call costs more than the Java engine's whole work, so input is held in a
 * buffer until the message either ends or passes the threshold. The buffer is wiped on every
 * digest and reset, since messages may be secret. When the native engine fails, the message is
 * forgotten on both sides, so that nothing of it joins the next one.
 * Not thread-safe, as every {@link DigestEngine}.
 */
final class ThresholdDigest implements DigestEngine {

    private final DigestEngine java;
    private final Supplier<DigestEngine> nativeFactory;
    private final int threshold;
    private final byte[] buffer;
    private int buffered;
    /** Made on the first message that passes the threshold, then kept for the next ones. */
    private DigestEngine nativeEngine;
    /** Whether the current message passed the threshold: its input goes to {@link #nativeEngine}. */
    private boolean passed;

    /**
     * @param java          the Java engine, for messages of at most {@code threshold} bytes
     * @param nativeFactory makes the native engine, for longer ones (called at most once per copy)
     * @param threshold     the longest message the Java engine hashes; at least 0
     */
    ThresholdDigest(DigestEngine java, Supplier<DigestEngine> nativeFactory, int threshold) {
        if (threshold < 0) {
            throw new IllegalArgumentException("threshold " + threshold + " < 0");
        }
        this.java = Objects.requireNonNull(java, "java");
        this.nativeFactory = Objects.requireNonNull(nativeFactory, "nativeFactory");
        this.threshold = threshold;
        this.buffer = new byte[threshold];
    }

    private ThresholdDigest(ThresholdDigest from) {
        this.java = from.java.copy();
        this.nativeFactory = from.nativeFactory;
        this.threshold = from.threshold;
        this.buffer = from.buffer.clone();
        this.buffered = from.buffered;
        this.nativeEngine = from.passed ? from.nativeEngine.copy() : null;
        this.passed = from.passed;
    }

    /** The longest message the Java engine hashes. */
    int threshold() {
        return threshold;
    }

    @Override
    public String algorithm() {
        return java.algorithm();
    }

    @Override
    public int digestLength() {
        return java.digestLength();
    }

    @Override
    public int blockLength() {
        return java.blockLength();
    }

    @Override
    public void update(byte input) {
        if (!passed && buffered < threshold) {
            buffer[buffered++] = input;
            return;
        }
        try {
            pass();
            nativeEngine.update(input);
        } catch (RuntimeException e) {
            forgetMessage();
            throw e;
        }
    }

    @Override
    public void update(byte[] input, int off, int len) {
        Objects.checkFromIndexSize(off, len, input.length);
        if (!passed && len <= threshold - buffered) {
            System.arraycopy(input, off, buffer, buffered, len);
            buffered += len;
            return;
        }
        try {
            pass();
            nativeEngine.update(input, off, len);
        } catch (RuntimeException e) {
            forgetMessage();
            throw e;
        }
    }

    /**
     * The message passes the threshold, if it has not yet: the native engine takes what was held
     * and all the rest.
     */
    private void pass() {
        if (passed) {
            return;
        }
        if (nativeEngine == null) {
            nativeEngine = nativeFactory.get();
        }
        passed = true;
        nativeEngine.update(buffer, 0, buffered);
        wipe();
    }

    /** After a native failure: nothing of this message may stay, held or in the native engine, for the next one. */
    private void forgetMessage() {
        passed = false;
        wipe();
        if (nativeEngine != null) {
            nativeEngine.reset();
        }
    }

    @Override
    public void digest(byte[] out, int off) {
        Objects.checkFromIndexSize(off, digestLength(), out.length);
        if (passed) {
            try {
                nativeEngine.digest(out, off);
            } catch (RuntimeException e) {
                forgetMessage();
                throw e;
            }
            passed = false;
        } else {
            java.update(buffer, 0, buffered);
            wipe();
            java.digest(out, off);
        }
    }

    @Override
    public void reset() {
        if (passed) {
            passed = false;
            nativeEngine.reset();
        }
        wipe();
    }

    private void wipe() {
        Arrays.fill(buffer, 0, buffered, (byte) 0);
        buffered = 0;
    }

    @Override
    public DigestEngine copy() {
        return new ThresholdDigest(this);
    }
}
