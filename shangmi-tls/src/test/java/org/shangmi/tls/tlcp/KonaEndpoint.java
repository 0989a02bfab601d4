package org.shangmi.tls.tlcp;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * A Tencent KonaSSL endpoint, run in a JVM of its own whose class path holds Kona's jars and
 * this class only (no ShangMi): Kona's providers define the SM algorithms too. It uses the JSSE
 * API alone, so it compiles without Kona.
 *
 * <p>Arguments: {@code server|client}, the protocol ({@code TLCPv1.1} or {@code TLSv1.3}), the
 * suite, {@code auth|noauth} (a server's client authentication; a client's certificates), the
 * folder of an {@link OpenSslTlcpPki}, the side's name in it ({@code server}, {@code client}),
 * and the port (a client's; a server listens on a free one and prints {@code port N}). One
 * connection: the client writes a line, the server echoes it; each prints {@code ok} with the
 * protocol, the suite and the peer's subject, or the failure, and exits 0 or 1.
 */
public final class KonaEndpoint {

    static final String LINE = "hello from the other side";

    private KonaEndpoint() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        try {
            run(args, out);
        } catch (Exception e) {
            out.println("failed: " + e);
            e.printStackTrace(out);
            out.flush();
            System.exit(1);
        }
        out.flush();
        System.exit(0);
    }

    private static void run(String[] args, PrintStream out) throws Exception {
        boolean server = args[0].equals("server");
        String protocol = args[1];
        String suite = args[2];
        boolean auth = args[3].equals("auth");
        Path directory = Path.of(args[4]);
        String side = args[5];
        int i = 1;
        for (String name : new String[] {"com.tencent.kona.crypto.KonaCryptoProvider", "com.tencent.kona.pkix.KonaPKIXProvider",
                "com.tencent.kona.ssl.KonaSSLProvider"}) {
            Security.insertProviderAt((Provider) Class.forName(name).getDeclaredConstructor().newInstance(), i++);
        }
        CertificateFactory certificates = CertificateFactory.getInstance("X.509", "KonaPKIX");
        X509Certificate root = read(certificates, directory.resolve("root.pem"));
        X509Certificate inter = read(certificates, directory.resolve("inter.pem"));
        KeyStore keys = KeyStore.getInstance("PKCS12", "KonaPKIX");
        keys.load(null, null);
        char[] password = "secret".toCharArray();
        boolean withKeys = server || auth;
        if (withKeys) {
            // TLS 1.3 signs with one key: its store holds the signing entry alone
            String[] uses = protocol.startsWith("TLCP") ? new String[] {"sign", "enc"} : new String[] {"sign"};
            for (String use : uses) {
                String name = side + "_" + use;
                keys.setKeyEntry(use, key(directory.resolve(name + ".key")), password,
                        new Certificate[] {read(certificates, directory.resolve(name + ".pem")), inter});
            }
        }
        KeyStore trusted = KeyStore.getInstance("PKCS12", "KonaPKIX");
        trusted.load(null, null);
        trusted.setCertificateEntry("root", root);
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance("NewSunX509", "KonaSSL");
        keyManagers.init(keys, password);
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance("PKIX", "KonaSSL");
        trustManagers.init(trusted);
        SSLContext context = SSLContext.getInstance(protocol, "KonaSSL");
        context.init(withKeys ? keyManagers.getKeyManagers() : null, trustManagers.getTrustManagers(), null);
        if (server) {
            try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 1,
                    java.net.InetAddress.getLoopbackAddress())) {
                listener.setEnabledCipherSuites(new String[] {suite});
                listener.setNeedClientAuth(auth);
                listener.setSoTimeout(30_000);
                out.println("port " + listener.getLocalPort());
                out.flush();
                try (SSLSocket socket = (SSLSocket) listener.accept()) {
                    socket.setSoTimeout(30_000);
                    String line = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
                    OutputStream echo = socket.getOutputStream();
                    echo.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
                    echo.flush();
                    out.println("ok " + describe(socket));
                }
            }
        } else {
            try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("localhost", Integer.parseInt(args[6]))) {
                socket.setSoTimeout(30_000);
                socket.setEnabledCipherSuites(new String[] {suite});
                socket.startHandshake();
                socket.getOutputStream().write((LINE + "\n").getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                String echo = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
                if (!LINE.equals(echo)) {
                    throw new IllegalStateException("the server echoed " + echo);
                }
                out.println("ok " + describe(socket));
            }
        }
    }

    private static String describe(SSLSocket socket) {
        String peer;
        try {
            peer = ((X509Certificate) socket.getSession().getPeerCertificates()[0]).getSubjectX500Principal().getName();
        } catch (javax.net.ssl.SSLPeerUnverifiedException none) {
            peer = "none";
        }
        return socket.getSession().getProtocol() + " " + socket.getSession().getCipherSuite() + " peer " + peer;
    }

    private static X509Certificate read(CertificateFactory factory, Path pem) throws Exception {
        try (var in = Files.newInputStream(pem)) {
            return (X509Certificate) factory.generateCertificate(in);
        }
    }

    private static PrivateKey key(Path pem) throws Exception {
        String text = Files.readString(pem).replaceAll("-----[A-Z ]+-----", "");
        return KeyFactory.getInstance("EC", "KonaCrypto").generatePrivate(new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(text)));
    }
}
