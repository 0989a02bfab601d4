package org.shangmi.tls;

import java.net.Socket;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.EdECKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509KeyManager;
import org.bouncycastle.jsse.BCX509ExtendedKeyManager;
import org.bouncycastle.jsse.BCX509Key;
import org.shangmi.tls.tlcp.Certificates;

/**
 * A key manager for Bouncy Castle's TLS engine over any standard key manager (a
 * {@code KeyManagerFactory} of any provider over a PKCS#12 or PKCS#11 keystore, or the
 * application's own). It offers SM2 keys for the key type the engine asks for with sm2sig_sm3,
 * {@code "EC/sm2p256v1"}, which no other key manager knows, and never offers an SM2 key for any
 * other key type (ECDSA in TLS 1.3 or TLS 1.2). Other key types go to the wrapped key manager: as
 * they are when it is Bouncy Castle's own, and otherwise
 * translated to the JCA key algorithm ({@code "EC/secp256r1"} becomes an {@code "EC"} key on
 * secp256r1, {@code "ECDHE_RSA"} an {@code "RSA"} key), so that a {@code SunX509} or
 * {@code PKIX} key manager serves every suite.
 *
 * <p>The wrapped manager's choice is tried first, then its other aliases for the key type. A key
 * is offered only if its certificate fits the key type, allows the use (digital
 * signature, or key encipherment for RSA key exchange) and the side (serverAuth or clientAuth,
 * when it names extended key usages). Certificates inside their validity come first: one
 * outside it is offered only when no key type has a valid one, as Bouncy Castle's own key
 * managers do.
 *
 * <p>Through the JCA's own key types ({@code getServerAliases("EC")}, as TLCP asks for its
 * signing and encryption entries) every key of the type for the side is listed, those whose key
 * usage allows signing first; made by ShangMiTLS's {@code KeyManagerFactory "PKIX"}, under the
 * key stores' own aliases, which every method taking an alias understands.
 */
public final class ShangMiKeyManager extends BCX509ExtendedKeyManager {

    /** The key type of sm2sig_sm3 in Bouncy Castle's TLS engine. */
    static final String SM2_KEY_TYPE = "EC/sm2p256v1";

    private final X509KeyManager keys;
    private final BCX509ExtendedKeyManager bouncyCastle;
    /** The stores behind {@code keys}, when known: their entries under their own aliases. */
    private final KeyStoreEntries entries;

    /** Offers the keys of {@code keys}, SM2 keys included. */
    public ShangMiKeyManager(X509KeyManager keys) {
        this(keys, null);
    }

