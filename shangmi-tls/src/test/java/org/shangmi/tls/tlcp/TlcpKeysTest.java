package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.shangmi.tls.tlcp.RecordReference.pattern;

import java.security.SecureRandom;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TlcpKeysTest extends WithShangMi {

    @ParameterizedTest
    @EnumSource(TlcpSuite.class)
    void eachSideOpensWhatThePeerSealsAndNotItsOwn(TlcpSuite suite) throws Exception {
        byte[] keyBlock = RecordReference.keyBlock(suite);
        SecureRandom random = new SecureRandom();
        for (Side side : Side.values()) {
            RecordProtection sealer = TlcpKeys.sealing(suite, keyBlock, side, random);
            RecordProtection peer = TlcpKeys.opening(suite, keyBlock, side.peer());
            RecordProtection self = TlcpKeys.opening(suite, keyBlock, side);
            byte[] content = pattern(50, 7);
            byte[] fragment = new byte[sealer.sealedLength(50)];
            int sealed = sealer.seal(23, content, 0, 50, fragment, 0);
            assertEquals(TlcpAlert.BAD_RECORD_MAC, assertThrows(TlcpAlertException.class,
                    () -> self.open(23, fragment, 0, sealed, new byte[sealed], 0)).description());
            byte[] out = new byte[sealed];
            assertEquals(50, peer.open(23, fragment, 0, sealed, out, 0));
            assertArrayEquals(content, Arrays.copyOf(out, 50));
        }
    }

    @Test
    void theClientSealsWithTheFirstKeysOfTheBlock() throws Exception {
        // CBC: client MAC key at 0, client SM4 key at 64; GCM: client key at 0, client IV at 32
        byte[] cbcBlock = RecordReference.keyBlock(TlcpSuite.TLCP_ECC_SM4_CBC_SM3);
        byte[] iv = pattern(16, 0xa0);
        RecordProtection cbc = TlcpKeys.sealing(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, cbcBlock, Side.CLIENT,
                RecordReference.fixedRandom(iv));
        byte[] content = pattern(3, 0);
        byte[] expected = RecordReference.cbcRecord(Arrays.copyOfRange(cbcBlock, 64, 80),
                Arrays.copyOfRange(cbcBlock, 0, 32), iv, 0, 23, content, 12);
        byte[] out = new byte[expected.length];
        cbc.seal(23, content, 0, 3, out, 0);
        assertArrayEquals(expected, out);

        byte[] gcmBlock = RecordReference.keyBlock(TlcpSuite.TLCP_ECC_SM4_GCM_SM3);
        RecordProtection gcm = TlcpKeys.sealing(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, gcmBlock, Side.SERVER, new SecureRandom());
        expected = RecordReference.gcmRecord(Arrays.copyOfRange(gcmBlock, 16, 32), Arrays.copyOfRange(gcmBlock, 36, 40),
                0, 23, content);
        out = new byte[expected.length];
        gcm.seal(23, content, 0, 3, out, 0);
        assertArrayEquals(expected, out, "the server seals with the second key and the second IV");
    }

    @Test
    void refusesAKeyBlockOfAnotherLength() {
        assertThrows(IllegalArgumentException.class,
                () -> TlcpKeys.opening(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, new byte[95], Side.CLIENT));
        assertThrows(IllegalArgumentException.class,
                () -> TlcpKeys.opening(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, new byte[96], Side.CLIENT));
        assertEquals(96, TlcpSuite.TLCP_ECDHE_SM4_CBC_SM3.keyBlockLength());
        assertEquals(40, TlcpSuite.TLCP_ECDHE_SM4_GCM_SM3.keyBlockLength());
    }
}
