package org.shangmi.tomcat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLParameters;
import org.apache.tomcat.util.file.ConfigFileLoader;
import org.apache.tomcat.util.net.SSLContext;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.apache.tomcat.util.net.jsse.JSSEUtil;
import org.apache.tomcat.util.net.jsse.PEMFile;
import org.apache.tomcat.util.net.openssl.ciphers.OpenSSLCipherConfigurationParser;
import org.shangmi.tls.ShangMiTlsProvider;
import org.shangmi.tls.TlcpKeyStores;

/**
 * One certificate's TLS set-up for Tomcat on ShangMiTLS (see {@link ShangMiImplementation}): which
 * {@code SSLContext}, which protocols and suites, which keys. Tomcat's own lists know no SM suite,
 * protocol or group, so they are read here from the host's configuration as the user wrote it,
 * and Tomcat's checks in {@code SSLUtilBase}'s constructor are given nothing to drop.
 */
final class ShangMiSslUtil extends JSSEUtil {

    private static final String TLCP = "TLCPv1.1";
    /** The contexts that negotiate the national algorithms alone (TLCP's suites are all SM ones). */
    private static final Set<String> SM_ONLY = Set.of(ShangMiTlsProvider.SM_ONLY, ShangMiTlsProvider.TLCP_OR_SM_ONLY);
    /** Tomcat's "all", its default {@code protocols}: SSLv2Hello and TLSv1 to TLSv1.3. */
    private static final Set<String> TOMCAT_ALL = Set.of("TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3");
    /** The RFC 8998 suites, which Tomcat files under neither its TLS 1.2 nor its TLS 1.3 names. */
    private static final Set<String> SM_TLS13_SUITES = Set.of("TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3");

    private static Provider provider;
    /** Each host's suites as configured, before the SM names were taken out of Tomcat's view. */
    private static final Map<SSLHostConfig, Configured> CONFIGURED = new WeakHashMap<>();
    /** The implementation's context for the constructor, which SSLUtilBase's constructor calls back before any field is set. */
    private static final ThreadLocal<String> IMPLEMENTATION_PROTOCOL = new ThreadLocal<>();

    // Set from SSLUtilBase's constructor through the getImplemented methods: no initializers here.
    private Choice choice;
    private boolean constructed;

    private final String[] enabledProtocols;
    private final String[] enabledCiphers;
    private volatile String[] keyAliases;
    private volatile Map<String, X509Certificate[]> chains = Map.of();

    private ShangMiSslUtil(SSLHostConfigCertificate certificate, Configured configured) {
        super(certificate);
        constructed = true;
        enabledProtocols = protocols(choice(), sslHostConfig);
        enabledCiphers = suites(choice(), configured);
    }

    /**
     * The SSLUtil of a certificate. Tomcat's cipher parser warns of every name it does not know
     * ("Unknown element in cipher string"), each SM name among them: the host's {@code ciphers}
     * are kept here as configured and Tomcat's copy loses the SM names, once per configuration.
     */
    static ShangMiSslUtil of(SSLHostConfigCertificate certificate, String implementationProtocol) {
        SSLHostConfig host = certificate.getSSLHostConfig();
        Configured configured;
        synchronized (CONFIGURED) {
            configured = CONFIGURED.get(host);
            String ciphers = host.getCiphers() == null ? "" : host.getCiphers();
            String cipherSuites = tls13Suites(host);
            if (configured == null || !ciphers.equals(configured.tomcatCiphers)
                    || !java.util.Objects.equals(cipherSuites, configured.tomcatCipherSuites)) {
                configured = new Configured(ciphers, cipherSuites, ciphers, cipherSuites);
                List<String> rest = new ArrayList<>(names(ciphers));
                if (rest.removeIf(ShangMiSslUtil::looksSm)) {
                    host.setCiphers(String.join(":", rest));
                    configured = new Configured(ciphers, cipherSuites, host.getCiphers(), tls13Suites(host));
                }
                CONFIGURED.put(host, configured);
            }
        }
        IMPLEMENTATION_PROTOCOL.set(implementationProtocol);
        try {
            return new ShangMiSslUtil(certificate, configured);
        } finally {
            IMPLEMENTATION_PROTOCOL.remove();
        }
    }

