package org.shangmi.core.backend;

/** The SM4 modes a backend may offer through {@link BackendService#newSm4}. */
public enum CipherMode {
    /** Electronic codebook: no IV. */
    ECB(false, 16),
    /** Cipher block chaining, 16-byte IV. */
    CBC(true, 16),
    /** Counter mode: the 16-byte IV is the first counter block, incremented as one 128-bit big-endian integer. */
    CTR(true, 1),
    /** Cipher feedback with a full 128-bit feedback (CFB-128), 16-byte IV; any length. */
    CFB(true, 1),
    /** Cipher feedback with an 8-bit feedback (CFB-8): one block operation per byte, 16-byte IV; any length. */
    CFB8(true, 1),
    /** Output feedback, 16-byte IV; any length. */
    OFB(true, 1);

    private final boolean needsIv;
    private final int unit;

    CipherMode(boolean needsIv, int unit) {
        this.needsIv = needsIv;
        this.unit = unit;
    }

    /** Whether the mode takes a 16-byte IV. */
    public boolean needsIv() {
        return needsIv;
    }

    /**
     * Checks that {@code iv} suits the mode: 16 bytes for a mode that takes one, null otherwise.
     *
     * @throws IllegalArgumentException saying what the mode needs
     */
    public void checkIv(byte[] iv) {
        if (needsIv ? iv == null || iv.length != 16 : iv != null) {
            throw new IllegalArgumentException("SM4/" + this + (needsIv ? " needs a 16-byte IV" : " takes no IV")
                    + ", got " + (iv == null ? "none" : iv.length + " bytes"));
        }
    }

    /**
     * Checks that {@code length} is a whole number of the mode's units (not negative).
     *
     * @throws IllegalArgumentException if it is not
     */
    public void checkUnits(int length) {
        if (length < 0 || length % unit != 0) {
            throw new IllegalArgumentException("SM4/" + this + " takes whole " + unit + "-byte units, got " + length + " bytes");
        }
    }

    /** The unit the mode's engine processes: 16 for block modes, 1 for stream modes. */
    public int unit() {
        return unit;
    }
}
