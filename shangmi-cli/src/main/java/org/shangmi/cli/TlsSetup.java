package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import org.bouncycastle.jsse.BCSNIHostName;
import org.bouncycastle.jsse.BCSNIMatcher;
import org.bouncycastle.jsse.BCSNIServerName;
import org.bouncycastle.jsse.BCSSLParameters;
import org.bouncycastle.jsse.BCSSLSocket;
import org.bouncycastle.jsse.BCStandardConstants;
import org.shangmi.cli.pki.Names;
import org.shangmi.provider.spec.Sm2ParameterSpec;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * What s_client and s_server share: the ShangMiTLS context over the key, certificates and trust
 * anchors of the command line, the parameters of each socket, and the summary of a connection.
 */
final class TlsSetup {

    /**
     * Bouncy Castle's JSSE logs each connection and its reading of the JDK's security properties
     * through java.util.logging, to standard error by default: only its errors, unless -debug.
     */
    private static final Logger BOUNCY_CASTLE_LOG = Logger.getLogger("org.bouncycastle");

    final SSLContext context;
    final RecordingTrustManager trust;
    private final TlsOptions options;

    /**
     * @param depth the most intermediate CA certificates a peer's chain may have (-verify), or
     *     null for no limit
     */
    TlsSetup(Main main, TlsOptions options, Integer depth) throws GeneralSecurityException, IOException {
        this.options = options;
        BOUNCY_CASTLE_LOG.setLevel(options.debug ? Level.INFO : Level.SEVERE);
        main.installedFirst();
        KeyManager[] keys = null;
        if (options.certificate != null) {
            List<X509Certificate> chain = PkiFiles.certificates(main, options.certificate);
            Path keyFile = options.key != null ? options.key : options.certificate;
            PrivateKey key = KeyFiles.readPrivateAnyAlgorithm(main, keyFile);
            checkPair(main, key, chain.get(0), keyFile);
            keys = new KeyManager[] {new SingleKeyManager(key, chain.toArray(X509Certificate[]::new))};
        }
        List<X509Certificate> anchors = anchors(main, options.caFile);
        trust = new RecordingTrustManager(pkix(anchors), options.verifyReturnError, anchors, depth);
        context = SSLContext.getInstance("TLS", new ShangMiTlsProvider());
        context.init(keys, new TrustManager[] {trust}, null);
        List<String> supported = List.of(context.getSupportedSSLParameters().getCipherSuites());
        for (String suite : options.cipherSuites) {
            if (!supported.contains(suite)) {
                // TLS 1.3 suites are the ones without _WITH_ in their names
                List<String> tls13 = supported.stream().filter(s -> !s.contains("_WITH_") && !s.endsWith("_SCSV")).toList();
                throw new GeneralSecurityException("-ciphersuites: unknown cipher suite " + suite + " (TLS 1.3: "
                        + String.join(", ", tls13) + ")");
            }
        }
    }

    /** The trust anchors: the -CAfile certificates, or those of the JDK's default trust store. */
    private static List<X509Certificate> anchors(Main main, Path caFile) throws GeneralSecurityException, IOException {
        if (caFile != null) {
            return PkiFiles.certificates(main, caFile);
        }
        TrustManagerFactory defaults = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        defaults.init((KeyStore) null);
        List<X509Certificate> anchors = new ArrayList<>();
        for (TrustManager manager : defaults.getTrustManagers()) {
            if (manager instanceof X509TrustManager x509) {
                anchors.addAll(List.of(x509.getAcceptedIssuers()));
            }
        }
        return anchors;
    }

    /** The JDK's PKIX trust manager over the anchors, without revocation checking (as openssl's default). */
    private static X509ExtendedTrustManager pkix(List<X509Certificate> anchors) throws GeneralSecurityException {
        Set<TrustAnchor> set = new HashSet<>();
        for (X509Certificate anchor : anchors) {
            set.add(new TrustAnchor(anchor, null));
        }
        PKIXBuilderParameters parameters = new PKIXBuilderParameters(set, new X509CertSelector());
        parameters.setRevocationEnabled(false);
        parameters.setMaxPathLength(-1);
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(new CertPathTrustManagerParameters(parameters));
        for (TrustManager manager : factory.getTrustManagers()) {
            if (manager instanceof X509ExtendedTrustManager x509) {
                return x509;
            }
        }
        throw new GeneralSecurityException("the PKIX TrustManagerFactory has no X509ExtendedTrustManager");
    }

    /** Fails unless the key signs what the certificate's public key verifies. */
    private static void checkPair(Main main, PrivateKey key, X509Certificate certificate, Path keyFile)
            throws GeneralSecurityException {
        PublicKey publicKey = certificate.getPublicKey();
        Signature signer;
        Signature verifier;
        if (isSm2(publicKey)) {
            signer = Signature.getInstance("SM3withSM2", main.provider());
            verifier = Signature.getInstance("SM3withSM2", main.provider());
        } else {
            String algorithm = switch (publicKey.getAlgorithm()) {
                case "EC" -> "SHA256withECDSA";
                case "RSA" -> "SHA256withRSA";
                case "Ed25519", "Ed448", "EdDSA" -> publicKey.getAlgorithm();
                default -> null;
            };
            if (algorithm == null) {
                return; // the handshake will tell
            }
            signer = Signature.getInstance(algorithm);
            verifier = Signature.getInstance(algorithm);
        }
        byte[] probe = "shangmi: does the key match the certificate?".getBytes(StandardCharsets.US_ASCII);
        boolean matches;
        try {
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            verifier.initVerify(publicKey);
            verifier.update(probe);
            matches = verifier.verify(signature);
        } catch (InvalidKeyException e) {
            matches = false;
        }
        if (!matches) {
            throw new GeneralSecurityException(keyFile + " does not hold the private key of the certificate "
                    + subject(certificate));
        }
    }