    /**
     * A host's {@code ciphers} and {@code cipherSuites} (null before Tomcat had it) as configured,
     * and both as Tomcat holds them after (a change through JMX is told by them).
     */
    private record Configured(String ciphers, String cipherSuites, String tomcatCiphers, String tomcatCipherSuites) {
    }

    /** ShangMiTLS, as installed or a provider of this class's own. */
    static synchronized Provider provider() {
        if (provider == null) {
            Provider installed = Security.getProvider(ShangMiTlsProvider.NAME);
            provider = installed != null ? installed : new ShangMiTlsProvider();
        }
        return provider;
    }

    @Override
    protected Set<String> getImplementedProtocols() {
        if (!constructed) {
            // SSLUtilBase would drop TLSv1.3 from the host's list unless implemented, and refuse
            // TLCPv1.1: everything configured passes here and is checked in protocols()
            Set<String> all = new LinkedHashSet<>(sslHostConfig.getProtocols());
            all.add("TLSv1.3");
            all.add("SSLv2Hello");
            return all;
        }
        return new LinkedHashSet<>(Arrays.asList(choice().supported.getProtocols()));
    }

    @Override
    protected Set<String> getImplementedCiphers() {
        // empty while SSLUtilBase's constructor runs: it then keeps Tomcat's own list without
        // refusing it for want of SM names, and suites() computes the list that is used
        return constructed ? new LinkedHashSet<>(Arrays.asList(choice().supported.getCipherSuites()))
                : Collections.emptySet();
    }

    @Override
    public String[] getEnabledProtocols() {
        return enabledProtocols.clone();
    }

    @Override
    public String[] getEnabledCiphers() {
        return enabledCiphers.clone();
    }

    @Override
    public SSLContext createSSLContextInternal(List<String> negotiableProtocols) throws NoSuchAlgorithmException {
        return new TomcatSslContext(javax.net.ssl.SSLContext.getInstance(choice().protocol, provider()), this::keyAliases,
                this::chains, sslHostConfig.getGroups() == null);
    }

    private String[] keyAliases() {
        return keyAliases;
    }

    private Choice choice() {
        if (choice == null) {
            choice = Choice.of(sslHostConfig, IMPLEMENTATION_PROTOCOL.get());
        }
        return choice;
    }

    /**
     * ShangMiTLS's {@code PKIX} key managers over the key entries of every certificate of the
     * host: copied into a store of their own (as Tomcat does with its one entry), or, when a key
     * cannot be copied (a device's), the certificate's key store as it is.
     */
    @Override
    public KeyManager[] getKeyManagers() throws Exception {
        Entries entries = new Entries();
        for (SSLHostConfigCertificate each : sslHostConfig.getCertificates()) {
            entries.add(each);
        }
        KeyManagerFactory factory = KeyManagerFactory.getInstance("PKIX", provider());
        Map<String, X509Certificate[]> certificates = new LinkedHashMap<>();
        if (entries.original != null) {
            factory.init(entries.original, entries.originalPassword);
            for (String alias : entries.originalAliases) {
                certificates.put(alias, x509(entries.original.getCertificateChain(alias)));
            }
        } else {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            char[] password = "shangmi-tomcat".toCharArray();
            for (Map.Entry<String, KeyStore.PrivateKeyEntry> entry : entries.copied.entrySet()) {
                store.setKeyEntry(entry.getKey(), entry.getValue().getPrivateKey(), password,
                        entry.getValue().getCertificateChain());
            }
            factory.init(store, password);
            for (Map.Entry<String, KeyStore.PrivateKeyEntry> entry : entries.copied.entrySet()) {
                certificates.put(entry.getKey(), x509(entry.getValue().getCertificateChain()));
            }
        }
        keyAliases = entries.signAndEnc;
        chains = Map.copyOf(certificates);
        KeyManager[] managers = factory.getKeyManagers();
        if (entries.original != null && entries.named && !choice().tlcp()) {
            // a device's store is served whole: its other entries must not be (TLCP's engines are
            // given both aliases instead)
            return AliasKeyManager.pinned(managers, entries.originalAliases);
        }
        return managers;
    }

