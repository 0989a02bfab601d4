package org.shangmi.tls;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLParameters;
import org.bouncycastle.jsse.BCSSLParameters;
import org.bouncycastle.tls.NamedGroup;
import org.bouncycastle.tls.crypto.TlsCrypto;

/**
 * What a ShangMiTLS connection enables unless the application says otherwise: the RFC 8998
 * suites, the curveSM2 group and the sm2sig_sm3 scheme first, then the standard ones Bouncy
 * Castle enables by default, so the SM suites win when both sides offer them and every other
 * peer is still served. A system property that names suites, groups or schemes replaces the
 * corresponding list for the side it names, as in every JSSE provider:
 * {@code jdk.tls.client.cipherSuites} and {@code jdk.tls.client.SignatureSchemes} for clients,
 * the {@code server} ones for servers, {@code jdk.tls.namedGroups} for both.
 */
final class ShangMiDefaults {

    static final List<String> SM_CIPHER_SUITES = List.of("TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3");

    /** Bouncy Castle's default groups with curveSM2 first (its brainpool groups are left out: no JDK has them). */
    private static final int[] NAMED_GROUPS = {
        NamedGroup.curveSM2, NamedGroup.x25519, NamedGroup.x448, NamedGroup.secp256r1, NamedGroup.secp384r1,
        NamedGroup.secp521r1, NamedGroup.ffdhe2048, NamedGroup.ffdhe3072, NamedGroup.ffdhe4096, NamedGroup.X25519MLKEM768,
    };

    /** Key shares a client sends in its first ClientHello: an SM server and any other answer without a retry. */
    private static final List<String> EARLY_KEY_SHARES = List.of("curveSM2", "x25519");

    /**
     * sm2sig_sm3, then Bouncy Castle's default schemes without SHA-1, SHA-224 and DSA, which the
     * JDK no longer accepts for TLS handshakes either.
     */
    private static final String[] SIGNATURE_SCHEMES = {
        "sm2sig_sm3", "ed25519", "ed448", "ecdsa_secp256r1_sha256", "ecdsa_secp384r1_sha384", "ecdsa_secp521r1_sha512",
        "rsa_pss_pss_sha256", "rsa_pss_pss_sha384", "rsa_pss_pss_sha512",
        "rsa_pss_rsae_sha256", "rsa_pss_rsae_sha384", "rsa_pss_rsae_sha512",
        "rsa_pkcs1_sha256", "rsa_pkcs1_sha384", "rsa_pkcs1_sha512",
    };

    /** {@code SSLParameters}' group and scheme accessors: JDK 20+, else null. */
    private static final Method GET_NAMED_GROUPS = method("getNamedGroups");
    private static final Method SET_NAMED_GROUPS = method("setNamedGroups", String[].class);
    private static final Method GET_SIGNATURE_SCHEMES = method("getSignatureSchemes");
    private static final Method SET_SIGNATURE_SCHEMES = method("setSignatureSchemes", String[].class);

    /** Ours, filtered to what the crypto serves; null when {@code jdk.tls.namedGroups} names them. */
    private final String[] namedGroups;
    private final String[] earlyKeyShares;
    private final String[] clientSuites;
    private final String[] serverSuites;
    private final boolean smOnly;

    /**
     * The defaults of an SM-only context: the RFC 8998 suites, curveSM2 and sm2sig_sm3 alone, TLS
     * 1.3 alone, whatever the system properties name.
     */
    static ShangMiDefaults smOnly() {
        return new ShangMiDefaults();
    }

    private ShangMiDefaults() {
        this.namedGroups = new String[] {"curveSM2"};
        this.earlyKeyShares = new String[] {"curveSM2"};
        this.clientSuites = SM_CIPHER_SUITES.toArray(String[]::new);
        this.serverSuites = clientSuites;
        this.smOnly = true;
    }

    /** Whether these are an SM-only context's defaults. */
    boolean isSmOnly() {
        return smOnly;
    }

    /**
     * The defaults for a context whose crypto is {@code crypto} (only groups it can serve: no
     * warning per connection) and whose Bouncy Castle defaults for each side are given.
     */
    ShangMiDefaults(TlsCrypto crypto, String[] bouncyCastleClientSuites, String[] bouncyCastleServerSuites) {
        String groupsProperty = System.getProperty("jdk.tls.namedGroups");
        this.namedGroups = groupsProperty != null ? null
                : Arrays.stream(NAMED_GROUPS).filter(crypto::hasNamedGroup).mapToObj(NamedGroup::getName).toArray(String[]::new);
        List<String> groups = groupsProperty != null ? names(groupsProperty) : names(String.join(",", namedGroups));
        String[] early = EARLY_KEY_SHARES.stream().filter(share -> groups.contains(share.toLowerCase(Locale.ROOT)))
                .toArray(String[]::new);
        this.earlyKeyShares = System.getProperty("org.bouncycastle.jsse.client.earlyKeyShares") != null || early.length == 0
                ? null : early;
        this.clientSuites = isUnset("jdk.tls.client.cipherSuites") ? smFirst(bouncyCastleClientSuites) : bouncyCastleClientSuites;
        this.serverSuites = isUnset("jdk.tls.server.cipherSuites") ? smFirst(bouncyCastleServerSuites) : bouncyCastleServerSuites;
        this.smOnly = false;
    }