    private static boolean isSm2(PublicKey key) {
        if (!(key instanceof ECPublicKey ec)) {
            return false;
        }
        ECParameterSpec curve = ec.getParams();
        ECParameterSpec sm2 = Sm2ParameterSpec.INSTANCE;
        return curve.getCurve().equals(sm2.getCurve()) && curve.getGenerator().equals(sm2.getGenerator())
                && curve.getOrder().equals(sm2.getOrder());
    }

    /** A client socket's parameters: the server name to send, ALPN, the suites. */
    void configureClient(SSLSocket socket, String serverName) {
        BCSSLSocket bc = (BCSSLSocket) socket;
        BCSSLParameters parameters = bc.getParameters();
        cipherSuites(parameters);
        if (!options.alpn.isEmpty()) {
            parameters.setApplicationProtocols(options.alpn.toArray(String[]::new));
        }
        if (serverName != null) {
            parameters.setServerNames(List.of(new BCSNIHostName(serverName)));
        }
        bc.setParameters(parameters);
    }

    /**
     * An accepted socket's parameters before its handshake: whether to ask for a client
     * certificate, the suites; the server name the client asks for goes to {@code serverName}.
     * ALPN as openssl 3.0 chooses: the first of the server's protocols that the client offers,
     * and a no_application_protocol alert if it offers none of them.
     */
    void configureServer(SSLSocket socket, boolean want, boolean need, String[] serverName) {
        BCSSLSocket bc = (BCSSLSocket) socket;
        BCSSLParameters parameters = bc.getParameters();
        cipherSuites(parameters);
        if (need) {
            parameters.setNeedClientAuth(true);
        } else if (want) {
            parameters.setWantClientAuth(true);
        }
        parameters.setSNIMatchers(List.of(new BCSNIMatcher(BCStandardConstants.SNI_HOST_NAME) {
            @Override
            public boolean matches(BCSNIServerName name) {
                serverName[0] = name instanceof BCSNIHostName host ? host.getAsciiName() : name.toString();
                return true;
            }
        }));
        bc.setParameters(parameters);
        if (!options.alpn.isEmpty()) {
            List<String> ours = List.copyOf(options.alpn);
            // null: the handshake ends with no_application_protocol
            bc.setBCHandshakeApplicationProtocolSelector(
                    (connection, offered) -> ours.stream().filter(offered::contains).findFirst().orElse(null));
        }
    }

    private void cipherSuites(BCSSLParameters parameters) {
        if (!options.cipherSuites.isEmpty()) {
            parameters.setCipherSuites(options.cipherSuites.toArray(String[]::new));
        }
    }

    /**
     * What openssl's -brief summary says of a connection, and the peer's chain: protocol, cipher
     * suite, peer certificate, chain, verification, ALPN, and on a server the name the client asked
     * for. The negotiated group and signature scheme are left out: Bouncy Castle's JSSE does not
     * show them through its public API.
     */
    List<String> summary(SSLSocket socket, String serverName) {
        SSLSession session = socket.getSession();
        List<String> lines = new ArrayList<>();
        lines.add("Protocol version: " + session.getProtocol());
        lines.add("Ciphersuite: " + session.getCipherSuite());
        X509Certificate[] chain = peerChain(session);
        if (chain.length == 0) {
            lines.add("No peer certificate");
        } else {
            lines.add("Peer certificate: " + subject(chain[0]));
            lines.add("Certificate chain");
            for (int i = 0; i < chain.length; i++) {
                lines.add(String.format(" %d s:%s", i, subject(chain[i])));
                lines.add("   i:" + Names.oneLine(chain[i].getIssuerX500Principal().getEncoded()));
            }
            String verdict = trust.verdict();
            if (verdict != null) {
                lines.add(RecordingTrustManager.OK.equals(verdict) ? "Verification: OK" : "Verification error: " + verdict);
            }
        }
        String protocol = socket.getApplicationProtocol();
        lines.add(protocol == null || protocol.isEmpty() ? "No ALPN negotiated" : "ALPN protocol: " + protocol);
        if (serverName != null) {
            lines.add("Server name: " + serverName);
        }
        return lines;
    }

    private static X509Certificate[] peerChain(SSLSession session) {
        try {
            List<X509Certificate> chain = new ArrayList<>();
            for (java.security.cert.Certificate certificate : session.getPeerCertificates()) {
                chain.add((X509Certificate) certificate);
            }
            return chain.toArray(X509Certificate[]::new);
        } catch (SSLPeerUnverifiedException e) {
            return new X509Certificate[0];
        }
    }

    static String subject(X509Certificate certificate) {
        return Names.oneLine(certificate.getSubjectX500Principal().getEncoded());
    }
}
