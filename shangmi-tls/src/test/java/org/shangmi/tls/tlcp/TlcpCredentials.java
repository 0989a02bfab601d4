package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * A TLCP PKI for interoperability tests, made once per JVM in a temporary directory: a root CA
 * and, for a server and for a client, a signing pair and an encryption pair issued directly by
 * the root (gmsm v1.4.1 verifies every certificate of the server's list as a leaf with an empty
 * intermediate pool, so there is no intermediate CA).
 *
 * <p>Two sets, both with keys made and encrypted by {@code gmssl sm2keygen} (GmSSL reads nothing
 * else: PBES2 with PBKDF2-HMAC-SM3 and SM4-CBC, password {@link #PASSWORD}) and requests made by
 * {@code gmssl reqgen}:
 * <ul>
 * <li>{@link #gmssl()}: every certificate made by {@code gmssl certgen}/{@code reqsign}. GmSSL's
 * {@code reqsign} has no option for an IP address, so the subjectAltName is DNS {@code localhost}
 * alone.</li>
 * <li>{@link #openssl()}: the root made by {@code openssl req -x509} and the leaves signed by
 * {@code openssl x509 -req}, each with {@code -sigopt distid:1234567812345678}; subjectAltName
 * DNS {@code localhost} and IP {@code 127.0.0.1}; the leaves have no basicConstraints (GmSSL
 * cannot read the DER of a default CA:FALSE).</li>
 * </ul>
 *
 * <p>Each side's certificates: signing, keyUsage digitalSignature; encryption, keyUsage
 * keyEncipherment, dataEncipherment and keyAgreement; extendedKeyUsage serverAuth (server) or
 * clientAuth (client) on both. The signing and encryption certificates of a side have the same
 * subject ({@code CN=localhost} for the server, {@code CN=TLCP Client} for the client), the same
 * subjectAltName and the same issuer, as GmSSL demands of a double certificate. The client's
 * certificates carry the server's names too.
 */
public final class TlcpCredentials {

    /** The password of every key file (GmSSL's {@code -pass}). */
    public static final String PASSWORD = "P@ssw0rd";
    /** The password of the PKCS#12 key stores and of their entries. */
    public static final char[] STORE_PASSWORD = "secret".toCharArray();
    /** The server certificates' DNS name, for SNI and host name checks. */
    public static final String SERVER_NAME = "localhost";
    /** Validity of every certificate. */
    private static final int DAYS = 30;

    private static TlcpCredentials gmssl;
    private static TlcpCredentials fixed;
    private static TlcpCredentials openssl;
    private static Path base;

    private final Path directory;
    private final X509Certificate root;
    private final Side server;
    private final Side client;

    private TlcpCredentials(Path directory, Side server, Side client) {
        this.directory = directory;
        this.root = certificates(directory.resolve("root.pem")).get(0);
        this.server = server;
        this.client = client;
    }

    /** The set whose certificates GmSSL made; created on first use. */
    public static synchronized TlcpCredentials gmssl() {
        if (gmssl == null) {
            gmssl = makeGmssl(mkdir(baseDirectory().resolve("gmssl")));
        }
        return gmssl;
    }

    /**
     * The set kept in the test resources ({@code fixed-credentials}, made once by GmSSL), for
     * recordings that must not change from one build to the next.
     */
    public static synchronized TlcpCredentials fixed() {
        if (fixed == null) {
            Path dir = mkdir(baseDirectory().resolve("fixed"));
            for (String name : List.of("root.pem", "server-sign.pem", "server-sign.key", "server-enc.pem", "server-enc.key",
                    "client-sign.pem", "client-sign.key", "client-enc.pem", "client-enc.key")) {
                try (var in = TlcpCredentials.class.getResourceAsStream("fixed-credentials/" + name)) {
                    if (in == null) {
                        throw new IllegalStateException("no fixed-credentials/" + name + " in the test resources");
                    }
                    Files.write(dir.resolve(name), in.readAllBytes());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            fixed = withKeys(dir);
        }
        return fixed;
    }

    /** The set whose certificates openssl made (keys and requests still GmSSL's); created on first use. */
    public static synchronized TlcpCredentials openssl() {
        if (openssl == null) {
            openssl = makeOpenssl(mkdir(baseDirectory().resolve("openssl")));
        }
        return openssl;
    }

    /** Where this set's files are. */
    public Path directory() {
        return directory;
    }

    /** {@code root.pem}: the root certificate (GmSSL's {@code -cacert}). */
    public Path rootPem() {
        return directory.resolve("root.pem");
    }

    public X509Certificate root() {
        return root;
    }

    public Side server() {
        return server;
    }

    public Side client() {
        return client;
    }

    /** A new PKCS#12 store holding the root as the trusted certificate entry "root". */
    public KeyStore trustStore() {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry("root", root);
            return store;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * An SSLContext of ShangMiTLS for {@code protocol} ("TLCPv1.1", "TLCP") with the side's two
     * key entries (unless {@code withKeys} is false), trusting the root through the JDK's PKIX.
     * The entries are read through the JDK's SunX509 for the GmSSL set and through ShangMiTLS's
     * "PKIX" (the README's) for the openssl set, so that the peers meet both.
     */
    public SSLContext context(String protocol, boolean server, boolean withKeys) {
        try {
            KeyManagerFactory keys = this == openssl ? KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider())
                    : KeyManagerFactory.getInstance("SunX509", "SunJSSE");
            keys.init((server ? this.server : client).keyStore(), STORE_PASSWORD);
            TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
            trust.init(trustStore());
            SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
            context.init(withKeys ? keys.getKeyManagers() : null, trust.getTrustManagers(), null);
            return context;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One side's double certificate. Files, in the set's directory, named after the side
     * ({@code server-…} or {@code client-…}):
     * <ul>
     * <li>{@link #signPem}, {@link #signKey}, {@link #encPem}, {@link #encKey}: each certificate
     * and its encrypted key alone;</li>
     * <li>{@link #certs}: sign, enc, root; {@link #keys}: sign key then enc key (GmSSL's
     * {@code -cert}/{@code -key} for a server, and for an ECDHE client);</li>
     * <li>{@link #pair}: sign, enc without the root (a server list for gmsm v1.4.1's client,
     * which refuses a list with the root in it: the root does not carry the server name);</li>
     * <li>{@link #signChain}: sign, root (GmSSL's ECC client {@code -cert}: it checks a single
     * issuer chain for the ECC suites and refuses the double one).</li>
     * </ul>
     */
    public static final class Side {

        private final Path directory;
        private final String name;
        private final X509Certificate sign;
        private final X509Certificate enc;
        private final X509Certificate root;
        private final PrivateKey signPrivate;
        private final PrivateKey encPrivate;

        private Side(Path directory, String name) {
            this.directory = directory;
            this.name = name;
            this.sign = certificates(signPem()).get(0);
            this.enc = certificates(encPem()).get(0);
            this.root = certificates(directory.resolve("root.pem")).get(0);
            this.signPrivate = gmsslKey(signKey());
            this.encPrivate = gmsslKey(encKey());
            concatenate(certs(), signPem(), encPem(), directory.resolve("root.pem"));
            concatenate(keys(), signKey(), encKey());
            concatenate(pair(), signPem(), encPem());
            concatenate(signChain(), signPem(), directory.resolve("root.pem"));
        }

        public Path signPem() {
            return directory.resolve(name + "-sign.pem");
        }

        public Path signKey() {
            return directory.resolve(name + "-sign.key");
        }

        public Path encPem() {
            return directory.resolve(name + "-enc.pem");
        }

        public Path encKey() {
            return directory.resolve(name + "-enc.key");
        }

        public Path certs() {
            return directory.resolve(name + "-certs.pem");
        }

        public Path keys() {
            return directory.resolve(name + "-keys.pem");
        }

        public Path pair() {
            return directory.resolve(name + "-pair.pem");
        }

        public Path signChain() {
            return directory.resolve(name + "-sign-chain.pem");
        }

        public X509Certificate signCertificate() {
            return sign;
        }

        public X509Certificate encCertificate() {
            return enc;
        }

        public PrivateKey signPrivateKey() {
            return signPrivate;
        }

        public PrivateKey encPrivateKey() {
            return encPrivate;
        }

        /**
         * A new PKCS#12 store with the entries "sign" and "enc", each a private key with the chain
         * [leaf, root], entry password {@link #STORE_PASSWORD}. Reading its keys back needs the
         * ShangMi provider installed (they are SM2 keys under the ecPublicKey OID).
         */
        public KeyStore keyStore() {
            try {
                KeyStore store = KeyStore.getInstance("PKCS12");
                store.load(null, null);
                store.setKeyEntry("sign", signPrivate, STORE_PASSWORD, new Certificate[] {sign, root});
                store.setKeyEntry("enc", encPrivate, STORE_PASSWORD, new Certificate[] {enc, root});
                return store;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    // ---- making the sets

    private static TlcpCredentials makeGmssl(Path dir) {
        String root = dir.resolve("root").toString();
        gmssl(dir, "sm2keygen", "-pass", PASSWORD, "-out", root + ".key");
        gmssl(dir, "certgen", "-C", "CN", "-O", "ShangMi Test", "-CN", "TLCP Root GmSSL", "-days", Integer.toString(DAYS),
                "-key", root + ".key", "-pass", PASSWORD, "-key_usage", "keyCertSign", "-key_usage", "cRLSign", "-ca",
                "-out", root + ".pem");
        for (String side : List.of("server", "client")) {
            String usage = side.equals("server") ? "serverAuth" : "clientAuth";
            String commonName = side.equals("server") ? SERVER_NAME : "TLCP Client";
            for (boolean signing : new boolean[] {true, false}) {
                String name = side + (signing ? "-sign" : "-enc");
                Path request = gmsslRequest(dir, name, commonName);
                List<String> args = new ArrayList<>(List.of("reqsign", "-in", request.toString(), "-days",
                        Integer.toString(DAYS), "-cacert", root + ".pem", "-key", root + ".key", "-pass", PASSWORD,
                        "-ext_key_usage", usage, "-subject_dns_name", SERVER_NAME, "-out", dir.resolve(name + ".pem").toString()));
                if (signing) {
                    args.addAll(List.of("-key_usage", "digitalSignature"));
                } else {
                    args.addAll(List.of("-key_usage", "keyEncipherment", "-key_usage", "dataEncipherment", "-key_usage",
                            "keyAgreement"));
                }
                gmssl(dir, args.toArray(String[]::new));
            }
        }
        return withKeys(dir);
    }

    /** openssl extension sections for the leaves: no basicConstraints, see the class comment. */
    private static final String OPENSSL_LEAVES = """
            [ tlcp_server_sign ]
            keyUsage = critical,digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = DNS:localhost,IP:127.0.0.1
            [ tlcp_server_enc ]
            keyUsage = critical,keyEncipherment,dataEncipherment,keyAgreement
            extendedKeyUsage = serverAuth
            subjectAltName = DNS:localhost,IP:127.0.0.1
            [ tlcp_client_sign ]
            keyUsage = critical,digitalSignature
            extendedKeyUsage = clientAuth
            subjectAltName = DNS:localhost,IP:127.0.0.1
            [ tlcp_client_enc ]
            keyUsage = critical,keyEncipherment,dataEncipherment,keyAgreement
            extendedKeyUsage = clientAuth
            subjectAltName = DNS:localhost,IP:127.0.0.1
            """;

    private static TlcpCredentials makeOpenssl(Path dir) {
        if (!OpenSslCommand.available()) {
            throw new AssertionError("the openssl command (3.0 or newer) is not on the PATH: it makes the openssl set");
        }
        OpenSslPki pki = new OpenSslPki(dir);
        try {
            Files.writeString(pki.path("extensions.cnf"), OPENSSL_LEAVES, StandardCharsets.US_ASCII,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // openssl's root key stays openssl's (plain PKCS#8): only the leaves' keys are used by peers
        pki.root("root", "/C=CN/O=ShangMi Test/CN=TLCP Root OpenSSL", DAYS);
        for (String side : List.of("server", "client")) {
            String commonName = side.equals("server") ? SERVER_NAME : "TLCP Client";
            for (String kind : List.of("sign", "enc")) {
                String name = side + "-" + kind;
                Path request = gmsslRequest(dir, name, commonName);
                pki.sign(name, request, "root", "tlcp_" + side + "_" + kind, DAYS);
            }
        }
        return withKeys(dir);
    }

    /** {@code name.key} (a new GmSSL key) and {@code name.req} (its request for the subject given). */
    private static Path gmsslRequest(Path dir, String name, String commonName) {
        String path = dir.resolve(name).toString();
        gmssl(dir, "sm2keygen", "-pass", PASSWORD, "-out", path + ".key");
        gmssl(dir, "reqgen", "-C", "CN", "-O", "ShangMi Test", "-CN", commonName, "-key", path + ".key", "-pass", PASSWORD,
                "-out", path + ".req");
        return Path.of(path + ".req");
    }

    private static void gmssl(Path dir, String... args) {
        GmsslPeer.run(dir, args);
    }

    /** The set in {@code dir}, its GmSSL keys opened with the ShangMi provider (installed first for the while if absent). */
    private static TlcpCredentials withKeys(Path dir) {
        boolean installed = Security.getProvider(ShangMiProvider.NAME) == null;
        if (installed) {
            Security.insertProviderAt(new ShangMiProvider(), 1);
        }
        try {
            return new TlcpCredentials(dir, new Side(dir, "server"), new Side(dir, "client"));
        } finally {
            if (installed) {
                Security.removeProvider(ShangMiProvider.NAME);
            }
        }
    }

    /** A GmSSL private key: PEM {@code ENCRYPTED PRIVATE KEY}, PBES2 with PBKDF2-HMAC-SM3 and SM4-CBC. */
    private static PrivateKey gmsslKey(Path file) {
        try {
            EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(pem(file, "ENCRYPTED PRIVATE KEY"));
            AlgorithmParameters parameters = info.getAlgParameters();
            Provider shangmi = Security.getProvider(ShangMiProvider.NAME);
            Cipher cipher = Cipher.getInstance(parameters.toString(), shangmi);
            cipher.init(Cipher.DECRYPT_MODE,
                    SecretKeyFactory.getInstance("PBE").generateSecret(new PBEKeySpec(PASSWORD.toCharArray())), parameters);
            return KeyFactory.getInstance("SM2", shangmi).generatePrivate(info.getKeySpec(cipher));
        } catch (Exception e) {
            throw new IllegalStateException("cannot open the GmSSL key " + file, e);
        }
    }

    private static List<X509Certificate> certificates(Path pem) {
        try (var in = Files.newInputStream(pem)) {
            List<X509Certificate> out = new ArrayList<>();
            for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                out.add((X509Certificate) certificate);
            }
            return out;
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the certificates of " + pem, e);
        }
    }

    /** The body of the first PEM block labelled {@code label} in the file. */
    private static byte[] pem(Path file, String label) throws IOException {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        String begin = "-----BEGIN " + label + "-----";
        int from = text.indexOf(begin);
        int to = text.indexOf("-----END " + label + "-----");
        if (from < 0 || to < from) {
            throw new IOException(file + " holds no " + label);
        }
        return Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
    }

    private static void concatenate(Path target, Path... parts) {
        try {
            StringBuilder all = new StringBuilder();
            for (Path part : parts) {
                all.append(Files.readString(part, StandardCharsets.US_ASCII));
            }
            Files.writeString(target, all, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A temporary directory for both sets, deleted when the JVM ends. */
    private static synchronized Path baseDirectory() {
        if (base == null) {
            try {
                base = Files.createTempDirectory("shangmi-tlcp-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path delete = base;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try (Stream<Path> files = Files.walk(delete)) {
                    files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                } catch (IOException e) {
                    // left for the system's temporary-file cleaning
                }
            }));
        }
        return base;
    }

    private static Path mkdir(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
