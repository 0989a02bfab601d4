package org.shangmi.tls.tlcp;

/**
 * The protection of the records one side sends, or of those it receives, under one set of keys
 * (GB/T 38636-2020 section 6.3.3): SM4-CBC with HMAC-SM3 (MAC, then encrypt) or SM4-GCM, each
 * with its own 64-bit sequence number. The header (type, version 0x0101, length) is the caller's;
 * this class turns a plaintext fragment into the protected fragment and back. Not thread-safe.
 */
interface RecordProtection {

    /** Records carry at most 2^14 bytes of plaintext (GB/T 38636-2020 section 6.3.3, as RFC 4346 section 6.2.1). */
    int MAX_PLAINTEXT = 1 << 14;

    /**
     * A protected fragment (a CBC record's explicit IV included) exceeds its plaintext by at most
     * 2048 bytes (GB/T 38636-2020 section 6.3.3.3, as RFC 4346 section 6.2.3).
     */
    int MAX_FRAGMENT = MAX_PLAINTEXT + 2048;

    /** The protected fragment's length for a plaintext of {@code plaintextLength} bytes. */
    int sealedLength(int plaintextLength);

    /**
     * Protects one record's plaintext and advances the sequence number.
     *
     * @return the length of the protected fragment written to {@code out} from {@code outOff}
     * @throws TlcpAlertException (internal_error) when the sequence number would wrap or the
     *         cipher fails
     */
    int seal(int contentType, byte[] plaintext, int off, int len, byte[] out, int outOff) throws TlcpAlertException;

    /**
     * Protects {@code count} consecutive records of one type, as many calls of {@link #seal}:
     * record i carries the next {@code lengths[i]} bytes of {@code plaintext} from {@code off},
     * and its protected fragment ({@link #sealedLength} bytes) follows a gap of {@code gap} bytes
     * left for the caller's header, the records back to back from {@code outOff}. The
     * plaintext must not overlap {@code out}. On failure {@code out} may hold plaintext.
     *
     * @return the bytes written, gaps included
     */
    default int sealAll(int contentType, byte[] plaintext, int off, int[] lengths, int count, byte[] out, int outOff, int gap)
            throws TlcpAlertException {
        return sealOneByOne(this, contentType, plaintext, off, lengths, count, out, outOff, gap);
    }

    /** {@link #sealAll} as one {@link #seal} after another. */
    static int sealOneByOne(RecordProtection protection, int contentType, byte[] plaintext, int off, int[] lengths, int count,
            byte[] out, int outOff, int gap) throws TlcpAlertException {
        int at = outOff;
        for (int i = 0; i < count; i++) {
            at += gap;
            at += protection.seal(contentType, plaintext, off, lengths[i], out, at);
            off += lengths[i];
        }
        return at - outOff;
    }

    /**
     * Checks and decrypts one protected fragment and advances the sequence number. {@code out}
     * needs room for {@code len} bytes; it may be the input array at the same offset.
     *
     * @return the length of the plaintext written to {@code out} from {@code outOff}
     * @throws TlcpAlertException bad_record_mac for every failure of the check (length, padding,
     *         MAC, tag), with the same message and, for CBC, the same amount of work; record_overflow
     *         for a fragment longer than the standard allows
     */
    int open(int contentType, byte[] fragment, int off, int len, byte[] out, int outOff) throws TlcpAlertException;

    /** Wipes the keys this object holds; it is unusable afterwards. */
    void destroy();

    /** The protection of the first records of a connection: none. */
    RecordProtection NONE = new RecordProtection() {
        @Override
        public int sealedLength(int plaintextLength) {
            return plaintextLength;
        }

        @Override
        public int seal(int contentType, byte[] plaintext, int off, int len, byte[] out, int outOff) {
            System.arraycopy(plaintext, off, out, outOff, len);
            return len;
        }

        @Override
        public int open(int contentType, byte[] fragment, int off, int len, byte[] out, int outOff)
                throws TlcpAlertException {
            if (len > MAX_PLAINTEXT) {
                throw new TlcpAlertException(TlcpAlert.RECORD_OVERFLOW, "a plaintext record of " + len + " bytes");
            }
            System.arraycopy(fragment, off, out, outOff, len);
            return len;
        }

        @Override
        public void destroy() {
        }
    };
}
