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
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509KeyManager;
import org.bouncycastle.jsse.BCX509ExtendedKeyManager;
import org.bouncycastle.jsse.BCX509Key;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * A key manager for Bouncy Castle's TLS engine over any standard key manager (a
 * {@code KeyManagerFactory} of any provider over a PKCS#12 or PKCS#11 keystore, or the
 * application's own). It offers SM2 keys for the key type the engine asks for with sm2sig_sm3,
 * {@code "EC/sm2p256v1"}, which no other key manager knows, and never offers an SM2 key for
 * ECDSA. Other key types go to the wrapped key manager: as they are when it is Bouncy Castle's
 * own, and otherwise translated to the JCA key algorithm ({@code "EC/secp256r1"} becomes an
 * {@code "EC"} key on secp256r1, {@code "ECDHE_RSA"} an {@code "RSA"} key), so that a
 * {@code SunX509} or {@code PKIX} key manager serves every suite.
 */
public final class ShangMiKeyManager extends BCX509ExtendedKeyManager {

    /** The key type of sm2sig_sm3 in Bouncy Castle's TLS engine. */
    static final String SM2_KEY_TYPE = "EC/sm2p256v1";

    private final X509KeyManager keys;
    private final BCX509ExtendedKeyManager bouncyCastle;

    /** Offers the keys of {@code keys}, SM2 keys included. */
    public ShangMiKeyManager(X509KeyManager keys) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.bouncyCastle = keys instanceof BCX509ExtendedKeyManager bc ? bc : null;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return SM2_KEY_TYPE.equals(keyType) ? sm2Aliases(issuers) : keys.getClientAliases(jcaKeyType(keyType), issuers);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return SM2_KEY_TYPE.equals(keyType) ? sm2Aliases(issuers) : keys.getServerAliases(jcaKeyType(keyType), issuers);
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return chooseAlias(keyTypes, issuers, new Connection(false, socket, null));
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return chooseAlias(new String[] {keyType}, issuers, new Connection(true, socket, null));
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return chooseAlias(keyTypes, issuers, new Connection(false, null, engine));
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return chooseAlias(new String[] {keyType}, issuers, new Connection(true, null, engine));
    }

    @Override
    public BCX509Key chooseClientKeyBC(String[] keyTypes, Principal[] issuers, Socket socket) {
        return chooseKey(keyTypes, issuers, new Connection(false, socket, null));
    }

    @Override
    public BCX509Key chooseServerKeyBC(String[] keyTypes, Principal[] issuers, Socket socket) {
        return chooseKey(keyTypes, issuers, new Connection(true, socket, null));
    }

    @Override
    public BCX509Key chooseEngineClientKeyBC(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return chooseKey(keyTypes, issuers, new Connection(false, null, engine));
    }

    @Override
    public BCX509Key chooseEngineServerKeyBC(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return chooseKey(keyTypes, issuers, new Connection(true, null, engine));
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return keys.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return keys.getPrivateKey(alias);
    }

    /** The key under {@code alias} if its certificate fits {@code keyType} and may sign; null otherwise. */
    @Override
    protected BCX509Key getKeyBC(String keyType, String alias) {
        if (keyType == null || alias == null) {
            return null;
        }
        X509Certificate[] chain = keys.getCertificateChain(alias);
        PrivateKey key = keys.getPrivateKey(alias);
        if (chain == null || chain.length == 0 || key == null || !fits(keyType, chain[0]) || !maySign(chain[0])) {
            return null;
        }
        X509Certificate[] copy = chain.clone();
        return new BCX509Key() {
            @Override
            public X509Certificate[] getCertificateChain() {
                return copy.clone();
            }

            @Override
            public String getKeyType() {
                return keyType;
            }

            @Override
            public PrivateKey getPrivateKey() {
                return key;
            }
        };
    }

    /** Where a key is looked for: which side, and the socket or engine the wrapped manager may want to see. */
    private record Connection(boolean server, Socket socket, SSLEngine engine) {
    }

    /** The first key for the key types, in the engine's order of preference. */
    private BCX509Key chooseKey(String[] keyTypes, Principal[] issuers, Connection connection) {
        for (String keyType : keyTypes == null ? new String[0] : keyTypes) {
            BCX509Key key = bouncyCastle != null && !SM2_KEY_TYPE.equals(keyType)
                    ? bouncyCastleKey(keyType, issuers, connection)
                    : getKeyBC(keyType, alias(keyType, issuers, connection));
            if (key != null) {
                return key;
            }
        }
        return null;
    }

    /** The alias of the first key for the key types, in the engine's order of preference. */
    private String chooseAlias(String[] keyTypes, Principal[] issuers, Connection connection) {
        for (String keyType : keyTypes == null ? new String[0] : keyTypes) {
            String alias = bouncyCastle != null && !SM2_KEY_TYPE.equals(keyType)
                    ? bouncyCastleAlias(keyType, issuers, connection)
                    : alias(keyType, issuers, connection);
            if (alias != null) {
                return alias;
            }
        }
        return null;
    }

    private BCX509Key bouncyCastleKey(String keyType, Principal[] issuers, Connection connection) {
        String[] one = {keyType};
        if (connection.engine() != null) {
            return connection.server() ? bouncyCastle.chooseEngineServerKeyBC(one, issuers, connection.engine())
                    : bouncyCastle.chooseEngineClientKeyBC(one, issuers, connection.engine());
        }
        return connection.server() ? bouncyCastle.chooseServerKeyBC(one, issuers, connection.socket())
                : bouncyCastle.chooseClientKeyBC(one, issuers, connection.socket());
    }

    private String bouncyCastleAlias(String keyType, Principal[] issuers, Connection connection) {
        if (connection.engine() != null) {
            return connection.server() ? bouncyCastle.chooseEngineServerAlias(keyType, issuers, connection.engine())
                    : bouncyCastle.chooseEngineClientAlias(new String[] {keyType}, issuers, connection.engine());
        }
        return connection.server() ? bouncyCastle.chooseServerAlias(keyType, issuers, connection.socket())
                : bouncyCastle.chooseClientAlias(new String[] {keyType}, issuers, connection.socket());
    }

    /**
     * The alias of a suitable key of one type from the wrapped manager's candidates (SM2: every EC
     * key on sm2p256v1; others: the manager's choice first, as it may prefer one by server name).
     */
    private String alias(String keyType, Principal[] issuers, Connection connection) {
        Set<String> candidates = new LinkedHashSet<>();
        if (SM2_KEY_TYPE.equals(keyType)) {
            addAll(candidates, sm2Aliases(issuers));
        } else {
            String jcaType = jcaKeyType(keyType);
            String chosen = jcaAlias(jcaType, issuers, connection);
            if (chosen != null) {
                candidates.add(chosen);
            }
            addAll(candidates, connection.server() ? keys.getServerAliases(jcaType, issuers) : keys.getClientAliases(jcaType, issuers));
        }
        for (String alias : candidates) {
            if (getKeyBC(keyType, alias) != null) {
                return alias;
            }
        }
        return null;
    }

    private String jcaAlias(String jcaType, Principal[] issuers, Connection connection) {
        if (connection.engine() != null && keys instanceof X509ExtendedKeyManager extended) {
            return connection.server() ? extended.chooseEngineServerAlias(jcaType, issuers, connection.engine())
                    : extended.chooseEngineClientAlias(new String[] {jcaType}, issuers, connection.engine());
        }
        return connection.server() ? keys.chooseServerAlias(jcaType, issuers, connection.socket())
                : keys.chooseClientAlias(new String[] {jcaType}, issuers, connection.socket());
    }

    private static void addAll(Set<String> set, String[] values) {
        if (values != null) {
            set.addAll(List.of(values));
        }
    }

    /** The aliases, client and server, whose certificate carries an SM2 key; null for none. */
    private String[] sm2Aliases(Principal[] issuers) {
        Set<String> aliases = new LinkedHashSet<>();
        for (String[] some : new String[][] {keys.getServerAliases("EC", issuers), keys.getClientAliases("EC", issuers)}) {
            if (some != null) {
                for (String alias : some) {
                    X509Certificate[] chain = keys.getCertificateChain(alias);
                    if (chain != null && chain.length > 0 && isSm2(chain[0])) {
                        aliases.add(alias);
                    }
                }
            }
        }
        return aliases.isEmpty() ? null : aliases.toArray(String[]::new);
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
            case "ECDHE_RSA", "DHE_RSA", "SRP_RSA" -> "RSA";
            case "DHE_DSS", "SRP_DSS" -> "DSA";
            default -> keyType;
        };
    }

    /** Whether the certificate's key is of the key type: the curve checked for EC, never SM2 for ECDSA. */
    private static boolean fits(String keyType, X509Certificate certificate) {
        boolean sm2 = isSm2(certificate);
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
        return jcaType.equalsIgnoreCase(algorithm)
                || ("EdDSA".equalsIgnoreCase(algorithm) && jcaType.startsWith("Ed"));
    }

    /** Whether the key usage, where the certificate names one, allows digital signatures. */
    private static boolean maySign(X509Certificate certificate) {
        boolean[] usage = certificate.getKeyUsage();
        return usage == null || (usage.length > 0 && usage[0]);
    }

    private static boolean onCurve(ECPublicKey key, String curve) {
        for (Provider provider : Security.getProviders("AlgorithmParameters.EC")) {
            try {
                AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC", provider);
                parameters.init(new ECGenParameterSpec(curve));
                return sameCurve(key.getParams(), parameters.getParameterSpec(ECParameterSpec.class));
            } catch (GeneralSecurityException unknownHere) {
                // the next provider may know the curve
            }
        }
        return false;
    }

    /** Whether the certificate's key is on sm2p256v1. */
    static boolean isSm2(X509Certificate certificate) {
        return certificate.getPublicKey() instanceof ECPublicKey key && sameCurve(key.getParams(), Sm2ParameterSpec.INSTANCE);
    }

    private static boolean sameCurve(ECParameterSpec a, ECParameterSpec b) {
        return a.getCurve().equals(b.getCurve()) && a.getGenerator().equals(b.getGenerator()) && a.getOrder().equals(b.getOrder());
    }
}
