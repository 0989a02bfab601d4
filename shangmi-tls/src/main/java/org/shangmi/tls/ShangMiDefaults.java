package org.shangmi.tls;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SSLParameters;
import org.bouncycastle.jsse.BCSSLEngine;
import org.bouncycastle.jsse.BCSSLParameters;
import org.bouncycastle.jsse.BCSSLSocket;
import org.bouncycastle.tls.NamedGroup;
import org.bouncycastle.tls.crypto.TlsCrypto;

/**
 * What a ShangMiTLS connection enables unless the application says otherwise: the RFC 8998
 * suites, the curveSM2 group and the sm2sig_sm3 scheme first, then the standard ones Bouncy
 * Castle enables by default, so the SM suites win when both sides offer them and every other
 * peer is still served. A system property that names suites, groups or schemes
 * ({@code jdk.tls.namedGroups} and the like) replaces the corresponding list here, as it does in
 * every JSSE provider.
 */
final class ShangMiDefaults {

    static final List<String> SM_CIPHER_SUITES = List.of("TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3");

    /** Bouncy Castle's default groups with curveSM2 first (its brainpool groups are left out: no JDK has them). */
    private static final int[] NAMED_GROUPS = {
        NamedGroup.curveSM2, NamedGroup.x25519, NamedGroup.x448, NamedGroup.secp256r1, NamedGroup.secp384r1,
        NamedGroup.secp521r1, NamedGroup.ffdhe2048, NamedGroup.ffdhe3072, NamedGroup.ffdhe4096, NamedGroup.X25519MLKEM768,
    };

    /** Key shares a client sends in its first ClientHello: an SM server and any other answer without a retry. */
    private static final String[] EARLY_KEY_SHARES = {"curveSM2", "x25519"};

    /** Bouncy Castle's default schemes with sm2sig_sm3 first. */
    private static final String[] SIGNATURE_SCHEMES = {
        "sm2sig_sm3", "ed25519", "ed448", "ecdsa_secp256r1_sha256", "ecdsa_secp384r1_sha384", "ecdsa_secp521r1_sha512",
        "rsa_pss_pss_sha256", "rsa_pss_pss_sha384", "rsa_pss_pss_sha512",
        "rsa_pss_rsae_sha256", "rsa_pss_rsae_sha384", "rsa_pss_rsae_sha512",
        "rsa_pkcs1_sha256", "rsa_pkcs1_sha384", "rsa_pkcs1_sha512", "dsa_sha256",
        "ecdsa_sha224", "rsa_sha224", "dsa_sha224", "ecdsa_sha1", "rsa_pkcs1_sha1", "dsa_sha1",
    };

    /** {@code SSLParameters.getNamedGroups}/{@code getSignatureSchemes}: JDK 20+, else null. */
    private static final java.lang.reflect.Method NAMED_GROUPS_GETTER = getter("getNamedGroups");
    private static final java.lang.reflect.Method SIGNATURE_SCHEMES_GETTER = getter("getSignatureSchemes");

    private final String[] namedGroups;

    /** The defaults for a context whose crypto is {@code crypto}: only groups it can serve (no warning per connection). */
    ShangMiDefaults(TlsCrypto crypto) {
        this.namedGroups = java.util.Arrays.stream(NAMED_GROUPS).filter(crypto::hasNamedGroup)
                .mapToObj(NamedGroup::getName).toArray(String[]::new);
    }

    /**
     * The defaults in standard parameters: the suites, and from JDK 20 (where
     * {@code SSLParameters} names groups and schemes) the groups and schemes, so that an
     * application that sets {@code context.getDefaultSSLParameters()} on an engine, as the JDK's
     * HttpClient does, keeps them.
     */
    SSLParameters apply(SSLParameters parameters) {
        parameters.setCipherSuites(cipherSuites(parameters.getCipherSuites()));
        if (isUnset("jdk.tls.namedGroups")) {
            invokeIfPresent(parameters, "setNamedGroups", namedGroups.clone());
        }
        if (isUnset("jdk.tls.client.SignatureSchemes") && isUnset("jdk.tls.server.SignatureSchemes")) {
            invokeIfPresent(parameters, "setSignatureSchemes", SIGNATURE_SCHEMES.clone());
        }
        return parameters;
    }

