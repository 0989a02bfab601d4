package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.Test;

/** The ECDHE key exchange destroys this side's ephemeral private key on every way out, a refused peer point included. */
class Sm2KeyExchangeTest extends WithShangMi {

    @Test
    void aPointOffTheCurveIsRefusedAndTheEphemeralKeyDestroyed() throws Exception {
        TlcpCredentials credentials = TlcpCredentials.fixed();
        TlcpCredentials.Side server = credentials.server();
        DoubleCertificates own = new DoubleCertificates("sign", server.signPrivateKey(),
                new X509Certificate[] {server.signCertificate()}, "enc", server.encPrivateKey(),
                new X509Certificate[] {server.encCertificate()});
        KeyPair ephemeral = Sm2KeyExchange.ephemeral(new SecureRandom());
        byte[] offTheCurve = new byte[Sm2KeyExchange.POINT_LENGTH];
        offTheCurve[0] = 4;
        offTheCurve[64] = 1;
        TlcpAlertException refused = assertThrows(TlcpAlertException.class, () -> Sm2KeyExchange.agree(own, ephemeral,
                credentials.client().encCertificate(), offTheCurve, Side.SERVER));
        assertEquals(TlcpAlert.ILLEGAL_PARAMETER, refused.description());
        assertTrue(ephemeral.getPrivate().isDestroyed(), "the ephemeral private key is destroyed");
    }
}
