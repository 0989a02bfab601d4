package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.shangmi.tls.tlcp.RecordReference.hex;
import static org.shangmi.tls.tlcp.RecordReference.pattern;

import java.util.Random;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.junit.jupiter.api.Test;

class TlcpPrfTest extends WithShangMi {

    /*
     * The TLS 1.2 PRF test vector for P_SHA256 posted to the IETF TLS working group
     * (https://www.ietf.org/mail-archive/web/tls/current/msg03416.html), used by BearSSL's
     * test_crypto.c and Netty's PseudoRandomFunctionTest among others.
     */
    private static final byte[] SECRET = hex("9bbe436ba940f017b17652849a71db35");
    private static final byte[] SEED = hex("a0ba9f936cda311827a6f796ffd5198c");
    private static final byte[] SHA256_OUTPUT = hex("e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a"
            + "6b301791e90d35c9c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab"
            + "4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff701"
            + "87347b66");

    /*
     * The same inputs through GmSSL 3 (commit 24ae4827): tls_prf(DIGEST_sm3(), secret, 16,
     * "test label", seed, 16, NULL, 0, 100, out). The other GmSSL values are for the inputs of
     * RecordReference.GMSSL_KEY_BLOCK; the handshake hash is hh[i] = 0xc0 + i (32 bytes).
     */
    private static final byte[] GMSSL_SM3_OUTPUT = hex("c51bd59022a9886cc166e1745c7fbd98e4751864c4655ff51718c2d1d0b75823"
            + "36f3bf2cb3ac4b19fdb5f7980504fb6ec9d6089a6d8c85a020fb180945bfad08"
            + "8c87cde4cd2fd38a2c8acb36a728307d08b2d952b5643823a332835466af0074"
            + "fea094b3");
    private static final byte[] GMSSL_MASTER = hex("8cd0f1bfc2a54e72bca147813ea6307dbf9cd7203a1b1ec8"
            + "dbf1e8072539d099560ce5b4c1a3144f9f5eb1ac9dc0ce8d");
    private static final byte[] GMSSL_CLIENT_FINISHED = hex("93ce4b754f601d101e4b5a27");
    private static final byte[] GMSSL_SERVER_FINISHED = hex("e0c5ee12e8cb131ec34174e7");

    @Test
    void thePublishedSha256VectorThroughTheJdksHmac() throws Exception {
        assertArrayEquals(SHA256_OUTPUT, TlcpPrf.prf("HmacSHA256", SECRET, "test label", SEED, 100));
    }

    @Test
    void theReferenceItselfMatchesThePublishedVector() {
        assertArrayEquals(SHA256_OUTPUT, RecordReference.pHash(new SHA256Digest(), SECRET, "test label", SEED, 100));
    }

    @Test
    void sm3MatchesGmssl() throws Exception {
        assertArrayEquals(GMSSL_SM3_OUTPUT, TlcpPrf.prf(SECRET, "test label", SEED, 100));
        assertArrayEquals(GMSSL_SM3_OUTPUT, RecordReference.pHash(new SM3Digest(), SECRET, "test label", SEED, 100));
    }

    @Test
    void sm3MatchesBouncyCastleForManyLengths() throws Exception {
        Random random = new Random(38636);
        for (int length : new int[] {0, 1, 12, 31, 32, 33, 48, 63, 64, 65, 80, 96, 128, 200}) {
            byte[] secret = new byte[1 + random.nextInt(80)];
            byte[] seed = new byte[random.nextInt(100)];
            random.nextBytes(secret);
            random.nextBytes(seed);
            assertArrayEquals(RecordReference.pHash(new SM3Digest(), secret, "key expansion", seed, length),
                    TlcpPrf.prf(secret, "key expansion", seed, length), "length " + length);
        }
    }

    @Test
    void masterSecretKeyBlockAndFinishedMatchGmssl() throws Exception {
        byte[] preMaster = pattern(48, 0);
        byte[] clientRandom = pattern(32, 0x40);
        byte[] serverRandom = pattern(32, 0x80);
        byte[] master = TlcpPrf.masterSecret(preMaster, clientRandom, serverRandom);
        assertArrayEquals(GMSSL_MASTER, master);
        assertArrayEquals(RecordReference.GMSSL_KEY_BLOCK, TlcpPrf.keyBlock(master, clientRandom, serverRandom, 128));
        byte[] handshakeHash = pattern(32, 0xc0);
        assertArrayEquals(GMSSL_CLIENT_FINISHED, TlcpPrf.finished(master, Side.CLIENT, handshakeHash));
        assertArrayEquals(GMSSL_SERVER_FINISHED, TlcpPrf.finished(master, Side.SERVER, handshakeHash));
    }

    @Test
    void refusesBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> TlcpPrf.masterSecret(new byte[48], new byte[31], new byte[32]));
        assertThrows(IllegalArgumentException.class, () -> TlcpPrf.prf(SECRET, "x", SEED, -1));
        assertThrows(IllegalArgumentException.class, () -> TlcpPrf.prf(new byte[0], "x", SEED, 12));
        TlcpAlertException e = assertThrows(TlcpAlertException.class,
                () -> TlcpPrf.prf("HmacNoSuchHash", SECRET, "x", SEED, 12));
        assertEquals(TlcpAlert.INTERNAL_ERROR, e.description());
    }
}
