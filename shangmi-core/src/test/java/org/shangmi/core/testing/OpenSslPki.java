package org.shangmi.core.testing;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * An SM2 PKI made by the {@code openssl} command in a directory: keys, CA and end-entity
 * certificates, CSRs and CRLs, every signature made and checked with the GM/T 0015 default ID
 * (OpenSSL 3 uses an empty ID unless told otherwise, hence {@link #ID_OPTION} everywhere).
 */
public final class OpenSslPki {

    public static final String ID_OPTION = "distid:1234567812345678";

    /** openssl extension sections, chosen by name with {@code -extensions}. */
    private static final String EXTENSIONS = """
            [ ca ]
            basicConstraints = critical,CA:TRUE
            keyUsage = critical,keyCertSign,cRLSign
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid
            [ ca_pathlen0 ]
            basicConstraints = critical,CA:TRUE,pathlen:0
            keyUsage = critical,keyCertSign,cRLSign
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid
            [ ca_name_constraints ]
            basicConstraints = critical,CA:TRUE
            keyUsage = critical,keyCertSign,cRLSign
            nameConstraints = critical,permitted;dirName:permitted_names
            [ permitted_names ]
            C = CN
            O = Permitted
            [ ca_key_usage_only ]
            keyUsage = critical,keyCertSign,cRLSign
            [ end_entity ]
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,digitalSignature
            [ ca_without_cert_sign ]
            basicConstraints = critical,CA:TRUE
            keyUsage = critical,digitalSignature,cRLSign
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid
            [ leaf ]
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,digitalSignature,keyEncipherment
            extendedKeyUsage = clientAuth,serverAuth
            subjectAltName = DNS:leaf.example.com,email:leaf@example.com
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid
            """;

    private final Path directory;

    public OpenSslPki(Path directory) {
        this.directory = directory;
        OpenSslCommand.assumeAvailable();
        write("extensions.cnf", EXTENSIONS);
    }

    public Path path(String file) {
        return directory.resolve(file);
    }

    /** The name {@link #chain} gives the intermediate CA, for certificates that imitate it. */
    public static final String INTERMEDIATE = "/C=CN/O=ShangMi Test/CN=Intermediate";

    /**
     * The usual three: {@code root} (a self-signed CA, 30 days), {@code inter} (a CA it issued,
     * {@link #INTERMEDIATE}, 20 days) and {@code leaf} (an end entity with the {@code leaf}
     * extensions that inter issued, 10 days), each {@code .pem} with its {@code .key}.
     */
    public OpenSslPki chain() {
        root("root", "/C=CN/O=ShangMi Test/CN=Root", 30);
        issue("inter", INTERMEDIATE, "root", "ca", 20);
        issue("leaf", "/C=CN/O=ShangMi Test/CN=leaf.example.com", "inter", "leaf", 10);
        return this;
    }

    /** A new SM2 private key in {@code name.key} (PKCS#8 PEM). */
    public Path sm2Key(String name) {
        Path key = path(name + ".key");
        openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:SM2", "-out", key.toString());
        return key;
    }

    /** A self-signed CA certificate {@code name.pem} for a new SM2 key {@code name.key}. */
    public Path root(String name, String subject, int days) {
        return root(name, subject, days, "ca");
    }

    /** A self-signed certificate {@code name.pem} for a new SM2 key {@code name.key}, with the extension section given. */
    public Path root(String name, String subject, int days, String extensions) {
        Path key = sm2Key(name);
        Path certificate = path(name + ".pem");
        openssl("req", "-x509", "-new", "-key", key.toString(), "-sm3", "-sigopt", ID_OPTION, "-subj", subject,
                "-days", Integer.toString(days), "-config", path("extensions.cnf").toString(), "-extensions", extensions,
                "-out", certificate.toString());
        return certificate;
    }

    /** A self-signed version 1 certificate (no extensions) {@code name.pem} for a new SM2 key {@code name.key}. */
    public Path v1Root(String name, String subject, int days) {
        Path key = sm2Key(name);
        Path csr = path(name + ".csr");
        openssl("req", "-new", "-key", key.toString(), "-sm3", "-sigopt", ID_OPTION, "-subj", subject, "-out", csr.toString());
        Path certificate = path(name + ".pem");
        openssl("x509", "-req", "-in", csr.toString(), "-vfyopt", ID_OPTION, "-signkey", key.toString(), "-sm3",
                "-sigopt", ID_OPTION, "-days", Integer.toString(days), "-out", certificate.toString());
        return certificate;
    }

    /**
     * A certificate {@code name.pem} for a new SM2 key {@code name.key}, through a CSR {@code name.csr},
     * issued by {@code issuer} (whose key is {@code issuer.key}) with the extension section given.
     */
    public Path issue(String name, String subject, String issuer, String extensions, int days) {
        Path key = sm2Key(name);
        Path csr = path(name + ".csr");
        openssl("req", "-new", "-key", key.toString(), "-sm3", "-sigopt", ID_OPTION, "-subj", subject,
                "-out", csr.toString());
        return sign(name, csr, issuer, extensions, days);
    }

    /** Issues {@code name.pem} for the CSR by {@code issuer}. */
    public Path sign(String name, Path csr, String issuer, String extensions, int days) {
        Path certificate = path(name + ".pem");
        openssl("x509", "-req", "-in", csr.toString(), "-vfyopt", ID_OPTION, "-CA", path(issuer + ".pem").toString(),
                "-CAkey", path(issuer + ".key").toString(), "-sm3", "-sigopt", ID_OPTION, "-days", Integer.toString(days),
                "-extfile", path("extensions.cnf").toString(), "-extensions", extensions, "-out", certificate.toString());
        return certificate;
    }

    /** A CRL {@code issuer.crl} signed by {@code issuer}, revoking the certificates named (key compromise). */
    public Path crl(String issuer, String... revoked) {
        Path database = path(issuer + "-index.txt");
        write(issuer + "-index.txt", "");
        write(issuer + "-crlnumber", "01\n");
        String config = "[ ca ]\ndefault_ca = issuer\n[ issuer ]\ndatabase = " + database
                + "\ncrlnumber = " + path(issuer + "-crlnumber") + "\ndefault_md = sm3\ndefault_crl_days = 30\n";
        Path configFile = write(issuer + "-ca.cnf", config);
        String cert = path(issuer + ".pem").toString();
        String key = path(issuer + ".key").toString();
        for (String name : revoked) {
            openssl("ca", "-config", configFile.toString(), "-revoke", path(name + ".pem").toString(), "-keyfile", key,
                    "-cert", cert, "-crl_reason", "keyCompromise");
        }
        Path crl = path(issuer + ".crl");
        openssl("ca", "-config", configFile.toString(), "-gencrl", "-keyfile", key, "-cert", cert, "-sigopt", ID_OPTION,
                "-out", crl.toString());
        return crl;
    }

    /** A self-signed certificate {@code name.pem} of another kind of key ({@code genpkey} options), SHA-256 signed. */
    public Path otherRoot(String name, String subject, String... genpkeyOptions) {
        Path key = path(name + ".key");
        List<String> command = new ArrayList<>(List.of("genpkey"));
        command.addAll(List.of(genpkeyOptions));
        command.addAll(List.of("-out", key.toString()));
        openssl(command.toArray(String[]::new));
        Path certificate = path(name + ".pem");
        openssl("req", "-x509", "-new", "-key", key.toString(), "-sha256", "-subj", subject, "-days", "30",
                "-out", certificate.toString());
        return certificate;
    }

    /** What {@code openssl} prints for the arguments, as text. */
    public String text(String... args) {
        return new String(OpenSslCommand.run(new byte[0], args), StandardCharsets.UTF_8);
    }

    public static X509Certificate certificate(CertificateFactory factory, Path pem) throws CertificateException {
        return (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(read(pem)));
    }

    public static X509CRL crl(CertificateFactory factory, Path pem) throws Exception {
        return (X509CRL) factory.generateCRL(new ByteArrayInputStream(read(pem)));
    }

    public static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path write(String name, String text) {
        try {
            return Files.writeString(path(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void openssl(String... args) {
        OpenSslCommand.run(new byte[0], args);
    }
}
