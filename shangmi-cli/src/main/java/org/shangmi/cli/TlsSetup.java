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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.StandardConstants;
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
import org.shangmi.pki.Names;
import org.shangmi.provider.spec.Sm2ParameterSpec;
import org.shangmi.tls.ShangMiTlsProvider;
import org.shangmi.tls.TlcpParameters;

/**
 * What s_client and s_server share: the ShangMiTLS context (TLS, or with -tlcp TLCP) over the
 * keys, certificates and trust anchors of the command line, the parameters of each socket, and
 * the summary of a connection.
 */
final class TlsSetup {

    /**
     * Bouncy Castle's JSSE logs each connection and its reading of the JDK's security properties
     * through java.util.logging, to standard error by default: only its errors, unless -debug.
     */
    private static final Logger BOUNCY_CASTLE_LOG = Logger.getLogger("org.bouncycastle");

    /** The TLCP protocol and context of ShangMiTLS, and its context that serves TLCP and TLS on one port. */
    private static final String TLCP = "TLCPv1.1";
    private static final String TLCP_OR_TLS = "TLCP";

    /** The key manager aliases of the TLCP signing and encryption pairs. */
    private static final String SIGN = "sign";
    private static final String ENC = "enc";

    final SSLContext context;
    final RecordingTrustManager trust;
    private final TlsOptions options;
    /** The -cipher suites under their TLCP_ names. */
    private final List<String> tlcpSuites;

    /**
     * @param depth the most intermediate CA certificates a peer's chain may have (-verify), or
     *     null for no limit
     * @param server whether for s_server (with -tlcp, the context that serves TLCP and TLS)
     * @param hostCheck the name or address the server's certificate must name (-verify_hostname,
     *     -verify_ip), or null
     */
    TlsSetup(Main main, TlsOptions options, Integer depth, boolean server, HostCheck hostCheck)
            throws GeneralSecurityException, IOException {
        this.options = options;
        BOUNCY_CASTLE_LOG.setLevel(options.debug ? Level.INFO : Level.SEVERE);
        main.installedFirst();
        Map<String, FixedKeyManager.Entry> entries = new LinkedHashMap<>();
        if (options.tlcp && options.signCertificate != null) {
            entries.put(SIGN, entry(main, options.signCertificate, options.signKey, false));
            entries.put(ENC, entry(main, options.encCertificate, options.encKey, true));
        } else if (options.certificate != null) {
            entries.put("cert", entry(main, options.certificate, options.key, false));
        }
        KeyManager[] keys = entries.isEmpty() ? null : new KeyManager[] {new FixedKeyManager(entries)};
        List<X509Certificate> anchors = anchors(main, options.caFile);
        trust = new RecordingTrustManager(pkix(anchors), options.verifyReturnError, anchors, depth, hostCheck);
        String protocol = !options.tlcp ? "TLS" : server ? TLCP_OR_TLS : TLCP;
        context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(keys, new TrustManager[] {trust}, null);
        // an engine's list: the TLCP contexts make no unconnected socket, which getSupportedSSLParameters needs
        List<String> supported = List.of(context.createSSLEngine().getSupportedCipherSuites());
        List<String> tls = supported.stream().filter(suite -> !isTlcp(suite)).toList();
        for (String suite : options.cipherSuites) {
            if (!tls.contains(suite)) {
                // TLS 1.3 suites are the ones without _WITH_ in their names
                List<String> tls13 = tls.stream().filter(s -> !s.contains("_WITH_") && !s.endsWith("_SCSV")).toList();
                throw new GeneralSecurityException("-ciphersuites: unknown cipher suite " + suite + " (TLS 1.3: "
                        + String.join(", ", tls13) + ")");
            }
        }
        List<String> tlcp = supported.stream().filter(TlsSetup::isTlcp).toList();
        tlcpSuites = new ArrayList<>();
        for (String name : options.tlcpCipherSuites) {
            // GmSSL's names are TLS_ where the provider's (Kona's) are TLCP_
            String suite = name.startsWith("TLS_") ? "TLCP_" + name.substring("TLS_".length()) : name;
            if (!tlcp.contains(suite)) {
                throw new GeneralSecurityException("-cipher: unknown TLCP cipher suite " + name + " (" + String.join(", ", tlcp)
                        + ", or GmSSL's names for them: TLS_ECC_SM4_GCM_SM3 and so on)");
            }
            tlcpSuites.add(suite);
        }
    }

    /** Whether a suite of the provider's lists is a TLCP one. */
    private static boolean isTlcp(String suite) {
        return suite.startsWith("TLCP_");
    }

