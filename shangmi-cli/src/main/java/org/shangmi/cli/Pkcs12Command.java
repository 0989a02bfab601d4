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
 * (protection by {@code -keypbe}/{@code -certpbe}, MAC by {@code -macalg}); otherwise a file's
 * certificates and keys come out as PEM, or with {@code -info} a summary.
 */
@Command(name = "pkcs12", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Make a PKCS#12 file (-export) or read one, as openssl pkcs12 does.",
            "Example:",
            "  shangmi pkcs12 -export -inkey key.pem -in cert.pem -certfile ca.pem \\",
            "      -keypbe SM4-CBC -certpbe SM4-CBC -macalg SM3 -passout pass:secret \\",
            "      -out bundle.p12"})
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

    @Option(names = "-name", paramLabel = "NAME", defaultValue = "1", description = "With -export, the entry's name, "
            + "its friendlyName (default: ${DEFAULT-VALUE}).")
    String name;

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
                || macAlgorithm != null) {
            throw new ParameterException(spec.commandLine(), "-inkey, -certfile, -keypbe, -certpbe and -macalg go with -export");
        }
        return read();
    }

    private int export() throws GeneralSecurityException, IOException {
        if (passout == null) {
            throw new ParameterException(spec.commandLine(), "-export needs the file's password: -passout");
        }
        String keyAlgorithm = choose(PROTECTIONS, keyProtection, "aes-256-cbc", "-keypbe");
        String certificateAlgorithm = choose(PROTECTIONS, certificateProtection, "aes-256-cbc", "-certpbe");
        String mac = choose(MACS, macAlgorithm, "sha256", "-macalg");
        PrivateKey key = KeyFiles.readPrivateAnyAlgorithm(main, keyFile != null ? keyFile : in);
        List<X509Certificate> certificates = new ArrayList<>(PkiFiles.certificates(main, in));
        for (Path file : chainFiles) {
            certificates.addAll(PkiFiles.certificates(main, file));
        }
        List<X509Certificate> chain = chainFor(key, certificates);
        char[] password = Passwords.read(main, passout, "-passout");
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setEntry(name, new KeyStore.PrivateKeyEntry(key, chain.toArray(Certificate[]::new)),
                    new KeyStore.PasswordProtection(password, keyAlgorithm, null));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            storeWith(store, bytes, password, certificateAlgorithm, mac);
            InputOutputOptions.write(main, out, bytes.toByteArray(), true);
        } finally {
            EncryptedKeys.wipe(password);
        }
        return 0;
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
