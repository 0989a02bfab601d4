package org.shangmi.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi pkcs12}: PKCS#12 files through the JDK's {@code KeyStore "PKCS12"} with ShangMi
 * first, like {@code openssl pkcs12}: {@code -export} bundles a key, its certificate and a chain
 * (protection by {@code -keypbe}/{@code -certpbe}, MAC by {@code -macalg}), and with
 * {@code -enc_in} a TLCP double certificate as two named entries; otherwise a file's certificates
 * and keys come out as PEM, or with {@code -info} a summary.
 */
@Command(name = "pkcs12", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Make a PKCS#12 file (-export) or read one, as openssl pkcs12 does. With -enc_in, a TLCP "
                + "store: the signing entry (-in, -inkey, -name) and the encryption entry (-enc_in, -enc_inkey, "
                + "-enc_name) in one file.",
            "Examples:",
            "  shangmi pkcs12 -export -inkey key.pem -in cert.pem -certfile ca.pem \\",
            "      -keypbe SM4-CBC -certpbe SM4-CBC -macalg SM3 -passout pass:secret \\",
            "      -out bundle.p12",
            "  shangmi pkcs12 -export -in sign.pem -inkey sign.key -enc_in enc.pem \\",
            "      -enc_inkey enc.key -certfile ca.pem -passout pass:secret -out tlcp.p12"})
final class Pkcs12Command implements Callable<Integer> {

    /** openssl's -keypbe/-certpbe names and the JDK's PKCS12 protection algorithms (PRF HMAC-SHA256, as openssl's). */
    private static final Map<String, String> PROTECTIONS = Map.of(
            "aes-256-cbc", "PBEWithHmacSHA256AndAES_256",
            "aes-128-cbc", "PBEWithHmacSHA256AndAES_128",
            "sm4-cbc", "PBEWithHmacSHA256AndSM4",
            "sm4", "PBEWithHmacSHA256AndSM4");
    /** openssl's -macalg names and the JDK's PKCS12 MAC algorithms. */
    private static final Map<String, String> MACS = Map.of(
            "sha256", "HmacPBESHA256", "sha384", "HmacPBESHA384", "sha512", "HmacPBESHA512", "sm3", "HmacPBESM3");

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Spec
    CommandSpec spec;

    @Option(names = "-export", description = "Make a PKCS#12 file from -inkey, -in and -certfile.")
    boolean export;

    @Option(names = "-in", paramLabel = "FILE", description = "With -export, the certificate (PEM; it may hold the key and "
            + "chain too); otherwise the PKCS#12 file (default: standard input).")
    Path in;

    @Option(names = "-inkey", paramLabel = "FILE", description = "With -export, the private key (default: in -in).")
    Path keyFile;

    @Option(names = "-certfile", paramLabel = "FILE", description = "With -export, more certificates for the chain.")
    List<Path> chainFiles = new ArrayList<>();

    @Option(names = "-name", paramLabel = "NAME", description = "With -export, the entry's name, its friendlyName "
            + "(default: 1; with -enc_in, sign).")
    String name;

    @Option(names = "-enc_in", paramLabel = "FILE", description = "With -export, a TLCP encryption certificate (PEM; it "
            + "may hold its key and chain too): a second entry, for a TLCP server's or client's double certificate.")
    Path encIn;

    @Option(names = "-enc_inkey", paramLabel = "FILE", description = "With -enc_in, the encryption private key (default: in "
            + "-enc_in).")
    Path encKeyFile;

    @Option(names = "-enc_name", paramLabel = "NAME", description = "With -enc_in, the encryption entry's name (default: "
            + "enc).")
    String encName;

    @Option(names = "-keypbe", paramLabel = "ALG", description = "With -export, the key's protection: AES-256-CBC (the "
            + "default), AES-128-CBC or SM4-CBC (PBES2, PRF HMAC-SHA256).")
    String keyProtection;

    @Option(names = "-certpbe", paramLabel = "ALG", description = "With -export, the certificates' protection (as -keypbe).")
    String certificateProtection;