    /**
     * A key entry from a certificate file (leaf first) and a key file (default: the certificate
     * file), checked to match; a device key (sdf:N) is the pair's encryption key if {@code encryption}.
     */
    private static FixedKeyManager.Entry entry(Main main, Path certificateFile, Path keyFile, boolean encryption)
            throws GeneralSecurityException, IOException {
        List<X509Certificate> chain = PkiFiles.certificates(main, certificateFile);
        Path from = keyFile != null ? keyFile : certificateFile;
        PrivateKey key = encryption && DeviceKeys.names(from) ? KeyFiles.readDecryptionKey(main, from)
                : KeyFiles.readPrivateAnyAlgorithm(main, from);
        checkPair(main, key, chain.get(0), from);
        return new FixedKeyManager.Entry(key, chain.toArray(X509Certificate[]::new));
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
        if (DeviceKeys.names(keyFile)) {
            // a device's encryption key does not sign: its pair's public key, exported by the device, must be the certificate's
            if (!java.util.Arrays.equals(DeviceKeys.publicKey(key).getEncoded(), publicKey.getEncoded())) {
                throw new GeneralSecurityException(keyFile + " is not the key of the certificate " + subject(certificate));
            }
            return;
        }
        Signature signer;
        Signature verifier;
        if (isSm2(publicKey)) {
            signer = Signature.getInstance("SM3withSM2", DeviceKeys.providerFor(main, key));
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

    /**
     * A client socket's parameters: the server name to send, ALPN, the suites; with -tlcp the
     * key aliases and what CertificateVerify signs ({@code certificateVerify}, null: the hash).
     */
    void configureClient(SSLSocket socket, String serverName, SClientCommand.CertificateVerify certificateVerify) {
        if (options.tlcp) {
            TlcpParameters parameters = tlcpParameters(socket);
            if (certificateVerify != null) {
                parameters.setCertificateVerifyForm(
                        TlcpParameters.CertificateVerifyForm.valueOf(certificateVerify.name().toUpperCase(Locale.ROOT)));
            }
            if (serverName != null) {
                parameters.setServerNames(List.of(new SNIHostName(serverName)));
            }
            socket.setSSLParameters(parameters);
            return;
        }
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
        if (options.tlcp) {
            TlcpParameters parameters = tlcpParameters(socket);
            if (need) {
                parameters.setNeedClientAuth(true);
            } else if (want) {
                parameters.setWantClientAuth(true);
            }
            // the TLS side's server name; a TLCP session keeps the one its client sent (requestedServerName)
            parameters.setSNIMatchers(List.of(new SNIMatcher(StandardConstants.SNI_HOST_NAME) {
                @Override
                public boolean matches(SNIServerName name) {
                    serverName[0] = name instanceof SNIHostName host ? host.getAsciiName() : name.toString();
                    return true;
                }
            }));
            socket.setSSLParameters(parameters);
            return;
        }
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
     * A TLCP socket's parameters with the suites (-cipher for TLCP, -ciphersuites for the TLS
     * side of s_server; each side keeps its defaults when its option is absent) and the key
     * aliases of the two pairs.
     */
    private TlcpParameters tlcpParameters(SSLSocket socket) {
        TlcpParameters parameters = (TlcpParameters) socket.getSSLParameters();
        List<String> enabled = List.of(parameters.getCipherSuites());
        List<String> suites = new ArrayList<>(!tlcpSuites.isEmpty() ? tlcpSuites
                : enabled.stream().filter(TlsSetup::isTlcp).toList());
        suites.addAll(!options.cipherSuites.isEmpty() ? options.cipherSuites
                : enabled.stream().filter(suite -> !isTlcp(suite)).toList());
        parameters.setCipherSuites(suites.toArray(String[]::new));
        if (options.signCertificate != null) {
            parameters.setKeyAliases(SIGN, ENC);
        }
        return parameters;
    }

    /** The server name a TLCP client asked for, kept in its session (null if none, or not TLCP). */
    static String requestedServerName(SSLSession session) {
        if (session instanceof ExtendedSSLSession extended && TLCP.equals(session.getProtocol())) {
            for (SNIServerName name : extended.getRequestedServerNames()) {
                if (name instanceof SNIHostName host) {
                    return host.getAsciiName();
                }
            }
        }
        return null;
    }

    /**
     * What openssl's -brief summary says of a connection, and the peer's chain: protocol, cipher
     * suite, peer certificate, chain, verification, ALPN, and on a server the name the client asked
     * for. The negotiated group and signature scheme are left out: Bouncy Castle's JSSE does not
     * show them through its public API.
     */
    List<String> summary(SSLSocket socket, String serverName) {
        SSLSession session = socket.getSession();
        boolean tlcp = TLCP.equals(session.getProtocol());
        List<String> lines = new ArrayList<>();
        lines.add("Protocol version: " + session.getProtocol());
        lines.add("Ciphersuite: " + session.getCipherSuite());
        X509Certificate[] chain = peerChain(session);
        if (chain.length == 0) {
            lines.add("No peer certificate");
        } else {
            lines.add("Peer certificate: " + subject(chain[0]));
            if (tlcp && chain.length > 1 && chain[1].getBasicConstraints() < 0) {
                // a TLCP list: signing, encryption, then the CA certificates (as the session gives it)
                lines.add("Peer encryption certificate: " + subject(chain[1]));
            }
            lines.add("Certificate chain");
            for (int i = 0; i < chain.length; i++) {
                lines.add(String.format(" %d s:%s", i, subject(chain[i])));
                lines.add("   i:" + Names.oneLine(chain[i].getIssuerX500Principal()));
            }
            String verification = trust.verificationLine();
            if (verification != null) {
                lines.add(verification);
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
        return Names.oneLine(certificate.getSubjectX500Principal());
    }
}
