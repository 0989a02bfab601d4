package org.shangmi.tls.tlcp;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * TLCP records under SM4-GCM (GB/T 38636-2020, with the AEAD construction of RFC 5246 section
 * 6.2.3.3 and RFC 5288): the fragment is nonce_explicit(8) ‖ ciphertext ‖ tag(16); the nonce is
 * the 4-byte write IV from the key block followed by nonce_explicit; the associated data is
 * seq_num(8) ‖ type ‖ version 0x0101 ‖ plaintext length(2). Sealing puts the sequence number in
 * nonce_explicit, as GmSSL and gmsm do, so that a nonce never repeats under one key while the
 * sequence number does not wrap (and it may not). Opening takes the nonce_explicit it is sent.
 * SM4-GCM is any provider's {@code Cipher "SM4/GCM/NoPadding"}: one instance, initialised per
 * record with that record's nonce (the JCA refuses a second encryption under one key and IV).
 *
 * <p>Every failure to open (length, tag) is one {@code bad_record_mac}; the tag check is the
 * provider's, and a provider writes no plaintext for a record that does not authenticate. The
 * plaintext length is public in GCM, so nothing here depends on a secret. Not thread-safe.
 */
final class GcmRecordProtection extends SequencedRecordProtection {

    static final int EXPLICIT_NONCE_LENGTH = 8;
    static final int TAG_LENGTH = 16;
    static final int FIXED_IV_LENGTH = TlcpSuite.FIXED_IV_LENGTH;

    private final Cipher cipher;
    private final RecordKey key;
    private final byte[] nonce = new byte[FIXED_IV_LENGTH + EXPLICIT_NONCE_LENGTH];
    private final byte[] aad = new byte[HEADER_LENGTH];
    /** A copy of plaintext that overlaps the output when sealing. */
    private byte[] scratch;

