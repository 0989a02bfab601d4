package org.shangmi.tls.tlcp;

import java.security.Provider;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * The record protection a key block gives (GB/T 38636-2020 section 6.5, laid out as TLS 1.1/1.2
 * do): for the CBC suites client_write_MAC_key, server_write_MAC_key (32 bytes each), then
 * client_write_key, server_write_key (16 each); for the GCM suites the two keys, then
 * client_write_IV, server_write_IV (4 each). A side seals with its own write keys and opens
 * with its peer's. The slices copied out of the key block are wiped; the key block is the
 * caller's to wipe.
 */
final class TlcpKeys {

    private TlcpKeys() {
    }

    /** The protection of the records {@code self} sends. */
    static RecordProtection sealing(TlcpSuite suite, byte[] keyBlock, Side self, SecureRandom random)
            throws TlcpAlertException {
        return sealing(suite, keyBlock, self, random, null);
    }

    /**
     * The protection of the records this side sends.
     *
     * @param provider the provider of SM4 and HMAC-SM3, or null for the installed providers
     */
    static RecordProtection sealing(TlcpSuite suite, byte[] keyBlock, Side self, SecureRandom random,
            Provider provider) throws TlcpAlertException {
        Objects.requireNonNull(random);
        return make(suite, keyBlock, self, true, random, provider);
    }

    /** The protection of the records this side receives: the peer's write keys. */
    static RecordProtection opening(TlcpSuite suite, byte[] keyBlock, Side self) throws TlcpAlertException {
        return opening(suite, keyBlock, self, null);
    }

    /** The protection of the records this side receives, with SM4 and HMAC-SM3 from {@code provider} (or null). */
    static RecordProtection opening(TlcpSuite suite, byte[] keyBlock, Side self, Provider provider)
            throws TlcpAlertException {
        return make(suite, keyBlock, self, false, null, provider);
    }

    private static RecordProtection make(TlcpSuite suite, byte[] keyBlock, Side self, boolean seal,
            SecureRandom random, Provider provider) throws TlcpAlertException {
        if (keyBlock.length != suite.keyBlockLength()) {
            throw new IllegalArgumentException(suite + " takes a key block of " + suite.keyBlockLength()
                    + " bytes, not " + keyBlock.length);
        }
        // sealing uses this side's keys, opening the peer's: the client's when exactly one holds
        boolean clientKeys = (self == Side.CLIENT) == seal;
        int k = TlcpSuite.KEY_LENGTH;
        if (suite.aead()) {
            int iv = TlcpSuite.FIXED_IV_LENGTH;
            byte[] key = slice(keyBlock, clientKeys ? 0 : k, k);
            byte[] fixedIv = slice(keyBlock, 2 * k + (clientKeys ? 0 : iv), iv);
            try {
                return seal ? GcmRecordProtection.sealing(key, fixedIv, provider)
                        : GcmRecordProtection.opening(key, fixedIv, provider);
            } finally {
                Arrays.fill(key, (byte) 0);
                Arrays.fill(fixedIv, (byte) 0);
            }
        }
        int m = TlcpSuite.MAC_LENGTH;
        byte[] macKey = slice(keyBlock, clientKeys ? 0 : m, m);
        byte[] key = slice(keyBlock, 2 * m + (clientKeys ? 0 : k), k);
        try {
            return seal ? CbcRecordProtection.sealing(key, macKey, random, provider)
                    : CbcRecordProtection.opening(key, macKey, provider);
        } finally {
            Arrays.fill(macKey, (byte) 0);
            Arrays.fill(key, (byte) 0);
        }
    }

    private static byte[] slice(byte[] block, int off, int len) {
        return Arrays.copyOfRange(block, off, off + len);
    }
}
