package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.shangmi.tls.tlcp.RecordReference.hex;
import static org.shangmi.tls.tlcp.RecordReference.pattern;

import java.security.SecureRandom;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class GcmRecordProtectionTest extends WithShangMi {

    private static final TlcpSuite SUITE = TlcpSuite.TLCP_ECDHE_SM4_GCM_SM3;
    private static final byte[] KEY_BLOCK = RecordReference.keyBlock(SUITE);
    /** The client's write key and IV: keys first (16 each), then IVs (4 each). */
    private static final byte[] CLIENT_KEY = Arrays.copyOfRange(KEY_BLOCK, 0, 16);
    private static final byte[] CLIENT_IV = Arrays.copyOfRange(KEY_BLOCK, 32, 36);

    /*
     * Records sealed by GmSSL 3 (commit 24ae4827) with tls_gcm_encrypt under the client write key
     * and IV of RecordReference.GMSSL_KEY_BLOCK, sequence number 1, header 23 01 01 length,
     * content[i] = i. GCM is deterministic, so these check sealing byte for byte.
     */
    private static final String[][] GMSSL_RECORDS = {
        {"0", "00000000000000012c66cf7a6135f12f772b8c20f66a6e0b"},
        {"1", "0000000000000001605556a4da4473bef734944fc74c279608"},
        {"37", "0000000000000001607fb0b68f7061d5e510dfc02760711ba6495c620c2bedabf527ba3f53f6cfef505bb631bf7f0317b44f437b17eb191b36d3313d33"},
        {"100", "0000000000000001607fb0b68f7061d5e510dfc02760711ba6495c620c2bedabf527ba3f53f6cfef505bb631bf9488160d5dd025b54d2c9e4b5a4d230856a9464300920061f91b907c72a7b949e91a386850682a14b603716b706aa36cbc036ceb02cc5b04da0d3f647422b809a814fe7dbaf58bfebf4f77f7bea9f1"},
    };

    private static GcmRecordProtection sealer() throws TlcpAlertException {
        return (GcmRecordProtection) TlcpKeys.sealing(SUITE, KEY_BLOCK, Side.CLIENT, new SecureRandom());
    }

    private static GcmRecordProtection opener() throws TlcpAlertException {
        return (GcmRecordProtection) TlcpKeys.opening(SUITE, KEY_BLOCK, Side.SERVER);
    }

    @Test
    void roundTripsEveryLengthInPlaceAndNot() throws Exception {
        GcmRecordProtection sealer = sealer();
        GcmRecordProtection opener = opener();
        int[] types = {20, 21, 22, 23};
        int records = 0;
        for (int len = 0; len <= 301; len++) {
            int l = len == 301 ? RecordProtection.MAX_PLAINTEXT : len;
            int type = types[l % types.length];
            byte[] content = pattern(l, 3 * l);
            int sealedLength = 8 + l + 16;
            assertEquals(sealedLength, sealer.sealedLength(l));
            byte[] fragment = new byte[2 + sealedLength];
            int sealed;
            switch (l % 3) {
                case 0 -> sealed = sealer.seal(type, content, 0, l, fragment, 2);
                case 1 -> { // in place, the plaintext where the ciphertext goes
                    System.arraycopy(content, 0, fragment, 10, l);
                    sealed = sealer.seal(type, fragment, 10, l, fragment, 2);
                }
                default -> { // in place, the plaintext where the explicit nonce goes
                    System.arraycopy(content, 0, fragment, 2, l);
                    sealed = sealer.seal(type, fragment, 2, l, fragment, 2);
                }
            }
            assertEquals(sealedLength, sealed);
            byte[] nonce = Arrays.copyOfRange(fragment, 2, 10);
            assertArrayEquals(Arrays.copyOf(RecordReference.macHeader(records, 0, 0), 8), nonce, "nonce_explicit = seq_num");
            int opened;
            if (l % 2 == 0) {
                opened = opener.open(type, fragment, 2, sealed, fragment, 2);
                assertArrayEquals(content, Arrays.copyOfRange(fragment, 2, 2 + opened));
            } else {
                byte[] out = new byte[sealed];
                opened = opener.open(type, fragment, 2, sealed, out, 0);
                assertArrayEquals(content, Arrays.copyOf(out, opened));
            }
            records++;
            assertEquals(records, sealer.sequenceNumber());
            assertEquals(records, opener.sequenceNumber());
        }
    }

    @Test
    void sealsWhatBouncyCastleBuilds() throws Exception {
        for (long seq : new long[] {0, 7, 0x0102030405060708L}) {
            for (int len : new int[] {0, 1, 15, 16, 17, 37, 100}) {
                // a new object for each record: the JCA refuses to reuse one key and nonce
                GcmRecordProtection sealer = sealer();
                sealer.setSequenceNumber(seq);
                byte[] content = pattern(len, 0x30);
                byte[] expected = RecordReference.gcmRecord(CLIENT_KEY, CLIENT_IV, seq, 22, content);
                byte[] out = new byte[expected.length];
                assertEquals(expected.length, sealer.seal(22, content, 0, len, out, 0));
                assertArrayEquals(expected, out, "seq " + seq + ", length " + len);
            }
        }
    }

    @Test
    void sealsAndOpensWhatGmsslSeals() throws Exception {
        GcmRecordProtection opener = opener();
        for (String[] record : GMSSL_RECORDS) {
            int len = Integer.parseInt(record[0]);
            byte[] expected = hex(record[1]);
            GcmRecordProtection sealer = sealer();
            sealer.setSequenceNumber(1);
            byte[] out = new byte[expected.length];
            assertEquals(expected.length, sealer.seal(23, pattern(len, 0), 0, len, out, 0));
            assertArrayEquals(expected, out, "length " + len);
            opener.setSequenceNumber(1);
            assertEquals(len, opener.open(23, expected, 0, expected.length, out, 0));
            assertArrayEquals(pattern(len, 0), Arrays.copyOf(out, len));
        }
    }

    @Test
    void everyTamperedByteIsTheSameBadRecordMac() throws Exception {
        byte[] fragment = new byte[8 + 37 + 16];
        sealer().seal(23, pattern(37, 1), 0, 37, fragment, 0);
        GcmRecordProtection opener = opener();
        String message = null;
        // explicit nonce (0-7), ciphertext, tag (the last 16)
        for (int i = 0; i < fragment.length; i++) {
            byte[] tampered = fragment.clone();
            tampered[i] ^= 0x20;
            TlcpAlertException e = assertThrows(TlcpAlertException.class,
                    () -> opener.open(23, tampered, 0, tampered.length, new byte[tampered.length], 0), "byte " + i);
            assertEquals(TlcpAlert.BAD_RECORD_MAC, e.description());
            if (message == null) {
                message = e.getMessage();
            }
            assertEquals(message, e.getMessage());
        }
        assertEquals(37, opener.open(23, fragment, 0, fragment.length, new byte[fragment.length], 0));
    }

    @Test
    void refusesWrongLengths() throws Exception {
        GcmRecordProtection opener = opener();
        for (int len : new int[] {0, 1, 8, 23}) {
            TlcpAlertException e = assertThrows(TlcpAlertException.class,
                    () -> opener.open(23, new byte[len], 0, len, new byte[len], 0), "length " + len);
            assertEquals(TlcpAlert.BAD_RECORD_MAC, e.description());
        }
        int tooLong = 8 + (1 << 14) + 1 + 16;
        TlcpAlertException e = assertThrows(TlcpAlertException.class,
                () -> opener.open(23, new byte[tooLong], 0, tooLong, new byte[tooLong], 0));
        assertEquals(TlcpAlert.RECORD_OVERFLOW, e.description());
        GcmRecordProtection sealer = sealer();
        assertThrows(IllegalArgumentException.class,
                () -> sealer.seal(23, new byte[(1 << 14) + 1], 0, (1 << 14) + 1, new byte[20000], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> sealer.seal(23, new byte[10], 0, 10, new byte[33], 0));
        assertThrows(IllegalArgumentException.class, () -> sealer.seal(256, new byte[10], 0, 10, new byte[34], 0));
    }

    @Test
    void recordsOutOfOrderOrOfAnotherTypeFail() throws Exception {
        GcmRecordProtection sealer = sealer();
        byte[] first = new byte[29];
        byte[] second = new byte[29];
        sealer.seal(23, new byte[5], 0, 5, first, 0);
        sealer.seal(23, new byte[5], 0, 5, second, 0);
        GcmRecordProtection opener = opener();
        assertEquals(TlcpAlert.BAD_RECORD_MAC, assertThrows(TlcpAlertException.class,
                () -> opener.open(23, second, 0, 29, new byte[29], 0)).description());
        assertEquals(TlcpAlert.BAD_RECORD_MAC, assertThrows(TlcpAlertException.class,
                () -> opener.open(22, first, 0, 29, new byte[29], 0)).description());
        assertEquals(5, opener.open(23, first, 0, 29, new byte[29], 0));
        assertEquals(5, opener.open(23, second, 0, 29, new byte[29], 0));
    }

    @Test
    void theSequenceNumberNeverWraps() throws Exception {
        GcmRecordProtection sealer = sealer();
        GcmRecordProtection opener = opener();
        sealer.setSequenceNumber(-2L);
        opener.setSequenceNumber(-2L);
        byte[] fragment = new byte[25];
        for (int i = 0; i < 2; i++) {
            sealer.seal(23, new byte[1], 0, 1, fragment, 0);
            opener.open(23, fragment, 0, 25, new byte[25], 0);
        }
        assertArrayEquals(hex("ffffffffffffffff"), Arrays.copyOf(fragment, 8));
        assertEquals(TlcpAlert.INTERNAL_ERROR, assertThrows(TlcpAlertException.class,
                () -> sealer.seal(23, new byte[1], 0, 1, fragment, 0)).description());
        assertEquals(TlcpAlert.INTERNAL_ERROR, assertThrows(TlcpAlertException.class,
                () -> opener.open(23, fragment, 0, 25, new byte[25], 0)).description());
    }

    @Test
    void oneDirectionAndNothingAfterDestroy() throws Exception {
        GcmRecordProtection sealer = sealer();
        GcmRecordProtection opener = opener();
        assertThrows(IllegalStateException.class, () -> sealer.open(23, new byte[25], 0, 25, new byte[25], 0));
        assertThrows(IllegalStateException.class, () -> opener.seal(23, new byte[1], 0, 1, new byte[25], 0));
        sealer.destroy();
        opener.destroy();
        assertThrows(IllegalStateException.class, () -> sealer.seal(23, new byte[1], 0, 1, new byte[25], 0));
        assertThrows(IllegalStateException.class, () -> opener.open(23, new byte[25], 0, 25, new byte[25], 0));
    }
}
