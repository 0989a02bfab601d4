package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.shangmi.tls.tlcp.RecordReference.pattern;

import java.security.Key;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.MacSpi;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Counts the SM3 compression-function calls behind the Mac while records of one fragment length
 * but different padding lengths (valid, invalid, with a bad MAC) are opened: the count must not
 * depend on the padding. The Mac is Bouncy Castle's HMac over an SM3Digest that counts its
 * blocks, offered by a test provider installed ahead of the others.
 */
class CbcRecordProtectionWorkTest {

    private static final TlcpSuite SUITE = TlcpSuite.TLCP_ECC_SM4_CBC_SM3;
    private static final byte[] KEY_BLOCK = RecordReference.keyBlock(SUITE);
    private static final byte[] CLIENT_MAC_KEY = Arrays.copyOfRange(KEY_BLOCK, 0, 32);
    private static final byte[] CLIENT_KEY = Arrays.copyOfRange(KEY_BLOCK, 64, 80);
    private static final byte[] IV = pattern(16, 0x55);
    /** 320 bytes of body: content of 32 to 287 bytes, as padding_length goes from 255 to 0. */
    private static final int BODY = 320;

    private static long blocks;
    private static boolean installed;

    /** SM3 that counts its compression-function calls. */
    private static final class CountingSm3 extends SM3Digest {
        @Override
        protected void processBlock() {
            blocks++;
            super.processBlock();
        }
    }

    /** Mac "HmacSM3" on Bouncy Castle's HMac over the counting SM3. */
    private static final class CountingMac extends MacSpi {
        private final HMac hmac = new HMac(new CountingSm3());

        @Override
        protected int engineGetMacLength() {
            return hmac.getMacSize();
        }

        @Override
        protected void engineInit(Key key, AlgorithmParameterSpec params) {
            hmac.init(new KeyParameter(key.getEncoded()));
        }

        @Override
        protected void engineUpdate(byte input) {
            hmac.update(input);
        }

        @Override
        protected void engineUpdate(byte[] input, int offset, int len) {
            hmac.update(input, offset, len);
        }

        @Override
        protected byte[] engineDoFinal() {
            byte[] out = new byte[hmac.getMacSize()];
            hmac.doFinal(out, 0);
            return out;
        }

        @Override
        protected void engineReset() {
            hmac.reset();
        }
    }

    private static final class CountingProvider extends Provider {
        private static final long serialVersionUID = 1L;

        CountingProvider() {
            super("CountingSm3", "1", "HMAC-SM3 that counts SM3 blocks (tests only)");
            putService(new Service(this, "Mac", "HmacSM3", CountingMac.class.getName(), null, null) {
                @Override
                public Object newInstance(Object parameter) {
                    return new CountingMac();
                }
            });
        }
    }

    @BeforeAll
    static void install() {
        installed = RecordReference.installShangMi();
        Security.insertProviderAt(new CountingProvider(), 1);
    }

    @AfterAll
    static void uninstall() {
        Security.removeProvider("CountingSm3");
        RecordReference.uninstallShangMi(installed);
    }

    private static byte[] body(int padLen) {
        return RecordReference.cbcBody(CLIENT_MAC_KEY, 0, 23, pattern(BODY - 33 - padLen, 0), padLen);
    }

    /** The blocks counted while a fresh opener opens this body, and whether it opened. */
    private static long count(byte[] body, boolean expectGood) throws Exception {
        byte[] fragment = RecordReference.cbcEncrypt(CLIENT_KEY, IV, body);
        CbcRecordProtection opener = (CbcRecordProtection) TlcpKeys.opening(SUITE, KEY_BLOCK, Side.SERVER);
        blocks = 0;
        if (expectGood) {
            assertEquals(BODY - 33 - (body[BODY - 1] & 0xff),
                    opener.open(23, fragment, 0, fragment.length, new byte[fragment.length], 0));
        } else {
            assertEquals(TlcpAlert.BAD_RECORD_MAC, assertThrows(TlcpAlertException.class,
                    () -> opener.open(23, fragment, 0, fragment.length, new byte[fragment.length], 0)).description());
        }
        return blocks;
    }

    @Test
    void theCompressionCountIgnoresThePadding() throws Exception {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int padLen : new int[] {0, 1, 15, 16, 17, 63, 64, 65, 100, 127, 128, 200, 254, 255}) {
            counts.put("padding " + padLen, count(body(padLen), true));
        }
        byte[] badPadding = body(200);
        badPadding[BODY - 100] ^= 1;
        counts.put("bad padding", count(badPadding, false));
        byte[] badMac = body(0);
        badMac[BODY - 10] ^= 1;
        counts.put("bad MAC, no padding", count(badMac, false));
        byte[] badLength = body(0);
        badLength[BODY - 1] = (byte) 0xfe; // padding_length 254 with one padding byte
        counts.put("bad padding_length", count(badLength, false));
        long first = counts.values().iterator().next();
        for (Map.Entry<String, Long> entry : counts.entrySet()) {
            assertEquals(first, entry.getValue(), entry.getKey() + " in " + counts);
        }
    }

    @Test
    void theCountingMacSeesTheContentLength() {
        // the check above could not fail if the counting Mac ignored its input: an HMAC over 45
        // bytes and one over 300 differ by four compressions
        HMac mac = new HMac(new CountingSm3());
        mac.init(new KeyParameter(CLIENT_MAC_KEY));
        byte[] out = new byte[32];
        blocks = 0;
        mac.update(new byte[45], 0, 45);
        mac.doFinal(out, 0);
        long shortCount = blocks;
        blocks = 0;
        mac.update(new byte[300], 0, 300);
        mac.doFinal(out, 0);
        assertNotEquals(shortCount, blocks);
        assertEquals(4, blocks - shortCount);
    }
}