    /**
     * After standard {@code parameters} were set on {@code engine}: on JDK 20+ an unset group or
     * scheme list (null) made Bouncy Castle fall back to its own defaults; ShangMiTLS's apply
     * instead. Before JDK 20 the engine kept its lists.
     */
    void restoreUnset(BCSSLEngine engine, SSLParameters parameters) {
        boolean groups = isUnset("jdk.tls.namedGroups") && NAMED_GROUPS_GETTER != null
                && invoke(NAMED_GROUPS_GETTER, parameters) == null;
        boolean schemes = isUnset("jdk.tls.client.SignatureSchemes") && isUnset("jdk.tls.server.SignatureSchemes")
                && SIGNATURE_SCHEMES_GETTER != null && invoke(SIGNATURE_SCHEMES_GETTER, parameters) == null;
        if (groups || schemes) {
            BCSSLParameters current = engine.getParameters();
            if (groups) {
                current.setNamedGroups(namedGroups.clone());
            }
            if (schemes) {
                current.setSignatureSchemes(SIGNATURE_SCHEMES.clone());
            }
            engine.setParameters(current);
        }
    }

    private static java.lang.reflect.Method getter(String name) {
        try {
            return SSLParameters.class.getMethod(name);
        } catch (NoSuchMethodException beforeJdk20) {
            return null;
        }
    }

    private static Object invoke(java.lang.reflect.Method getter, SSLParameters parameters) {
        try {
            return getter.invoke(parameters);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("SSLParameters." + getter.getName() + " failed", e);
        }
    }

    private static void invokeIfPresent(SSLParameters parameters, String setter, String[] values) {
        java.lang.reflect.Method method;
        try {
            method = SSLParameters.class.getMethod(setter, String[].class);
        } catch (NoSuchMethodException beforeJdk20) {
            return;
        }
        try {
            method.invoke(parameters, (Object) values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("SSLParameters." + setter + " failed", e);
        }
    }

    /** A new {@code engine} with the ShangMiTLS defaults. */
    BCSSLEngine apply(BCSSLEngine engine) {
        BCSSLParameters parameters = engine.getParameters();
        parameters.setCipherSuites(cipherSuites(parameters.getCipherSuites()));
        engine.setParameters(apply(parameters));
        return engine;
    }

    /** A new client {@code socket} with the ShangMiTLS defaults. */
    BCSSLSocket apply(BCSSLSocket socket) {
        BCSSLParameters parameters = socket.getParameters();
        parameters.setCipherSuites(cipherSuites(parameters.getCipherSuites()));
        socket.setParameters(apply(parameters));
        return socket;
    }

    /**
     * A socket a server socket accepted, with the groups and schemes filled in; its suites are the
     * server socket's, which started with the defaults and may have been chosen since.
     */
    BCSSLSocket applyAccepted(BCSSLSocket socket) {
        socket.setParameters(apply(socket.getParameters()));
        return socket;
    }

    /** The default suites, {@code defaults} from Bouncy Castle: the SM suites first unless a system property names the suites. */
    static String[] cipherSuites(String[] defaults) {
        return isUnset("jdk.tls.client.cipherSuites") && isUnset("jdk.tls.server.cipherSuites") ? smFirst(defaults) : defaults;
    }

    /** The parameters with groups and schemes filled in where neither they nor a system property name a list. */
    private BCSSLParameters apply(BCSSLParameters parameters) {
        if (parameters.getNamedGroups() == null && isUnset("jdk.tls.namedGroups")) {
            parameters.setNamedGroups(namedGroups.clone());
        }
        if (parameters.getEarlyKeyShares() == null && isUnset("org.bouncycastle.jsse.client.earlyKeyShares")) {
            parameters.setEarlyKeyShares(EARLY_KEY_SHARES.clone());
        }
        if (parameters.getSignatureSchemes() == null && isUnset("jdk.tls.client.SignatureSchemes")
                && isUnset("jdk.tls.server.SignatureSchemes")) {
            parameters.setSignatureSchemes(SIGNATURE_SCHEMES.clone());
        }
        parameters.setUseCipherSuitesOrder(true);
        parameters.setUseNamedGroupsOrder(true);
        return parameters;
    }

    /** The RFC 8998 suites, then {@code suites} without them. */
    static String[] smFirst(String[] suites) {
        List<String> ordered = new ArrayList<>(SM_CIPHER_SUITES);
        Arrays.stream(suites).filter(suite -> !SM_CIPHER_SUITES.contains(suite)).forEach(ordered::add);
        return ordered.toArray(String[]::new);
    }

    private static boolean isUnset(String property) {
        return System.getProperty(property) == null;
    }
}
