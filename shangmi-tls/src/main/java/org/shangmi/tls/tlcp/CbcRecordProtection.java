package org.shangmi.tls.tlcp;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.provider.spec.Sm4CbcMessagesParameterSpec;

/**
 * TLCP records under SM4-CBC with HMAC-SM3 (GB/T 38636-2020 section 6.3.3.4, TLS 1.1's
 * GenericBlockCipher with version 0x0101): the fragment is an explicit IV (16 random bytes)
 * followed by SM4-CBC(content ‖ MAC ‖ padding ‖ padding_length), every padding byte equal to
 * padding_length, and MAC = HMAC-SM3(mac_key, seq_num ‖ type ‖ version ‖ length ‖ content).
 * Sealing pads minimally. SM4 and HMAC-SM3 are any provider's {@code Cipher "SM4/CBC/NoPadding"}
 * and {@code Mac "HmacSM3"}.
 *
 * <p><b>Constant time.</b> Opening does the same work, for a given fragment length, whatever
 * the padding length and its validity (the Lucky Thirteen attack, AlFardan and Paterson 2013):
 * it decrypts the whole fragment; checks the last 256 bytes (or the whole body if shorter) with
 * masks against the padding length; takes a bad padding as a zero-length one; copies the
 * received MAC out by visiting every position it could start at with a mask, never by an index
 * computed from the padding length; computes the HMAC over the real content and then feeds the
 * Mac a dummy message sized so that the number of SM3 compression-function calls equals the
 * count for the longest content the fragment could carry (see {@link #openBody}); compares with
 * {@link MessageDigest#isEqual}; and reports a bad padding and a bad MAC with one exception,
 * one message. There is no branch and no array index on the padding length or the content
 * length before the MAC is verified. What remains: the Mac and the Cipher themselves are trusted
 * to take time that depends on the lengths they are given only through whole blocks (true of
 * the Java SM3 and of OpenSSL's); the bytes the Mac copies into its buffer vary by less than one
 * 64-byte block; the outcome itself (and, after a good MAC, the content length) is public.
 *
 * <p><b>Several records at once.</b> CBC encryption is sequential within a record, but each
 * record is its own chain under its own IV: {@link #sealAll} MACs and pads the records, then
 * encrypts them side by side in one call of a Cipher initialised with a
 * {@link Sm4CbcMessagesParameterSpec} (the ShangMi provider's; many blocks go through the
 * constant-time engine at once), with exactly the output of sealing them one by one. A provider
 * without that spec seals them one by one.
 *
 * <p>One direction, one object: a sealing object only seals and an opening object only opens.
 * Not thread-safe. {@link #destroy()} wipes the keys, the buffers and, as far as the JCA lets
 * it, the Mac's and the Cipher's key state (they are re-keyed with zeros).
 */
final class CbcRecordProtection extends SequencedRecordProtection {

    static final int IV_LENGTH = 16;
    static final int BLOCK = 16;
    static final int MAC_LENGTH = TlcpSuite.MAC_LENGTH;
    /** The IV and the smallest body: MAC and padding_length (33 bytes) take three blocks. */
    static final int MIN_FRAGMENT = IV_LENGTH + 3 * BLOCK;

    /** SM3, like SHA-256, compresses 64-byte blocks. */
    private static final int HASH_BLOCK = 64;
    /** The dummy message: at most four blocks (see openBody), with room to spare. */
    private static final byte[] DUMMY = new byte[6 * HASH_BLOCK];

    private final Cipher cipher;
    /** Sealing: the Cipher for several records at once, or null when the provider has no {@link Sm4CbcMessagesParameterSpec}. */
    private final Cipher messagesCipher;
    private final Mac mac;
    private final RecordKey key;
    private final RecordKey macKey;
    private final SecureRandom random;
    /** The body in the clear: built here before encryption, decrypted here before the check. */
    private final byte[] body = new byte[MAX_FRAGMENT];
    /** seq_num ‖ type ‖ version ‖ length: the MAC's header. */
    private final byte[] header = new byte[HEADER_LENGTH];
    private final byte[] iv = new byte[IV_LENGTH];
    private final byte[] computed = new byte[MAC_LENGTH];
    private final byte[] received = new byte[MAC_LENGTH];
    /** Where the dummy HMAC goes. */
    private final byte[] sink = new byte[MAC_LENGTH];