    private static X509Certificate[] x509(Certificate[] chain) {
        return chain == null ? new X509Certificate[0] : Arrays.copyOf(chain, chain.length, X509Certificate[].class);
    }

    private Map<String, X509Certificate[]> chains() {
        return chains;
    }

    /** The key entries of a host's certificates. */
    private final class Entries {
        final Map<String, KeyStore.PrivateKeyEntry> copied = new LinkedHashMap<>();
        KeyStore original;
        char[] originalPassword;
        final List<String> originalAliases = new ArrayList<>();
        boolean named;
        String[] signAndEnc;

        void add(SSLHostConfigCertificate certificate) throws Exception {
            String keyPassword = keyPassword(certificate);
            char[] password = keyPassword == null ? null : keyPassword.toCharArray();
            List<String> aliases = aliases(certificate);
            named = !aliases.isEmpty();
            if (aliases.size() == 2) {
                signAndEnc = aliases.toArray(new String[0]);
            } else if (aliases.size() > 2) {
                throw new IOException("certificateKeyAlias [" + certificate.getCertificateKeyAlias()
                        + "] names more than two entries: one alias, or a signing and an encryption alias");
            }
            KeyStore store = certificate.getCertificateKeystore();
            if (store == null) {
                addPem(certificate, keyPassword, aliases);
                return;
            }
            if (aliases.size() == 1 && choice().tlcp() && sslHostConfig.getCertificates().size() == 1) {
                try {
                    aliases.add(TlcpKeyStores.encryptionAlias(store, aliases.get(0)));
                } catch (KeyStoreException e) {
                    throw new IOException(e.getMessage() + "; name the pair in certificateKeyAlias=\"" + aliases.get(0)
                            + ",ENC\"", e);
                }
                signAndEnc = aliases.toArray(new String[0]);
            }
            if (aliases.isEmpty()) {
                for (Enumeration<String> names = store.aliases(); names.hasMoreElements();) {
                    String name = names.nextElement();
                    if (store.isKeyEntry(name)) {
                        aliases.add(name);
                    }
                }
                if (aliases.isEmpty()) {
                    throw new IOException("the keystore of the certificate has no key entry");
                }
            }
            for (String alias : aliases) {
                if (!store.isKeyEntry(alias)) {
                    throw new IOException("the keystore has no key entry [" + alias + "] (certificateKeyAlias)");
                }
                Key key = store.getKey(alias, password);
                if (!(key instanceof PrivateKey)) {
                    throw new IOException("the entry [" + alias + "] of the keystore holds no private key");
                }
                if (key.getEncoded() == null) {
                    // a device's key: served from its own store
                    if (sslHostConfig.getCertificates().size() > 1) {
                        throw new IOException("a key that cannot be copied (the entry [" + alias
                                + "]) must be the host's only Certificate: name both TLCP entries in its certificateKeyAlias");
                    }
                    original = store;
                    originalPassword = password;
                    originalAliases.addAll(aliases);
                    return;
                }
                put(alias, (PrivateKey) key, store.getCertificateChain(alias));
            }
        }

