package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.shangmi.tls.tlcp.RecordReference.hex;
import static org.shangmi.tls.tlcp.RecordReference.pattern;

import java.security.Provider;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;

class CbcRecordProtectionTest extends WithShangMi {

    private static final TlcpSuite SUITE = TlcpSuite.TLCP_ECC_SM4_CBC_SM3;
    private static final byte[] KEY_BLOCK = RecordReference.keyBlock(SUITE);
    /** The client's write keys in the key block: MAC keys first, then SM4 keys. */
    private static final byte[] CLIENT_MAC_KEY = Arrays.copyOfRange(KEY_BLOCK, 0, 32);
    private static final byte[] CLIENT_KEY = Arrays.copyOfRange(KEY_BLOCK, 64, 80);
    private static final byte[] IV = hex("000102030405060708090a0b0c0d0e0f");
    private static final int APPLICATION_DATA = 23;

    /*
     * Records sealed by GmSSL 3 (commit 24ae4827) with tls_cbc_encrypt under the client write keys of
     * RecordReference.GMSSL_KEY_BLOCK, sequence number 1, header 23 01 01 length, content[i] = i:
     * its IVs are random, so these check opening (sealing is checked against Bouncy Castle).
     */
    private static final String[][] GMSSL_RECORDS = {
        {"0", "90622d9300dbf08842cb5af2ebfdeb0f818cc0a71eb5a91f1f6640e558b684cd2fc9ae745b78fbe7d19553778ace4f42733bddaec89fb91922905792d2e4f7da"},
        {"1", "3fe049fdbb3dac6c976ff6bb6ec3573ccadbeec68d718cc92d033f59a12c4d9c256b6f496b6efc31c7feb07993aa606f3821f0e70f637e9cdc8f01fa0a39a785"},
        {"15", "68cd878d64912bde38cbaf4e5613c3565353e5741eb4343dbbe1cbec44a4cfa0caa5706aece16b125b6ceed452f58de8b31384c2b2a61a1a4237b07f03dd75a3"},
        {"16", "c08dad405fecdedcd26d99a5cca7870644c84b107f85bc8a0b33bd1a40d091f6f3bf990e9d248e846c9befee5720098c945d25ab0f2c263f70b6e252f90082f0597d594810cba0539c8c4668cc12c10a"},
        {"17", "a60a7dbeb656215e745a78cf0116490aa9c5d01c6e884bcd5e1557109b84a037d18a888c89d51b931d4ea5e2fd561689eb37d05ba500f983e681a57051bfcc154f8431db20cb160c90e9b832cb30eb14"},
        {"100", "b7741912bf014a32bd51221ac5c9cc878cfdec0f282361c5b581a47a20edfa82fe180e904ef4df202599a6af772a74ea87c86cc321a8e112a1235ccdf051479f63605fcb528c9aadea0a88f5428e812a7ab59629bea52ffaeb3db861cec4e0e0753c5a1f033c3a50886463dfd2b140bf57bc567836afe3d66bd568f70f14a4e98850125d1fa6f48ccd57302eadde03937c1cbedef4c11951d2a56a404bef080a"},
    };

    private static CbcRecordProtection sealer(SecureRandom random) throws TlcpAlertException {
        return (CbcRecordProtection) TlcpKeys.sealing(SUITE, KEY_BLOCK, Side.CLIENT, random);
    }

    private static CbcRecordProtection opener() throws TlcpAlertException {
        return (CbcRecordProtection) TlcpKeys.opening(SUITE, KEY_BLOCK, Side.SERVER);
    }

    /** The smallest multiple of 16 that holds content, MAC and padding_length, plus the IV. */
    private static int expectedSealedLength(int len) {
        int body = 16;
        while (body < len + 33) {
            body += 16;
        }
        return 16 + body;
    }

    @Test
    void roundTripsEveryLengthInPlaceAndNot() throws Exception {
        CbcRecordProtection sealer = sealer(new SecureRandom());
        CbcRecordProtection opener = opener();
        int[] types = {20, 21, 22, 23};
        int records = 0;
        for (int len = 0; len <= 301; len++) {
            int l = len == 301 ? RecordProtection.MAX_PLAINTEXT : len;
            int type = types[l % types.length];
            byte[] content = pattern(l, l);
            byte[] fragment = new byte[3 + expectedSealedLength(l) + 5];
            int sealed = sealer.seal(type, content, 0, l, fragment, 3);
            assertEquals(expectedSealedLength(l), sealed);
            assertEquals(sealed, sealer.sealedLength(l));
            int opened;
            byte[] out;
            if (l % 2 == 0) {
                out = fragment;
                opened = opener.open(type, fragment, 3, sealed, fragment, 3);
                assertArrayEquals(content, Arrays.copyOfRange(out, 3, 3 + opened));
            } else {
                out = new byte[sealed + 1];
                opened = opener.open(type, fragment, 3, sealed, out, 1);
                assertArrayEquals(content, Arrays.copyOfRange(out, 1, 1 + opened));
            }
            records++;
            assertEquals(records, sealer.sequenceNumber());
            assertEquals(records, opener.sequenceNumber());
        }
    }