    private GcmRecordProtection(boolean sealing, byte[] sm4Key, byte[] fixedIv, Provider provider)
            throws TlcpAlertException {
        super(sealing);
        if (sm4Key.length != TlcpSuite.KEY_LENGTH || fixedIv.length != FIXED_IV_LENGTH) {
            throw new IllegalArgumentException("SM4-GCM records take a 16-byte key and a 4-byte IV, not "
                    + sm4Key.length + " and " + fixedIv.length);
        }
        this.key = new RecordKey(sm4Key, 0, sm4Key.length, "SM4");
        System.arraycopy(fixedIv, 0, nonce, 0, FIXED_IV_LENGTH);
        try {
            cipher = provider == null ? Cipher.getInstance("SM4/GCM/NoPadding")
                    : Cipher.getInstance("SM4/GCM/NoPadding", provider);
        } catch (GeneralSecurityException e) {
            key.destroy();
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "no usable SM4-GCM", e);
        }
    }

    /**
     * Protection for the records one side sends; key and IV are copied.
     *
     * @param provider the provider of SM4-GCM, or null for the installed providers
     */
    static GcmRecordProtection sealing(byte[] sm4Key, byte[] fixedIv, Provider provider) throws TlcpAlertException {
        return new GcmRecordProtection(true, sm4Key, fixedIv, provider);
    }

    /** Protection for the records one side receives; key and IV are copied. */
    static GcmRecordProtection opening(byte[] sm4Key, byte[] fixedIv, Provider provider) throws TlcpAlertException {
        return new GcmRecordProtection(false, sm4Key, fixedIv, provider);
    }

    @Override
    public int sealedLength(int plaintextLength) {
        if (plaintextLength < 0 || plaintextLength > MAX_PLAINTEXT) {
            throw new IllegalArgumentException("a record carries 0 to 2^14 bytes, not " + plaintextLength);
        }
        return EXPLICIT_NONCE_LENGTH + plaintextLength + TAG_LENGTH;
    }

    @Override
    public int seal(int contentType, byte[] plaintext, int off, int len, byte[] out, int outOff)
            throws TlcpAlertException {
        checkUsable(true, contentType);
        Objects.checkFromIndexSize(off, len, plaintext.length);
        int sealed = sealedLength(len);
        Objects.checkFromIndexSize(outOff, sealed, out.length);
        byte[] in = plaintext;
        int inOff = off;
        if (plaintext == out && off < outOff + sealed && outOff < off + len) {
            // a streaming cipher writing ahead of its input would overwrite what it has not read
            if (scratch == null) {
                scratch = new byte[MAX_PLAINTEXT];
            }
            System.arraycopy(plaintext, off, scratch, 0, len);
            in = scratch;
            inOff = 0;
        }
        setNonceAndAad(contentType, len);
        try {
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(8 * TAG_LENGTH, nonce));
            cipher.updateAAD(aad);
            if (cipher.doFinal(in, inOff, len, out, outOff + EXPLICIT_NONCE_LENGTH) != len + TAG_LENGTH) {
                throw new GeneralSecurityException("SM4-GCM wrote an unexpected length");
            }
        } catch (GeneralSecurityException e) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "SM4-GCM failed", e);
        } finally {
            if (in == scratch) {
                Arrays.fill(scratch, 0, len, (byte) 0);
            }
        }
        System.arraycopy(nonce, FIXED_IV_LENGTH, out, outOff, EXPLICIT_NONCE_LENGTH);
        advance();
        return sealed;
    }

    @Override
    public int open(int contentType, byte[] fragment, int off, int len, byte[] out, int outOff)
            throws TlcpAlertException {
        checkUsable(false, contentType);
        Objects.checkFromIndexSize(off, len, fragment.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        int plaintextLength = len - EXPLICIT_NONCE_LENGTH - TAG_LENGTH;
        if (plaintextLength > MAX_PLAINTEXT) {
            throw new TlcpAlertException(TlcpAlert.RECORD_OVERFLOW, "a protected record of " + len + " bytes");
        }
        if (plaintextLength < 0) {
            throw new TlcpAlertException(TlcpAlert.BAD_RECORD_MAC, BAD_RECORD);
        }
        setNonceAndAad(contentType, plaintextLength);
        System.arraycopy(fragment, off, nonce, FIXED_IV_LENGTH, EXPLICIT_NONCE_LENGTH);
        int written;
        try {
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(8 * TAG_LENGTH, nonce));
            cipher.updateAAD(aad);
            // the JCA's doFinal is copy-safe: out may be the fragment's array
            written = cipher.doFinal(fragment, off + EXPLICIT_NONCE_LENGTH, len - EXPLICIT_NONCE_LENGTH, out, outOff);
        } catch (GeneralSecurityException e) {
            throw new TlcpAlertException(TlcpAlert.BAD_RECORD_MAC, BAD_RECORD, e);
        }
        if (written != plaintextLength) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "SM4-GCM wrote an unexpected length");
        }
        advance();
        return plaintextLength;
    }

    /** aad = seq_num ‖ type ‖ 0x0101 ‖ length; nonce = fixed IV ‖ seq_num. */
    private void setNonceAndAad(int contentType, int length) {
        writeHeader(aad, contentType, length);
        System.arraycopy(aad, 0, nonce, FIXED_IV_LENGTH, EXPLICIT_NONCE_LENGTH);
    }

    @Override
    public void destroy() {
        if (!markDestroyed()) {
            return;
        }
        key.destroy();
        Arrays.fill(nonce, (byte) 0);
        if (scratch != null) {
            Arrays.fill(scratch, (byte) 0);
        }
        // the JCA has no destroy for a Cipher: re-keying with zeros drops its copy
        byte[] zeros = new byte[TlcpSuite.KEY_LENGTH];
        try {
            cipher.init(Cipher.DECRYPT_MODE, new RecordKey(zeros, 0, zeros.length, "SM4"),
                    new GCMParameterSpec(8 * TAG_LENGTH, zeros, 0, 12));
        } catch (GeneralSecurityException | RuntimeException e) {
            // best effort: the object is unusable from here on
        }
    }
}