        private void addPem(SSLHostConfigCertificate certificate, String keyPassword, List<String> aliases)
                throws Exception {
            if (certificate.getCertificateFile() == null) {
                throw new IOException("the Certificate has neither a keystore nor a certificateFile");
            }
            String keyFile = certificate.getCertificateKeyFile() != null ? certificate.getCertificateKeyFile()
                    : certificate.getCertificateFile();
            PrivateKey key;
            try {
                key = new PEMFile(keyFile, keyPassword, certificate.getCertificateKeyPasswordFile(), null).getPrivateKey();
            } catch (NoSuchAlgorithmException unknownToTomcat) {
                // Tomcat decrypts PKCS#8 with the PBES2 PRFs of its own table (HMAC-SHA*): GmSSL's
                // and shangmi's keys (PBKDF2 with HMAC-SM3, SM4-CBC) go through the JCA instead
                key = decrypt(keyFile, keyPassword, unknownToTomcat);
            }
            List<Certificate> chain = new ArrayList<>(new PEMFile(certificate.getCertificateFile()).getCertificates());
            if (certificate.getCertificateChainFile() != null) {
                chain.addAll(new PEMFile(certificate.getCertificateChainFile()).getCertificates());
            }
            if (aliases.size() > 1) {
                throw new IOException("certificateKeyAlias [" + certificate.getCertificateKeyAlias() + "] names two entries, "
                        + "but a PEM Certificate holds one key: give the TLCP encryption key a Certificate element of its own");
            }
            String alias = aliases.isEmpty() ? "tomcat" : aliases.get(0);
            for (int n = 2; copied.containsKey(alias); n++) {
                alias = (aliases.isEmpty() ? "tomcat" : aliases.get(0)) + "-" + n;
            }
            put(alias, key, chain.toArray(new Certificate[0]));
        }

        private void put(String alias, PrivateKey key, Certificate[] chain) throws IOException {
            if (chain == null || chain.length == 0) {
                throw new IOException("the key entry [" + alias + "] has no certificate");
            }
            if (copied.containsKey(alias)) {
                throw new IOException("two Certificates of the host name the key entry [" + alias + "]");
            }
            copied.put(alias, new KeyStore.PrivateKeyEntry(key, chain));
        }
    }