    @Test
    void sealsWhatBouncyCastleBuilds() throws Exception {
        CbcRecordProtection sealer = sealer(RecordReference.fixedRandom(IV));
        for (long seq : new long[] {0, 7, 0x0102030405060708L}) {
            sealer.setSequenceNumber(seq);
            for (int len : new int[] {0, 1, 15, 16, 17, 37, 100}) {
                byte[] content = pattern(len, 0x30);
                int padLen = expectedSealedLength(len) - 16 - len - 33;
                byte[] expected = RecordReference.cbcRecord(CLIENT_KEY, CLIENT_MAC_KEY, IV, seq, 22, content, padLen);
                byte[] out = new byte[expected.length];
                assertEquals(expected.length, sealer.seal(22, content, 0, len, out, 0));
                assertArrayEquals(expected, out, "seq " + seq + ", length " + len);
                sealer.setSequenceNumber(seq);
            }
        }
    }

    /**
     * Several records sealed at once (side by side through the ShangMi provider's
     * Sm4CbcMessagesParameterSpec, or one by one through Bouncy Castle's provider, which has no
     * such spec): each is the record Bouncy Castle's engines build for its IV, sequence number
     * and content, behind a gap of five bytes; every one opens.
     */
    @Test
    void sealsSeveralRecordsAtOnceAsBouncyCastleBuildsEach() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (Provider provider : new Provider[] {null, new BouncyCastleProvider()}) {
            for (int count : new int[] {1, 2, 5, 16, 17}) {
                byte[] stream = new byte[16 * count];
                random.nextBytes(stream);
                CbcRecordProtection sealer = (CbcRecordProtection) TlcpKeys.sealing(SUITE, KEY_BLOCK, Side.CLIENT,
                        streamRandom(stream), provider);
                long firstSequence = random.nextInt(1000);
                sealer.setSequenceNumber(firstSequence);
                assertEquals(provider == null, sealer.sealsSideBySide(), "ShangMi's Cipher takes the spec, Bouncy Castle's not");
                int[] lengths = new int[count];
                for (int i = 0; i < count; i++) {
                    int pick = random.nextInt(4);
                    lengths[i] = pick == 0 ? 0 : pick == 1 ? RecordProtection.MAX_PLAINTEXT : random.nextInt(3000);
                }
                byte[] plaintext = new byte[3 + Arrays.stream(lengths).sum()];
                random.nextBytes(plaintext);
                int total = 0;
                for (int length : lengths) {
                    total += 5 + sealer.sealedLength(length);
                }
                byte[] out = new byte[7 + total];
                String where = provider + ", " + count + " records, seed " + seed;
                assertEquals(total, sealer.sealAll(23, plaintext, 3, lengths, count, out, 7, 5), where);
                assertEquals(firstSequence + count, sealer.sequenceNumber(), where);
                CbcRecordProtection opener = opener();
                opener.setSequenceNumber(firstSequence);
                for (int i = 0, at = 7, from = 3; i < count; i++) {
                    byte[] content = Arrays.copyOfRange(plaintext, from, from + lengths[i]);
                    int padLen = expectedSealedLength(lengths[i]) - 16 - lengths[i] - 33;
                    byte[] expected = RecordReference.cbcRecord(CLIENT_KEY, CLIENT_MAC_KEY, Arrays.copyOfRange(stream, 16 * i, 16 * i + 16),
                            firstSequence + i, 23, content, padLen);
                    at += 5;
                    assertArrayEquals(expected, Arrays.copyOfRange(out, at, at + expected.length), "record " + i + ", " + where);
                    byte[] opened = new byte[expected.length];
                    int length = opener.open(23, out, at, expected.length, opened, 0);
                    assertArrayEquals(content, Arrays.copyOf(opened, length), "record " + i + " opened, " + where);
                    at += expected.length;
                    from += lengths[i];
                }
            }
        }
    }

    /** A source of "random" bytes that hands out {@code stream} in order, however the requests are cut. */
    private static SecureRandom streamRandom(byte[] stream) {
        return new SecureRandom() {
            private static final long serialVersionUID = 1L;
            private int position;

            @Override
            public void nextBytes(byte[] out) {
                for (int i = 0; i < out.length; i++) {
                    out[i] = stream[position++ % stream.length];
                }
            }
        };
    }

    @Test
    void opensWhatGmsslSeals() throws Exception {
        CbcRecordProtection opener = opener();
        for (String[] record : GMSSL_RECORDS) {
            int len = Integer.parseInt(record[0]);
            byte[] fragment = hex(record[1]);
            opener.setSequenceNumber(1);
            byte[] out = new byte[fragment.length];
            assertEquals(len, opener.open(APPLICATION_DATA, fragment, 0, fragment.length, out, 0));
            assertArrayEquals(pattern(len, 0), Arrays.copyOf(out, len));
        }
    }

    @Test
    void opensEveryPaddingLength() throws Exception {
        CbcRecordProtection opener = opener();
        byte[] content = pattern(10, 1);
        int opened = 0;
        for (int padLen = 0; padLen <= 255; padLen++) {
            if ((content.length + 33 + padLen) % 16 != 0) {
                continue;
            }
            byte[] fragment = RecordReference.cbcRecord(CLIENT_KEY, CLIENT_MAC_KEY, IV, opened, 23, content, padLen);
            byte[] out = new byte[fragment.length];
            assertEquals(10, opener.open(23, fragment, 0, fragment.length, out, 0), "padding " + padLen);
            assertArrayEquals(content, Arrays.copyOf(out, 10));
            opened++;
        }
        assertEquals(16, opened);
    }

    @Test
    void everyTamperedByteIsTheSameBadRecordMac() throws Exception {
        byte[] content = pattern(37, 9);
        byte[] fragment = new byte[expectedSealedLength(37)];
        sealer(new SecureRandom()).seal(23, content, 0, 37, fragment, 0);
        CbcRecordProtection opener = opener();
        String message = null;
        // IV (0-15), content, MAC, padding and padding_length (the last byte)
        for (int i = 0; i < fragment.length; i++) {
            for (int bit : new int[] {0x01, 0x80}) {
                byte[] tampered = fragment.clone();
                tampered[i] ^= (byte) bit;
                TlcpAlertException e = assertThrows(TlcpAlertException.class,
                        () -> opener.open(23, tampered, 0, tampered.length, new byte[tampered.length], 0), "byte " + i);
                assertEquals(TlcpAlert.BAD_RECORD_MAC, e.description());
                if (message == null) {
                    message = e.getMessage();
                }
                assertEquals(message, e.getMessage());
            }
        }
        assertEquals(0, opener.sequenceNumber());
        byte[] out = new byte[fragment.length];
        assertEquals(37, opener.open(23, fragment, 0, fragment.length, out, 0));
    }

    @Test
    void badPaddingAndBadMacLookAlike() throws Exception {
        byte[] content = pattern(20, 3);
        // 20 + 32 + 11 + 1 = 64 bytes: whole blocks
        byte[] badPadding = RecordReference.cbcBody(CLIENT_MAC_KEY, 0, 23, content, 11);
        badPadding[badPadding.length - 5] ^= 1; // one padding byte differs from padding_length
        byte[] badMac = RecordReference.cbcBody(CLIENT_MAC_KEY, 0, 23, content, 11);
        badMac[25] ^= 1; // inside the MAC
        byte[] tooLong = RecordReference.cbcBody(CLIENT_MAC_KEY, 0, 23, content, 11);
        Arrays.fill(tooLong, 0, tooLong.length, (byte) 40); // padding_length 40 > 64 - 33
        String message = null;
        for (byte[] body : new byte[][] {badPadding, badMac, tooLong}) {
            byte[] fragment = RecordReference.cbcEncrypt(CLIENT_KEY, IV, body);
            TlcpAlertException e = assertThrows(TlcpAlertException.class,
                    () -> opener().open(23, fragment, 0, fragment.length, new byte[fragment.length], 0));
            assertEquals(TlcpAlert.BAD_RECORD_MAC, e.description());
            if (message == null) {
                message = e.getMessage();
            }
            assertEquals(message, e.getMessage());
        }
    }

    @Test
    void refusesWrongLengths() throws Exception {
        CbcRecordProtection opener = opener();
        // below IV + 3 blocks, or not whole blocks: bad_record_mac
        for (int len : new int[] {0, 15, 16, 32, 48, 63, 65, 79, 81}) {
            TlcpAlertException e = assertThrows(TlcpAlertException.class,
                    () -> opener.open(23, new byte[len], 0, len, new byte[len], 0), "length " + len);
            assertEquals(TlcpAlert.BAD_RECORD_MAC, e.description(), "length " + len);
        }
        // above 2^14 + 2048 (RFC 4346 section 6.2.3): record_overflow
        int tooLong = (1 << 14) + 2048 + 16;
        TlcpAlertException e = assertThrows(TlcpAlertException.class,
                () -> opener.open(23, new byte[tooLong], 0, tooLong, new byte[tooLong], 0));
        assertEquals(TlcpAlert.RECORD_OVERFLOW, e.description());
        // a record that authenticates but carries more than 2^14 bytes: record_overflow
        byte[] content = pattern((1 << 14) + 16, 0);
        byte[] fragment = RecordReference.cbcRecord(CLIENT_KEY, CLIENT_MAC_KEY, IV, 0, 23, content, 15);
        e = assertThrows(TlcpAlertException.class,
                () -> opener.open(23, fragment, 0, fragment.length, new byte[fragment.length], 0));
        assertEquals(TlcpAlert.RECORD_OVERFLOW, e.description());
        // sealing more than 2^14 is the caller's error
        CbcRecordProtection sealer = sealer(new SecureRandom());
        assertThrows(IllegalArgumentException.class,
                () -> sealer.seal(23, new byte[(1 << 14) + 1], 0, (1 << 14) + 1, new byte[20000], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> sealer.seal(23, new byte[10], 5, 10, new byte[100], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> sealer.seal(23, new byte[10], 0, 10, new byte[63], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> opener.open(23, new byte[64], 0, 64, new byte[63], 0));
    }

    @Test
    void recordsOutOfOrderOrOfAnotherTypeFail() throws Exception {
        CbcRecordProtection sealer = sealer(new SecureRandom());
        byte[] first = new byte[64];
        byte[] second = new byte[64];
        sealer.seal(23, new byte[5], 0, 5, first, 0);
        sealer.seal(23, new byte[5], 0, 5, second, 0);
        CbcRecordProtection opener = opener();
        assertEquals(TlcpAlert.BAD_RECORD_MAC, assertThrows(TlcpAlertException.class,
                () -> opener.open(23, second, 0, 64, new byte[64], 0)).description());
        assertEquals(TlcpAlert.BAD_RECORD_MAC, assertThrows(TlcpAlertException.class,
                () -> opener.open(21, first, 0, 64, new byte[64], 0)).description());
        assertEquals(5, opener.open(23, first, 0, 64, new byte[64], 0));
        assertEquals(5, opener.open(23, second, 0, 64, new byte[64], 0));
    }

    @Test
    void theSequenceNumberNeverWraps() throws Exception {
        CbcRecordProtection sealer = sealer(new SecureRandom());
        CbcRecordProtection opener = opener();
        sealer.setSequenceNumber(-2L);
        opener.setSequenceNumber(-2L);
        byte[] fragment = new byte[64];
        for (int i = 0; i < 2; i++) {
            sealer.seal(23, new byte[1], 0, 1, fragment, 0);
            opener.open(23, fragment, 0, 64, new byte[64], 0);
        }
        TlcpAlertException e = assertThrows(TlcpAlertException.class,
                () -> sealer.seal(23, new byte[1], 0, 1, fragment, 0));
        assertEquals(TlcpAlert.INTERNAL_ERROR, e.description());
        e = assertThrows(TlcpAlertException.class, () -> opener.open(23, fragment, 0, 64, new byte[64], 0));
        assertEquals(TlcpAlert.INTERNAL_ERROR, e.description());
    }

    @Test
    void oneDirectionAndNothingAfterDestroy() throws Exception {
        CbcRecordProtection sealer = sealer(new SecureRandom());
        CbcRecordProtection opener = opener();
        assertThrows(IllegalStateException.class, () -> sealer.open(23, new byte[64], 0, 64, new byte[64], 0));
        assertThrows(IllegalStateException.class, () -> opener.seal(23, new byte[1], 0, 1, new byte[64], 0));
        sealer.destroy();
        opener.destroy();
        assertThrows(IllegalStateException.class, () -> sealer.seal(23, new byte[1], 0, 1, new byte[64], 0));
        assertThrows(IllegalStateException.class, () -> opener.open(23, new byte[64], 0, 64, new byte[64], 0));
    }
}