    private CbcRecordProtection(boolean sealing, byte[] sm4Key, byte[] macKeyBytes, SecureRandom random,
            Provider provider) throws TlcpAlertException {
        super(sealing);
        if (sm4Key.length != TlcpSuite.KEY_LENGTH || macKeyBytes.length != MAC_LENGTH) {
            throw new IllegalArgumentException("SM4-CBC records take a 16-byte SM4 key and a 32-byte MAC key, not "
                    + sm4Key.length + " and " + macKeyBytes.length);
        }
        this.random = random;
        this.key = new RecordKey(sm4Key, 0, sm4Key.length, "SM4");
        this.macKey = new RecordKey(macKeyBytes, 0, macKeyBytes.length, TlcpPrf.HMAC_SM3);
        try {
            cipher = provider == null ? Cipher.getInstance("SM4/CBC/NoPadding")
                    : Cipher.getInstance("SM4/CBC/NoPadding", provider);
            mac = provider == null ? Mac.getInstance(TlcpPrf.HMAC_SM3) : Mac.getInstance(TlcpPrf.HMAC_SM3, provider);
            mac.init(macKey);
        } catch (GeneralSecurityException e) {
            key.destroy();
            macKey.destroy();
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "no usable SM4-CBC or HMAC-SM3", e);
        }
        if (mac.getMacLength() != MAC_LENGTH) {
            forgetKeys();
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "an HMAC-SM3 of " + mac.getMacLength() + " bytes");
        }
        if (sealing) {
            try {
                cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[IV_LENGTH]));
            } catch (GeneralSecurityException e) {
                forgetKeys();
                throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "no usable SM4-CBC", e);
            }
        }
        messagesCipher = sealing ? messagesCipher() : null;
    }

    /** Destroys the keys and re-keys the Mac with zeros: a constructor that fails leaves nothing behind. */
    private void forgetKeys() {
        key.destroy();
        macKey.destroy();
        bestEffort(() -> mac.init(new RecordKey(new byte[MAC_LENGTH], 0, MAC_LENGTH, TlcpPrf.HMAC_SM3)));
    }

    /**
     * A Cipher of the provider that serves {@link #cipher} for several records at once, or null if
     * that provider takes no {@link Sm4CbcMessagesParameterSpec}. The single-record Cipher has
     * been initialised, so that it and this one are the same provider's.
     */
    private Cipher messagesCipher() {
        try {
            Cipher candidate = Cipher.getInstance("SM4/CBC/NoPadding", cipher.getProvider());
            candidate.init(Cipher.ENCRYPT_MODE, key, new Sm4CbcMessagesParameterSpec(new byte[IV_LENGTH], new int[] {0}));
            return candidate;
        } catch (GeneralSecurityException | RuntimeException noSpec) {
            return null; // a provider that does not know the spec may refuse it in any of several ways
        }
    }

    /**
     * Protection for the records one side sends; the keys are copied (the caller wipes its own).
     *
     * @param provider the provider of SM4 and HMAC-SM3, or null for the installed providers
     */
    static CbcRecordProtection sealing(byte[] sm4Key, byte[] macKey, SecureRandom random, Provider provider)
            throws TlcpAlertException {
        return new CbcRecordProtection(true, sm4Key, macKey, Objects.requireNonNull(random), provider);
    }

    /** Protection for the records one side receives; the keys are copied. */
    static CbcRecordProtection opening(byte[] sm4Key, byte[] macKey, Provider provider) throws TlcpAlertException {
        return new CbcRecordProtection(false, sm4Key, macKey, null, provider);
    }

    @Override
    public int sealedLength(int plaintextLength) {
        if (plaintextLength < 0 || plaintextLength > MAX_PLAINTEXT) {
            throw new IllegalArgumentException("a record carries 0 to 2^14 bytes, not " + plaintextLength);
        }
        // content, MAC and padding_length, rounded up to whole blocks; plus the IV
        return IV_LENGTH + (plaintextLength + MAC_LENGTH + 1 + BLOCK - 1) / BLOCK * BLOCK;
    }

    @Override
    public int seal(int contentType, byte[] plaintext, int off, int len, byte[] out, int outOff)
            throws TlcpAlertException {
        checkUsable(true, contentType);
        Objects.checkFromIndexSize(off, len, plaintext.length);
        int sealed = sealedLength(len);
        Objects.checkFromIndexSize(outOff, sealed, out.length);
        // copied before anything is written, so that plaintext and out may overlap
        System.arraycopy(plaintext, off, body, 0, len);
        int bodyLength = sealed - IV_LENGTH;
        try {
            writeHeader(header, contentType, len);
            mac.update(header);
            mac.update(body, 0, len);
            mac.doFinal(body, len);
            Arrays.fill(body, len + MAC_LENGTH, bodyLength, (byte) (bodyLength - len - MAC_LENGTH - 1));
            random.nextBytes(iv);
            cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
            System.arraycopy(iv, 0, out, outOff, IV_LENGTH);
            if (cipher.doFinal(body, 0, bodyLength, out, outOff + IV_LENGTH) != bodyLength) {
                throw new GeneralSecurityException("SM4-CBC wrote an unexpected length");
            }
        } catch (GeneralSecurityException e) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "SM4-CBC or HMAC-SM3 failed", e);
        }
        advance();
        return sealed;
    }

    /** Whether {@link #sealAll} seals several records side by side (the provider takes the spec). */
    boolean sealsSideBySide() {
        return messagesCipher != null;
    }

    /**
     * Seals the records side by side when there are several and the provider can (see the class
     * comment). The bodies (content ‖ MAC ‖ padding) are first laid out back to back at the end
     * of the records' space, encrypted there in place in one call, then each moved down behind its
     * header gap and IV: the space ends where the bodies end, and body i (from 0) moves down by
     * (count − 1 − i) · (gap + IV) bytes, so that no move overwrites a body still to be moved.
     */
    @Override
    public int sealAll(int contentType, byte[] plaintext, int off, int[] lengths, int count, byte[] out, int outOff, int gap)
            throws TlcpAlertException {
        if (count < 2 || messagesCipher == null) {
            return RecordProtection.sealOneByOne(this, contentType, plaintext, off, lengths, count, out, outOff, gap);
        }
        int[] bodyLengths = new int[count];
        long plaintextTotal = 0;
        long total = 0;
        for (int i = 0; i < count; i++) {
            bodyLengths[i] = sealedLength(lengths[i]) - IV_LENGTH;
            plaintextTotal += lengths[i];
            total += gap + IV_LENGTH + bodyLengths[i];
        }
        Objects.checkFromIndexSize(off, (int) plaintextTotal, plaintext.length);
        Objects.checkFromIndexSize(outOff, (int) total, out.length);
        int bodiesAt = outOff + count * (gap + IV_LENGTH);
        byte[] ivs = new byte[count * IV_LENGTH];
        try {
            int at = bodiesAt;
            for (int i = 0; i < count; i++) {
                checkUsable(true, contentType);
                int len = lengths[i];
                System.arraycopy(plaintext, off, out, at, len);
                writeHeader(header, contentType, len);
                mac.update(header);
                mac.update(out, at, len);
                mac.doFinal(out, at + len);
                Arrays.fill(out, at + len + MAC_LENGTH, at + bodyLengths[i], (byte) (bodyLengths[i] - len - MAC_LENGTH - 1));
                advance();
                off += len;
                at += bodyLengths[i];
            }
            random.nextBytes(ivs);
            messagesCipher.init(Cipher.ENCRYPT_MODE, key, new Sm4CbcMessagesParameterSpec(ivs, bodyLengths));
            int bodies = at - bodiesAt;
            if (messagesCipher.doFinal(out, bodiesAt, bodies, out, bodiesAt) != bodies) {
                throw new GeneralSecurityException("SM4-CBC wrote an unexpected length");
            }
        } catch (GeneralSecurityException e) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "SM4-CBC or HMAC-SM3 failed", e);
        }
        int from = bodiesAt;
        int to = outOff;
        for (int i = 0; i < count; i++) {
            to += gap;
            System.arraycopy(ivs, i * IV_LENGTH, out, to, IV_LENGTH);
            to += IV_LENGTH;
            System.arraycopy(out, from, out, to, bodyLengths[i]);
            to += bodyLengths[i];
            from += bodyLengths[i];
        }
        return to - outOff;
    }

    @Override
    public int open(int contentType, byte[] fragment, int off, int len, byte[] out, int outOff)
            throws TlcpAlertException {
        checkUsable(false, contentType);
        Objects.checkFromIndexSize(off, len, fragment.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        if (len > MAX_FRAGMENT) {
            throw new TlcpAlertException(TlcpAlert.RECORD_OVERFLOW, "a protected record of " + len + " bytes");
        }
        // the fragment's length is public: these checks leak nothing
        if (len < MIN_FRAGMENT || len % BLOCK != 0) {
            throw new TlcpAlertException(TlcpAlert.BAD_RECORD_MAC, BAD_RECORD);
        }
        int bodyLength = len - IV_LENGTH;
        try {
            cipher.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(fragment, off, IV_LENGTH));
            if (cipher.doFinal(fragment, off + IV_LENGTH, bodyLength, body, 0) != bodyLength) {
                throw new GeneralSecurityException("SM4-CBC wrote an unexpected length");
            }
        } catch (GeneralSecurityException e) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "SM4-CBC failed", e);
        }
        int contentLength = openBody(contentType, bodyLength);
        if (contentLength < 0) {
            throw new TlcpAlertException(TlcpAlert.BAD_RECORD_MAC, BAD_RECORD);
        }
        if (contentLength > MAX_PLAINTEXT) {
            throw new TlcpAlertException(TlcpAlert.RECORD_OVERFLOW, "a record of " + contentLength + " bytes of plaintext");
        }
        System.arraycopy(body, 0, out, outOff, contentLength);
        advance();
        return contentLength;
    }

    /**
     * Checks the decrypted body in constant time: the content length if padding and MAC are
     * good, else -1 (the one branch, on the outcome).
     */
    private int openBody(int contentType, int n) throws TlcpAlertException {
        int padding = body[n - 1] & 0xff;
        // all ones when padding_length, its padding and the MAC fit in the body
        int good = ~((n - MAC_LENGTH - 1 - padding) >> 31);
        // padding_length + 1 <= 256 bytes end the body; which of them are padding is secret
        int toCheck = Math.min(256, n);
        for (int i = 1; i < toCheck; i++) {
            int inPadding = (i - padding - 1) >> 31;          // all ones when i <= padding
            int differs = ~((((body[n - 1 - i] & 0xff) ^ padding) - 1) >> 31); // all ones when the byte differs
            good &= ~(inPadding & differs);
        }
        padding &= good; // a bad padding is taken as none, and the MAC check goes on as usual
        int maxContent = n - MAC_LENGTH - 1;
        int content = maxContent - padding;

        // the received MAC starts at content, somewhere in [maxContent - 255, maxContent]
        Arrays.fill(received, (byte) 0);
        for (int start = Math.max(0, maxContent - 255); start <= maxContent; start++) {
            int here = ((start ^ content) - 1) >> 31;          // all ones when start == content
            for (int j = 0; j < MAC_LENGTH; j++) {
                received[j] |= (byte) (body[start + j] & here);
            }
        }

        try {
            writeHeader(header, contentType, content);
            mac.update(header);
            mac.update(body, 0, content);
            mac.doFinal(computed, 0);
            // SM3 pads an m-byte message with 0x80, zeros and a 64-bit length (at least 9 bytes)
            // to whole 64-byte blocks, so hashing it calls the compression function
            // floor((m + 9 + 63) / 64) = (m + 72) >>> 6 times. The inner hash of the HMAC above
            // hashed the 13-byte header and the content; it fell short of the longest content by
            // `missing` compressions. A second HMAC over 64 * missing dummy bytes costs
            // ((64 * missing + 72) >>> 6) = missing + 1 inner compressions, plus the same fixed
            // number (key pads, outer hash) as any HMAC: the two together always cost what the
            // longest content would, plus a constant. The content length takes one of at most
            // 256 values, so missing is at most 4, which DUMMY holds.
            int missing = ((HEADER_LENGTH + maxContent + 72) >>> 6) - ((HEADER_LENGTH + content + 72) >>> 6);
            mac.update(DUMMY, 0, missing * HASH_BLOCK);
            mac.doFinal(sink, 0);
        } catch (GeneralSecurityException e) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "HMAC-SM3 failed", e);
        }
        boolean macGood = MessageDigest.isEqual(computed, received);
        return macGood & (good == -1) ? content : -1;
    }

    @Override
    public void destroy() {
        if (!markDestroyed()) {
            return;
        }
        key.destroy();
        macKey.destroy();
        Arrays.fill(body, (byte) 0);
        Arrays.fill(computed, (byte) 0);
        Arrays.fill(received, (byte) 0);
        // the JCA has no destroy for a Mac or a Cipher: re-keying with zeros drops their copies
        // (each on its own: one that fails leaves the others to do)
        byte[] zeros = new byte[MAC_LENGTH];
        bestEffort(() -> mac.init(new RecordKey(zeros, 0, MAC_LENGTH, TlcpPrf.HMAC_SM3)));
        bestEffort(() -> cipher.init(Cipher.DECRYPT_MODE, new RecordKey(zeros, 0, TlcpSuite.KEY_LENGTH, "SM4"),
                new IvParameterSpec(zeros, 0, IV_LENGTH)));
        if (messagesCipher != null) {
            bestEffort(() -> messagesCipher.init(Cipher.ENCRYPT_MODE, new RecordKey(zeros, 0, TlcpSuite.KEY_LENGTH, "SM4"),
                    new IvParameterSpec(zeros, 0, IV_LENGTH)));
        }
    }

    /** A re-keying that wipes what it can. */
    @FunctionalInterface
    private interface Rekeying {
        void run() throws GeneralSecurityException;
    }

    /** Runs a re-keying, ignoring its failure: the objects are unreachable from here on. */
    private static void bestEffort(Rekeying rekeying) {
        try {
            rekeying.run();
        } catch (GeneralSecurityException | RuntimeException e) {
            // nothing more to do
        }
    }
}