    /** The encrypted PKCS#8 key of a PEM file, decrypted by the installed providers. */
    private static PrivateKey decrypt(String file, String password, NoSuchAlgorithmException tomcats) throws Exception {
        String pem;
        try (InputStream in = ConfigFileLoader.getSource().getResource(file).getInputStream()) {
            pem = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
        String begin = "-----BEGIN ENCRYPTED PRIVATE KEY-----";
        int start = pem.indexOf(begin);
        int end = pem.indexOf("-----END ENCRYPTED PRIVATE KEY-----");
        if (start < 0 || end < start || password == null) {
            throw tomcats;
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.substring(start + begin.length(), end));
        EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(der);
        AlgorithmParameters parameters = info.getAlgParameters();
        Cipher cipher = Cipher.getInstance(parameters.toString());
        PBEKeySpec secret = new PBEKeySpec(password.toCharArray());
        try {
            cipher.init(Cipher.DECRYPT_MODE, SecretKeyFactory.getInstance("PBE").generateSecret(secret), parameters);
        } finally {
            secret.clearPassword();
        }
        PKCS8EncodedKeySpec spec = info.getKeySpec(cipher);
        return KeyFactory.getInstance(spec.getAlgorithm()).generatePrivate(spec);
    }

    /** The aliases of {@code certificateKeyAlias}, comma-separated; empty when none is set. */
    private static List<String> aliases(SSLHostConfigCertificate certificate) {
        List<String> aliases = new ArrayList<>();
        String configured = certificate.getCertificateKeyAlias();
        if (configured != null) {
            for (String alias : configured.split(",")) {
                if (!alias.isBlank()) {
                    aliases.add(alias.trim());
                }
            }
        }
        return aliases;
    }

    /** The key's password as Tomcat finds it: key password (file), else the keystore's (file). */
    private static String keyPassword(SSLHostConfigCertificate certificate) throws IOException {
        String file = certificate.getCertificateKeyPasswordFile();
        String password = certificate.getCertificateKeyPassword();
        if (file == null) {
            file = certificate.getCertificateKeystorePasswordFile();
        }
        if (password == null) {
            password = certificate.getCertificateKeystorePassword();
        }
        if (file != null) {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                    ConfigFileLoader.getSource().getResource(file).getInputStream(), StandardCharsets.UTF_8))) {
                return reader.readLine();
            }
        }
        return password;
    }

    /** The protocols to enable: the context's defaults for Tomcat's "all", else those configured that it serves. */
    private static String[] protocols(Choice choice, SSLHostConfig host) {
        Set<String> configured = host.getProtocols();
        if (configured.containsAll(TOMCAT_ALL)) {
            return choice.defaults.getProtocols();
        }
        List<String> enabled = new ArrayList<>();
        for (String protocol : choice.supported.getProtocols()) {
            if (configured.contains(protocol)) {
                enabled.add(protocol);
            }
        }
        if (enabled.isEmpty()) {
            throw new IllegalArgumentException("None of the protocols " + configured + " is served by ShangMiTLS's SSLContext \""
                    + choice.protocol + "\", which serves " + Arrays.toString(choice.supported.getProtocols()));
        }
        return enabled.toArray(new String[0]);
    }

    /**
     * The suites to enable: the context's defaults while {@code ciphers} and {@code cipherSuites}
     * are Tomcat's defaults; else the SM suites named (first, in their order), then what Tomcat's
     * parser makes of the other names and expressions, each only if the context serves it.
     */
    private static String[] suites(Choice choice, Configured configured) {
        String ciphers = configured.ciphers;
        String cipherSuites = configured.cipherSuites;
        // the running Tomcat's defaults: its constants differ between versions and compile into this class
        String tomcatCiphers = TomcatDefaults.CIPHERS;
        String tomcatTls13 = TomcatDefaults.TLS13_SUITES;
        boolean defaultCiphers = ciphers.equals(tomcatCiphers);
        boolean defaultTls13 = cipherSuites == null || cipherSuites.equals(tomcatTls13);
        if (defaultCiphers && defaultTls13) {
            return choice.defaults.getCipherSuites();
        }
        if (defaultCiphers && cipherSuites.isEmpty()) {
            // what Tomcat's setter leaves of SM names in cipherSuites: it keeps the TLS 1.3 suites
            // of its own table only, and the default ciphers would then serve no SM suite
            throw new IllegalArgumentException("cipherSuites is empty and ciphers is Tomcat's default: Tomcat's cipherSuites "
                    + "keeps only the TLS 1.3 suites it knows and drops the SM names; name the SM suites in ciphers, "
                    + "as ciphers=\"TLS_SM4_GCM_SM3\"");
        }
        List<String> tokens = new ArrayList<>(names(ciphers));
        boolean namesTls13 = tokens.stream().anyMatch(SM_TLS13_SUITES::contains)
                || cipherSuites != null && tomcatTls13 != null && cipherSuites.startsWith(tomcatTls13 + ":");
        if (cipherSuites != null) {
            String tls13 = cipherSuites;
            if (namesTls13 && tomcatTls13 != null && tls13.startsWith(tomcatTls13)) {
                // the ciphers attribute names TLS 1.3 suites: Tomcat's default TLS 1.3 list stands aside
                tls13 = tls13.substring(tomcatTls13.length());
            }
            tokens.addAll(names(tls13));
        }
        Set<String> supported = new LinkedHashSet<>(Arrays.asList(choice.supported.getCipherSuites()));
        Set<String> enabled = new LinkedHashSet<>();
        List<String> others = new ArrayList<>();
        for (String token : tokens) {
            String name = smName(token, supported);
            if (name != null) {
                enabled.add(name);
            } else if (looksSm(token)) {
                // a misspelt or unserved SM name would otherwise leave only the standard suites
                throw new IllegalArgumentException("The cipher suite [" + token + "] is not served by ShangMiTLS's SSLContext \""
                        + choice.protocol + "\"; its SM suites are " + smSuites(supported));
            } else {
                others.add(token);
            }
        }
        if (!others.isEmpty()) {
            for (String name : OpenSSLCipherConfigurationParser.parseExpression(String.join(":", others))) {
                if (supported.contains(name)) {
                    enabled.add(name);
                }
            }
        }
        if (enabled.isEmpty()) {
            throw new IllegalArgumentException("None of the cipher suites [" + String.join(":", tokens)
                    + "] is served by ShangMiTLS's SSLContext \"" + choice.protocol + "\"; its SM suites are "
                    + smSuites(supported));
        }
        return enabled.toArray(new String[0]);
    }

    /** A new host's {@code ciphers} and {@code cipherSuites} in the running Tomcat. */
    private static final class TomcatDefaults {
        static final String CIPHERS;
        static final String TLS13_SUITES;

        static {
            SSLHostConfig host = new SSLHostConfig();
            CIPHERS = host.getCiphers();
            TLS13_SUITES = tls13Suites(host);
        }
    }

    /** {@code cipherSuites} (Tomcat 11.0.15 and 10.1.50 on), or null before it existed. */
    private static String tls13Suites(SSLHostConfig host) {
        try {
            return host.getCipherSuites();
        } catch (NoSuchMethodError olderTomcat) {
            return null;
        }
    }

    private static List<String> names(String list) {
        List<String> names = new ArrayList<>();
        for (String name : list.split("[:,]")) {
            if (!name.isBlank()) {
                names.add(name.trim());
            }
        }
        return names;
    }

    /** The ShangMiTLS name of an SM suite the context serves ({@code TLS_ECC_...} is GmSSL's spelling of {@code TLCP_ECC_...}), or null. */
    private static String smName(String token, Set<String> supported) {
        String upper = token.toUpperCase(Locale.ROOT);
        if (!upper.contains("SM4")) {
            return null;
        }
        if (supported.contains(upper)) {
            return upper;
        }
        if (upper.startsWith("TLS_") && supported.contains("TLCP_" + upper.substring(4))) {
            return "TLCP_" + upper.substring(4);
        }
        return null;
    }

    private static boolean looksSm(String token) {
        String upper = token.toUpperCase(Locale.ROOT);
        return upper.contains("SM4") || upper.contains("SM3") || upper.contains("TLCP");
    }

    private static List<String> smSuites(Set<String> supported) {
        return supported.stream().filter(name -> name.contains("SM4")).toList();
    }

    /** The ShangMiTLS SSLContext for a host, and what it serves. */
    private record Choice(String protocol, SSLParameters supported, SSLParameters defaults) {

        boolean tlcp() {
            return protocol.toUpperCase(Locale.ROOT).startsWith("TLCP");
        }

        static Choice of(SSLHostConfig host, String implementationProtocol) {
            String protocol = protocol(host, implementationProtocol);
            try {
                javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance(protocol, provider());
                context.init(null, null, null);
                return new Choice(protocol, context.getSupportedSSLParameters(), context.getDefaultSSLParameters());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalArgumentException("sslProtocol [" + host.getSslProtocol() + "] is not a ShangMiTLS SSLContext: "
                        + "TLS, TLSv1.3, TLSv1.2, TLSv1.3-SM, TLCPv1.1, TLCP or TLCP-SM", e);
            } catch (java.security.KeyManagementException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }

        /**
         * {@code sslProtocol} when it names another context than "TLS", else the implementation's
         * own, else what {@code protocols} calls for.
         */
        private static String protocol(SSLHostConfig host, String implementationProtocol) {
            String named = host.getSslProtocol();
            if (named != null && !named.equalsIgnoreCase("TLS")) {
                boolean smOnly = implementationProtocol != null && SM_ONLY.contains(implementationProtocol);
                if (smOnly && !SM_ONLY.contains(named) && !named.equals(TLCP)) {
                    throw new IllegalArgumentException("sslProtocol [" + named + "] is not SM-only, and the implementation "
                            + "(or shangmi.tls.sm-only) asks for " + implementationProtocol);
                }
                return named;
            }
            if (implementationProtocol != null) {
                return implementationProtocol;
            }
            Set<String> configured = host.getProtocols();
            if (configured.contains(TLCP)) {
                return configured.size() == 1 ? TLCP : "TLCP";
            }
            return "TLS";
        }
    }
}