    @Option(names = "-macalg", paramLabel = "ALG", description = "With -export, the MAC's digest: SHA256 (the default), "
            + "SHA384, SHA512 or SM3.")
    String macAlgorithm;

    @Option(names = "-passout", paramLabel = "SOURCE", description = "With -export, the file's password; otherwise the "
            + "password of the keys written (pass:TEXT, env:VAR, file:PATH, fd:N or stdin). Without it, keys are written "
            + "unencrypted, as openssl's -nodes.")
    String passout;

    @Option(names = "-info", description = "Print the entries: names, key algorithms, certificate subjects.")
    boolean info;

    @Option(names = "-nokeys", description = "Write no private keys.")
    boolean noKeys;

    @Option(names = "-nocerts", description = "Write no certificates.")
    boolean noCertificates;

    @Option(names = "-noout", description = "Write no keys or certificates (with -info, the summary only).")
    boolean noout;

    @Option(names = "-out", paramLabel = "FILE", description = "Output file (default: standard output).")
    Path out;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        main.installedFirst();
        if (export) {
            if (info || noKeys || noCertificates || noout) {
                throw new ParameterException(spec.commandLine(), "-info, -nokeys, -nocerts and -noout read a file; -export makes one");
            }
            return export();
        }
        if (keyFile != null || !chainFiles.isEmpty() || keyProtection != null || certificateProtection != null
                || macAlgorithm != null || name != null || encIn != null || encKeyFile != null || encName != null) {
            throw new ParameterException(spec.commandLine(), "-inkey, -certfile, -name, -enc_in, -enc_inkey, -enc_name, "
                    + "-keypbe, -certpbe and -macalg go with -export");
        }
        return read();
    }

    private int export() throws GeneralSecurityException, IOException {
        if (passout == null) {
            throw new ParameterException(spec.commandLine(), "-export needs the file's password: -passout");
        }
        if (encIn == null && (encKeyFile != null || encName != null)) {
            throw new ParameterException(spec.commandLine(), "-enc_inkey and -enc_name go with -enc_in");
        }
        String signName = name != null ? name : encIn != null ? "sign" : "1";
        String encryptionName = encName != null ? encName : "enc";
        if (encIn != null && signName.equals(encryptionName)) {
            throw new ParameterException(spec.commandLine(), "-name and -enc_name must differ: the two entries are found by "
                    + "name (both are " + signName + ")");
        }
        String keyAlgorithm = choose(PROTECTIONS, keyProtection, "aes-256-cbc", "-keypbe");
        String certificateAlgorithm = choose(PROTECTIONS, certificateProtection, "aes-256-cbc", "-certpbe");
        String mac = choose(MACS, macAlgorithm, "sha256", "-macalg");
        PrivateKey key = KeyFiles.readPrivateAnyAlgorithm(main, keyFile != null ? keyFile : in);
        List<X509Certificate> certificates = new ArrayList<>(PkiFiles.certificates(main, in));
        List<X509Certificate> more = new ArrayList<>();
        for (Path file : chainFiles) {
            more.addAll(PkiFiles.certificates(main, file));
        }
        Map<String, KeyStore.PrivateKeyEntry> entries = new java.util.LinkedHashMap<>();
        if (encIn == null) {
            certificates.addAll(more);
            List<X509Certificate> chain = chainFor(key, certificates);
            entries.put(signName, new KeyStore.PrivateKeyEntry(key, chain.toArray(Certificate[]::new)));
        } else {
            PrivateKey encKey = KeyFiles.readPrivateAnyAlgorithm(main, encKeyFile != null ? encKeyFile : encIn);
            List<X509Certificate> encCertificates = PkiFiles.certificates(main, encIn);
            X509Certificate signLeaf = chainFor(key, concatenated(certificates, more)).get(0);
            X509Certificate encLeaf = chainFor(encKey, concatenated(encCertificates, more)).get(0);
            if (signLeaf.equals(encLeaf)) {
                throw new GeneralSecurityException("the signing and the encryption entry would hold one certificate: give "
                        + "each its own (-in and -enc_in)");
            }
            // the CA certificates of all the files, in each entry's chain after its own certificate
            List<X509Certificate> authorities = new ArrayList<>();
            for (X509Certificate certificate : concatenated(concatenated(certificates, encCertificates), more)) {
                if (!certificate.equals(signLeaf) && !certificate.equals(encLeaf) && !authorities.contains(certificate)) {
                    authorities.add(certificate);
                }
            }
            entries.put(signName, new KeyStore.PrivateKeyEntry(key, concatenated(List.of(signLeaf), authorities)
                    .toArray(Certificate[]::new)));
            entries.put(encryptionName, new KeyStore.PrivateKeyEntry(encKey, concatenated(List.of(encLeaf), authorities)
                    .toArray(Certificate[]::new)));
        }
        char[] password = Passwords.read(main, passout, "-passout");
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (Map.Entry<String, KeyStore.PrivateKeyEntry> entry : entries.entrySet()) {
                store.setEntry(entry.getKey(), entry.getValue(), new KeyStore.PasswordProtection(password, keyAlgorithm, null));
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            storeWith(store, bytes, password, certificateAlgorithm, mac);
            InputOutputOptions.write(main, out, bytes.toByteArray(), true);
        } finally {
            EncryptedKeys.wipe(password);
        }
        return 0;
    }

    private static List<X509Certificate> concatenated(List<X509Certificate> first, List<X509Certificate> second) {
        List<X509Certificate> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    /**
     * The certificates with the key's own first (as openssl, "No certificate matches private key"
     * when none is), then the rest in the order given.
     */
    private static List<X509Certificate> chainFor(PrivateKey key, List<X509Certificate> certificates)
            throws GeneralSecurityException {
        java.security.PublicKey publicKey = publicKeyOf(key);
        for (int i = 0; i < certificates.size(); i++) {
            if (publicKey != null && publicKey.equals(certificates.get(i).getPublicKey())
                    || publicKey == null && i == 0) {
                List<X509Certificate> chain = new ArrayList<>(certificates);
                chain.add(0, chain.remove(i));
                return chain;
            }
        }
        throw new GeneralSecurityException("No certificate matches private key");
    }

    /** The public key of an SM2 or RSA private key, or null for other kinds (whose first certificate is taken as theirs). */
    private static java.security.PublicKey publicKeyOf(PrivateKey key) throws GeneralSecurityException {
        if (key instanceof org.shangmi.provider.Sm2PrivateKey sm2) {
            return sm2.getPublicKey();
        }
        if (key instanceof java.security.interfaces.RSAPrivateCrtKey rsa) {
            return java.security.KeyFactory.getInstance("RSA").generatePublic(
                    new java.security.spec.RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent()));
        }
        return null;
    }

    /**
     * Stores with the certificates' protection and the MAC the JDK's PKCS12 keystore takes from
     * its (system or security) properties: set for the call, then put back.
     */
    private static void storeWith(KeyStore store, ByteArrayOutputStream out, char[] password, String certificates, String mac)
            throws GeneralSecurityException, IOException {
        String certificateProperty = "keystore.pkcs12.certProtectionAlgorithm";
        String macProperty = "keystore.pkcs12.macAlgorithm";
        String oldCertificates = System.getProperty(certificateProperty);
        String oldMac = System.getProperty(macProperty);
        System.setProperty(certificateProperty, certificates);
        System.setProperty(macProperty, mac);
        try {
            store.store(out, password);
        } finally {
            restore(certificateProperty, oldCertificates);
            restore(macProperty, oldMac);
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    private String choose(Map<String, String> names, String given, String fallback, String option) {
        String key = (given == null ? fallback : given).toLowerCase(Locale.ROOT);
        String algorithm = names.get(key);
        if (algorithm == null) {
            List<String> known = new ArrayList<>(names.keySet());
            Collections.sort(known);
            throw new ParameterException(spec.commandLine(), option + " is one of " + known + ", not " + given);
        }
        return algorithm;
    }

    private int read() throws GeneralSecurityException, IOException {
        if (passin.source == null) {
            throw new ParameterException(spec.commandLine(), "reading a PKCS#12 file needs its password: -passin");
        }
        byte[] file = InputOutputOptions.read(main, in);
        StringBuilder summary = new StringBuilder();
        ByteArrayOutputStream pem = new ByteArrayOutputStream();
        char[] password = null;
        char[] keyPassword = null;
        try {
            password = Passwords.read(main, passin.source, "-passin");
            keyPassword = passout == null ? null : Passwords.read(main, passout, "-passout");
            KeyStore store = KeyStore.getInstance("PKCS12");
            load(store, file, password);
            for (String alias : Collections.list(store.aliases())) {
                summary.append("entry ").append(alias).append(": ");
                if (store.isKeyEntry(alias)) {
                    Key key = store.getKey(alias, password);
                    if (!(key instanceof PrivateKey privateKey)) {
                        summary.append("secret key (").append(key.getAlgorithm()).append("), not written\n");
                        continue;
                    }
                    summary.append("private key (").append(key.getAlgorithm()).append(")\n");
                    if (!noKeys) {
                        pem.writeBytes(keyPem(privateKey, keyPassword));
                    }
                } else {
                    summary.append("trusted certificate\n");
                }
                Certificate[] chain = store.isKeyEntry(alias) ? store.getCertificateChain(alias)
                        : new Certificate[] {store.getCertificate(alias)};
                for (Certificate certificate : chain == null ? new Certificate[0] : chain) {
                    X509Certificate x509 = (X509Certificate) certificate;
                    summary.append("  certificate: subject ").append(x509.getSubjectX500Principal().getName())
                            .append(", issuer ").append(x509.getIssuerX500Principal().getName()).append('\n');
                    if (!noCertificates) {
                        pem.writeBytes(Pem.encode("CERTIFICATE", x509.getEncoded()).getBytes(StandardCharsets.US_ASCII));
                    }
                }
            }
        } finally {
            EncryptedKeys.wipe(password);
            EncryptedKeys.wipe(keyPassword);
        }
        if (info) {
            PrintWriter printer = spec.commandLine().getOut();
            printer.print(summary);
            printer.flush();
        }
        if (!noout) {
            byte[] bytes = pem.toByteArray();
            InputOutputOptions.write(main, out, bytes, !noKeys);
            Arrays.fill(bytes, (byte) 0);
        }
        return 0;
    }

    /**
     * Loads the file into the store; a failure names the file and the cause, and, where the
     * provider order is what makes the JDK call a right password wrong, says so.
     */
    void load(KeyStore store, byte[] file, char[] password) throws GeneralSecurityException {
        try {
            store.load(new ByteArrayInputStream(file), password);
        } catch (IOException e) {
            throw new GeneralSecurityException(ProviderOrder.explain((in == null ? "standard input" : in) + ": "
                    + e.getMessage() + (e.getCause() != null ? " (" + e.getCause().getMessage() + ")" : "")), e);
        }
    }

    /** The key as PEM PKCS#8: encrypted under the -passout password (SM4-CBC, HMAC-SHA256) if one is given. */
    private byte[] keyPem(PrivateKey key, char[] keyPassword) throws GeneralSecurityException, IOException {
        byte[] pkcs8 = key.getEncoded();
        try {
            if (keyPassword == null) {
                return Pem.encode("PRIVATE KEY", pkcs8).getBytes(StandardCharsets.US_ASCII);
            }
            byte[] encrypted = EncryptedKeys.encrypt(pkcs8, keyPassword, "sm4-cbc", "hmacWithSHA256",
                    EncryptedKeys.DEFAULT_ITERATIONS, null);
            return Pem.encode("ENCRYPTED PRIVATE KEY", encrypted).getBytes(StandardCharsets.US_ASCII);
        } finally {
            Arrays.fill(pkcs8, (byte) 0);
        }
    }
}
