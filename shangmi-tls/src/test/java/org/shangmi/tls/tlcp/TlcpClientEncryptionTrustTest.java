package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.tls.ShangMiTlsProvider;
import org.shangmi.tls.TlcpEncryptionTrust;

/**
 * A TLCP server's application has a say on the client's encryption certificate of an ECDHE
 * suite: its trust manager's {@link TlcpEncryptionTrust}, after PKIX, whose revocation checking
 * follows the JDK's {@code com.sun.net.ssl.checkRevocation}.
 */
class TlcpClientEncryptionTrustTest extends WithOpenSslTlcpPki {

    static SSLContext client;

    @BeforeAll
    static void setUp() throws Exception {
        client = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        client.init(pki.keyManagers("client"), pki.trustManagers(), null);
    }

    /** The JDK's trust manager, plus a hook that records what it is shown and refuses when told to. */
    private static final class Recording extends X509ExtendedTrustManager implements TlcpEncryptionTrust {

        final X509ExtendedTrustManager jdk;
        final List<String> seen = new ArrayList<>();
        final boolean refuse;
        final boolean checkChains;

        Recording(boolean refuse) throws Exception {
            this(refuse, true);
        }

        Recording(boolean refuse, boolean checkChains) throws Exception {
            this.jdk = (X509ExtendedTrustManager) pki.trustManagers()[0];
            this.refuse = refuse;
            this.checkChains = checkChains;
        }

        @Override
        public void checkClientEncryptionTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            seen.add(chain[0].getSubjectX500Principal().getName() + " " + chain.length + " " + authType + " " + (engine != null));
            try {
                if (!chain[0].equals(pki.certificate("client_enc"))) {
                    throw new CertificateException("not the client's encryption certificate");
                }
            } catch (CertificateException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            if (refuse) {
                throw new CertificateException("pinned elsewhere");
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            jdk.checkClientTrusted(chain, authType, socket);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            jdk.checkServerTrusted(chain, authType, socket);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            if (checkChains) {
                jdk.checkClientTrusted(chain, authType, engine);
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            if (checkChains) {
                jdk.checkServerTrusted(chain, authType, engine);
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            jdk.checkClientTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            jdk.checkServerTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return jdk.getAcceptedIssuers();
        }
    }

    /** The same, seen through the plain interfaces only (wrapped by the context). */
    private static final class PlainRecording extends PlainTrustManager implements TlcpEncryptionTrust {

        private final Recording recording;

        PlainRecording(Recording recording) {
            super(recording);
            this.recording = recording;
        }

        @Override
        public void checkClientEncryptionTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            recording.checkClientEncryptionTrusted(chain, authType, engine);
        }
    }

    private static EnginePair ecdhe(TrustManager serverTrust) throws Exception {
        return ecdhe(client, serverTrust);
    }

    private static EnginePair ecdhe(SSLContext clientSide, TrustManager serverTrust) throws Exception {
        SSLContext server = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        server.init(pki.keyManagers("server"), new TrustManager[] {serverTrust}, null);
        return TlcpEngineTest.pair(clientSide, server, "TLCP_ECDHE_SM4_GCM_SM3", true, 5001);
    }

    @Test
    void theTrustManagerSeesTheEncryptionCertificateAsAKeyAgreementKey() throws Exception {
        Recording recording = new Recording(false);
        ecdhe(recording).handshake();
        String subject = ((X509Certificate) pki.certificate("client_enc")).getSubjectX500Principal().getName();
        assertEquals(List.of(subject + " 2 ECDH_ECDSA true"), recording.seen, "the encryption certificate and the intermediate");
    }

    @Test
    void aPlainTrustManagerWithTheHookIsAskedToo() throws Exception {
        Recording recording = new Recording(false);
        ecdhe(new PlainRecording(recording)).handshake();
        assertEquals(1, recording.seen.size());
    }

    @Test
    void theTrustManagerCanRefuseIt() throws Exception {
        SSLException refused = assertThrows(SSLException.class, () -> ecdhe(new Recording(true)).handshake());
        assertTrue(refused.getMessage().contains("the client's encryption certificate is not trusted: pinned elsewhere"),
                refused.getMessage());
    }

    /** With the JDK's switch on, the encryption certificate's revocation status is checked; these certificates name no CRL. */
    @Test
    void revocationCheckingFollowsTheJdksSwitch() throws Exception {
        String before = System.getProperty("com.sun.net.ssl.checkRevocation");
        System.setProperty("com.sun.net.ssl.checkRevocation", "true");
        try {
            // every chain but the one under test is taken as it comes: the JDK's validator reads the
            // switch once per JVM, and this test must not turn it on for the others
            SSLContext trusting = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
            trusting.init(pki.keyManagers("client"), new TrustManager[] {new Recording(false, false)}, null);
            EnginePair pair = ecdhe(trusting, new Recording(false, false));
            SSLException refused = assertThrows(SSLException.class, pair::handshake);
            assertTrue(refused.getMessage().contains("the client's encryption certificate is not trusted: revocation"),
                    refused.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty("com.sun.net.ssl.checkRevocation");
            } else {
                System.setProperty("com.sun.net.ssl.checkRevocation", before);
            }
        }
    }
}