    /**
     * Offers the keys of {@code keys}, which a factory made over the stores {@code entries} reads:
     * for plain JCA key types ("EC", "SM2") the stores' entries are listed under their own aliases,
     * and those aliases are understood wherever an alias is taken (TLCP's encryption entries,
     * which {@code keys} may not list, and aliases an application names).
     */
    ShangMiKeyManager(X509KeyManager keys, KeyStoreEntries entries) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.bouncyCastle = keys instanceof BCX509ExtendedKeyManager bc ? bc : null;
        this.entries = entries;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return aliases(keyType, issuers, false);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return aliases(keyType, issuers, true);
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return alias(chooseKey(keyTypes, issuers, new Connection(false, socket, null), false));
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return alias(chooseKey(new String[] {keyType}, issuers, new Connection(true, socket, null), false));
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return alias(chooseKey(keyTypes, issuers, new Connection(false, null, engine), false));
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return alias(chooseKey(new String[] {keyType}, issuers, new Connection(true, null, engine), false));
    }

    @Override
    public BCX509Key chooseClientKeyBC(String[] keyTypes, Principal[] issuers, Socket socket) {
        return chooseKey(keyTypes, issuers, new Connection(false, socket, null), true);
    }

    @Override
    public BCX509Key chooseServerKeyBC(String[] keyTypes, Principal[] issuers, Socket socket) {
        return chooseKey(keyTypes, issuers, new Connection(true, socket, null), true);
    }

    @Override
    public BCX509Key chooseEngineClientKeyBC(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return chooseKey(keyTypes, issuers, new Connection(false, null, engine), true);
    }

    @Override
    public BCX509Key chooseEngineServerKeyBC(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return chooseKey(keyTypes, issuers, new Connection(true, null, engine), true);
    }

    /** The chain under the wrapped manager's alias, else under a store's own. */
    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        X509Certificate[] chain = keys.getCertificateChain(alias);
        return chain != null || entries == null || alias == null ? chain : entries.chain(alias);
    }

    /** The key under the wrapped manager's alias, else under a store's own. */
    @Override
    public PrivateKey getPrivateKey(String alias) {
        if (entries == null || alias == null || keys.getCertificateChain(alias) != null) {
            return keys.getPrivateKey(alias);
        }
        return entries.privateKey(alias);
    }

    /** The key under {@code alias} if its certificate fits {@code keyType}, inside its validity or not. */
    @Override
    protected BCX509Key getKeyBC(String keyType, String alias) {
        return keyType == null || alias == null ? null : key(keyType, alias, true);
    }

    private Key key(String keyType, String alias, boolean tls) {
        X509Certificate[] chain = getCertificateChain(alias);
        if (chain == null || chain.length == 0 || !fits(keyType, chain[0], tls) || !allowsUse(keyType, chain[0])) {
            return null;
        }
        PrivateKey key = getPrivateKey(alias);
        return key == null ? null : new Key(alias, keyType, key, chain.clone());
    }

    /** A chosen key with the alias it was found under. */
    private record Key(String alias, String keyType, PrivateKey privateKey, X509Certificate[] chain) implements BCX509Key {

        @Override
        public X509Certificate[] getCertificateChain() {
            return chain.clone();
        }

        @Override
        public String getKeyType() {
            return keyType;
        }

        @Override
        public PrivateKey getPrivateKey() {
            return privateKey;
        }

        /** Names the alias and type only: a record's own would print the key. */
        @Override
        public String toString() {
            return "key " + alias + " (" + keyType + ")";
        }
    }

    /** Where a key is looked for: which side, and the socket or engine the wrapped manager may want to see. */
    private record Connection(boolean server, Socket socket, SSLEngine engine) {
    }

    private static String alias(Key key) {
        return key == null ? null : key.alias();
    }

    /**
     * The first key for the key types, in the caller's order of preference: first among
     * certificates inside their validity, then among all. {@code tls} reads the key types as
     * Bouncy Castle's engine names them (where "EC" is a TLS 1.2 ECDSA key, never SM2); otherwise
     * plain JCA key algorithms are read as such (an SM2 key is an "EC" key).
     */
    private Key chooseKey(String[] keyTypes, Principal[] issuers, Connection connection, boolean tls) {
        if (keyTypes == null) {
            return null;
        }
        for (boolean validOnly : new boolean[] {true, false}) {
            for (String keyType : keyTypes) {
                Key key = keyType == null ? null : chooseKey(keyType, issuers, connection, validOnly, tls);
                if (key != null) {
                    return key;
                }
            }
        }
        return null;
    }

    private Key chooseKey(String keyType, Principal[] issuers, Connection connection, boolean validOnly, boolean tls) {
        Set<String> candidates = new LinkedHashSet<>();
        String choice = managersChoice(keyType, issuers, connection);
        if (choice != null) {
            candidates.add(choice); // the manager's ranking first (validity, server name)
        }
        candidates.addAll(aliasList(keyType, issuers, connection.server()));
        for (String alias : candidates) {
            // the certificate's checks first: a token's key is fetched only for the one that fits
            X509Certificate[] chain = getCertificateChain(alias);
            if (chain == null || chain.length == 0 || !Certificates.forSide(chain[0], connection.server())
                    || (validOnly && !Certificates.isValidNow(chain[0]))) {
                continue;
            }
            Key key = key(keyType, alias, tls);
            if (key != null) {
                return key;
            }
        }
        return null;
    }

    /** The wrapped manager's own choice of alias for the key type, in its terms; null when it has none. */
    private String managersChoice(String keyType, Principal[] issuers, Connection connection) {
        String type = askedType(keyType, connection.server());
        if (connection.engine() != null && keys instanceof X509ExtendedKeyManager extended) {
            return connection.server() ? extended.chooseEngineServerAlias(type, issuers, connection.engine())
                    : extended.chooseEngineClientAlias(new String[] {type}, issuers, connection.engine());
        }
        return connection.server() ? keys.chooseServerAlias(type, issuers, connection.socket())
                : keys.chooseClientAlias(new String[] {type}, issuers, connection.socket());
    }

    /**
     * The aliases whose certificate holds a key of the type (the JCA's reading) for one side, null
     * for none: those whose key usage allows signing (or, for "RSA", key encipherment) first, then
     * the others (an encryption certificate of TLCP), as the JDK's PKIX key manager orders them.
     * With the stores known, their own aliases; else the wrapped manager's.
     */
    private String[] aliases(String keyType, Principal[] issuers, boolean server) {
        List<String> fitting = new ArrayList<>();
        List<String> otherUse = new ArrayList<>();
        List<String> candidates = entries != null && jcaKeyType(keyType).equals(keyType) && !SM2_KEY_TYPE.equals(keyType)
                ? entries.aliases() : aliasList(keyType, issuers, server);
        for (String alias : candidates) {
            X509Certificate[] chain = getCertificateChain(alias);
            if (chain != null && chain.length > 0 && fits(keyType, chain[0], false) && Certificates.forSide(chain[0], server)
                    && issuedByOneOf(chain, issuers)) {
                (allowsUse(keyType, chain[0]) ? fitting : otherUse).add(alias);
            }
        }
        fitting.addAll(otherUse);
        return fitting.isEmpty() ? null : fitting.toArray(String[]::new);
    }

    /** Whether a certificate of the chain was issued by one of {@code issuers}; true when none are named. */
    private static boolean issuedByOneOf(X509Certificate[] chain, Principal[] issuers) {
        if (issuers == null || issuers.length == 0) {
            return true;
        }
        Set<Principal> wanted = new HashSet<>(Arrays.asList(issuers));
        for (X509Certificate certificate : chain) {
            if (wanted.contains(certificate.getIssuerX500Principal())) {
                return true;
            }
        }
        return false;
    }

    private List<String> aliasList(String keyType, Principal[] issuers, boolean server) {
        String type = askedType(keyType, server);
        String[] aliases = server ? keys.getServerAliases(type, issuers) : keys.getClientAliases(type, issuers);
        return aliases == null ? List.of() : List.of(aliases);
    }

    /**
     * The key type to ask the wrapped manager for: Bouncy Castle's managers know Bouncy Castle's
     * key types, except SM2's (any EC key: "ECDHE_ECDSA" on a server, "EC" on a client); other
     * managers know JCA key algorithms.
     */
    private String askedType(String keyType, boolean server) {
        if (SM2_KEY_TYPE.equals(keyType) || "EC".equals(keyType)) {
            return bouncyCastle != null && server ? "ECDHE_ECDSA" : "EC";
        }
        return bouncyCastle != null ? keyType : jcaKeyType(keyType);
    }

    /**
     * The JCA key algorithm for one of Bouncy Castle's key types: TLS 1.3 names the curve after a
     * slash, TLS 1.2 servers ask by key exchange.
     */
    static String jcaKeyType(String keyType) {
        int slash = keyType.indexOf('/');
        if (slash > 0) {
            return keyType.substring(0, slash);
        }
        return switch (keyType) {
            case "ECDHE_ECDSA" -> "EC";
            case "ECDHE_RSA", "DHE_RSA", "SRP_RSA", "KE:RSA" -> "RSA";
            case "DHE_DSS", "SRP_DSS" -> "DSA";
            case "Ed25519", "Ed448" -> "EdDSA";
            default -> keyType;
        };
    }

    /**
     * Whether the certificate's key is of the key type: in the engine's reading ({@code tls}) the
     * curve checked for EC and never SM2 but for SM2; in the JCA's, a plain key algorithm such as
     * "EC" takes every key of that algorithm, SM2 keys included.
     */
    static boolean fits(String keyType, X509Certificate certificate, boolean tls) {
        if (!tls && !SM2_KEY_TYPE.equals(keyType) && jcaKeyType(keyType).equals(keyType)) {
            return keyType.equalsIgnoreCase(certificate.getPublicKey().getAlgorithm());
        }
        boolean sm2 = Certificates.isSm2(certificate);
        if (SM2_KEY_TYPE.equals(keyType)) {
            return sm2;
        }
        if (sm2) {
            return false;
        }
        String jcaType = jcaKeyType(keyType);
        String algorithm = certificate.getPublicKey().getAlgorithm();
        int slash = keyType.indexOf('/');
        if (slash > 0 && "EC".equals(jcaType)) {
            return certificate.getPublicKey() instanceof ECPublicKey key && onCurve(key, keyType.substring(slash + 1));
        }
        if ("EdDSA".equals(jcaType)) {
            return certificate.getPublicKey() instanceof EdECKey key && keyType.equalsIgnoreCase(key.getParams().getName());
        }
        return jcaType.equalsIgnoreCase(algorithm);
    }

    /** Whether the key usage, where the certificate names one, allows what the key type does with the key. */
    private static boolean allowsUse(String keyType, X509Certificate certificate) {
        boolean[] usage = certificate.getKeyUsage();
        int bit = keyType.startsWith("KE:") ? 2 : 0; // keyEncipherment for RSA key exchange, else digitalSignature
        return usage == null || (usage.length > bit && usage[bit]);
    }

    private static boolean onCurve(ECPublicKey key, String curve) {
        for (Provider provider : Security.getProviders("AlgorithmParameters.EC")) {
            try {
                AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC", provider);
                parameters.init(new ECGenParameterSpec(curve));
                return Certificates.sameCurve(key.getParams(), parameters.getParameterSpec(ECParameterSpec.class));
            } catch (GeneralSecurityException unknownHere) {
                // the next provider may know the curve
            }
        }
        return false;
    }
}