    /** The default suites of one side. */
    String[] cipherSuites(boolean client) {
        return (client ? clientSuites : serverSuites).clone();
    }

    /** Our schemes for one side, or null (Bouncy Castle's, from the property) when its property names them. */
    private String[] signatureSchemes(boolean client) {
        if (smOnly) {
            return new String[] {"sm2sig_sm3"};
        }
        return isUnset(client ? "jdk.tls.client.SignatureSchemes" : "jdk.tls.server.SignatureSchemes")
                ? SIGNATURE_SCHEMES.clone() : null;
    }

    /**
     * Refuses, in an SM-only context, a setting that names a suite other than the RFC 8998 ones or
     * a protocol other than TLS 1.3 (the crypto would never negotiate them: this says so at once).
     */
    void checkSmOnly(String[] suites, String[] protocols) {
        if (!smOnly) {
            return;
        }
        for (String suite : suites == null ? new String[0] : suites) {
            if (!SM_CIPHER_SUITES.contains(suite)) {
                throw new IllegalArgumentException("an SM-only context (TLSv1.3-SM) negotiates " + SM_CIPHER_SUITES
                        + " only, not " + suite);
            }
        }
        for (String protocol : protocols == null ? new String[0] : protocols) {
            if (!"TLSv1.3".equals(protocol)) {
                throw new IllegalArgumentException("an SM-only context (TLSv1.3-SM) speaks TLSv1.3 only, not " + protocol);
            }
        }
    }

    /** A new engine's or socket's parameters with every default of the side; the server's order decides. */
    BCSSLParameters forSide(BCSSLParameters parameters, boolean client) {
        if (smOnly) {
            parameters.setProtocols(new String[] {"TLSv1.3"});
        }
        parameters.setCipherSuites(cipherSuites(client));
        parameters.setNamedGroups(namedGroups == null ? null : namedGroups.clone());
        parameters.setSignatureSchemes(signatureSchemes(client));
        parameters.setEarlyKeyShares(client && earlyKeyShares != null ? earlyKeyShares.clone() : null);
        parameters.setUseCipherSuitesOrder(true);
        parameters.setUseNamedGroupsOrder(true);
        return parameters;
    }

    /**
     * After standard {@code parameters} were set: on JDK 20+ an unset group or scheme list (null)
     * made Bouncy Castle fall back to its own defaults, which have no SM group or scheme; ours
     * apply instead. Before JDK 20 {@code SSLParameters} carries neither and the lists stayed.
     */
    BCSSLParameters restoreUnset(BCSSLParameters current, SSLParameters parameters, boolean client) {
        if (GET_NAMED_GROUPS != null && invoke(GET_NAMED_GROUPS, parameters) == null && namedGroups != null) {
            current.setNamedGroups(namedGroups.clone());
        }
        if (GET_SIGNATURE_SCHEMES != null && invoke(GET_SIGNATURE_SCHEMES, parameters) == null) {
            current.setSignatureSchemes(signatureSchemes(client));
        }
        return current;
    }

    /**
     * The defaults in standard parameters (a client's, as {@code SSLContext} defines them): the
     * suites, and from JDK 20 the groups and schemes, so that an engine given them keeps them.
     */
    SSLParameters clientParameters(SSLParameters parameters) {
        if (smOnly) {
            parameters.setProtocols(new String[] {"TLSv1.3"});
        }
        parameters.setCipherSuites(cipherSuites(true));
        if (SET_NAMED_GROUPS != null && namedGroups != null) {
            invoke(SET_NAMED_GROUPS, parameters, (Object) namedGroups.clone());
        }
        String[] schemes = signatureSchemes(true);
        if (SET_SIGNATURE_SCHEMES != null && schemes != null) {
            invoke(SET_SIGNATURE_SCHEMES, parameters, (Object) schemes);
        }
        return parameters;
    }

    /** The RFC 8998 suites, then {@code suites} without them. */
    static String[] smFirst(String[] suites) {
        List<String> ordered = new ArrayList<>(SM_CIPHER_SUITES);
        Arrays.stream(suites).filter(suite -> !SM_CIPHER_SUITES.contains(suite)).forEach(ordered::add);
        return ordered.toArray(String[]::new);
    }

    private static List<String> names(String list) {
        return Arrays.stream(list.split(",")).map(name -> name.trim().toLowerCase(Locale.ROOT)).toList();
    }

    private static boolean isUnset(String property) {
        return System.getProperty(property) == null;
    }

    private static Method method(String name, Class<?>... parameterTypes) {
        try {
            return SSLParameters.class.getMethod(name, parameterTypes);
        } catch (NoSuchMethodException beforeJdk20) {
            return null;
        }
    }

    private static Object invoke(Method method, SSLParameters parameters, Object... arguments) {
        try {
            return method.invoke(parameters, arguments);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("SSLParameters." + method.getName() + " failed", e);
        }
    }
}
