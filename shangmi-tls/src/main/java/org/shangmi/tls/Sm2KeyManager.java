package org.shangmi.tls;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509KeyManager;
import org.bouncycastle.jsse.BCX509ExtendedKeyManager;
import org.bouncycastle.jsse.BCX509Key;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * Offers the SM2 keys of a standard key manager (for example a {@code KeyManagerFactory} over a
 * PKCS#12 keystore) for the key type Bouncy Castle's TLS 1.3 asks for with sm2sig_sm3,
 * {@code "EC/sm2p256v1"}: its own key managers know no SM2 curve. Other key types are not offered.
 */
public final class Sm2KeyManager extends BCX509ExtendedKeyManager {

    /** The key type of sm2sig_sm3 in Bouncy Castle's TLS 1.3. */
    static final String SM2_KEY_TYPE = "EC/sm2p256v1";

    private final X509KeyManager keys;

    /** SM2 keys of {@code keys}, whose key type for them is "EC". */
    public Sm2KeyManager(X509KeyManager keys) {
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return sm2Aliases(keyType, keys.getClientAliases("EC", issuers));
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return sm2Aliases(keyType, keys.getServerAliases("EC", issuers));
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        for (String keyType : keyTypes) {
            String[] aliases = getClientAliases(keyType, issuers);
            if (aliases != null) {
                return aliases[0];
            }
        }
        return null;
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        String[] aliases = getServerAliases(keyType, issuers);
        return aliases == null ? null : aliases[0];
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return chooseClientAlias(keyTypes, issuers, null);
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return chooseServerAlias(keyType, issuers, null);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return keys.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return keys.getPrivateKey(alias);
    }

    @Override
    protected BCX509Key getKeyBC(String keyType, String alias) {
        if (!SM2_KEY_TYPE.equals(keyType) || alias == null) {
            return null;
        }
        X509Certificate[] chain = keys.getCertificateChain(alias);
        PrivateKey key = keys.getPrivateKey(alias);
        if (chain == null || chain.length == 0 || key == null || !isSm2(chain[0])) {
            return null;
        }
        return new BCX509Key() {
            @Override
            public X509Certificate[] getCertificateChain() {
                return chain.clone();
            }

            @Override
            public String getKeyType() {
                return SM2_KEY_TYPE;
            }

            @Override
            public PrivateKey getPrivateKey() {
                return key;
            }
        };
    }

    private String[] sm2Aliases(String keyType, String[] candidates) {
        if (!SM2_KEY_TYPE.equals(keyType) || candidates == null) {
            return null;
        }
        List<String> aliases = new ArrayList<>();
        for (String alias : candidates) {
            X509Certificate[] chain = keys.getCertificateChain(alias);
            if (chain != null && chain.length > 0 && isSm2(chain[0])) {
                aliases.add(alias);
            }
        }
        return aliases.isEmpty() ? null : aliases.toArray(String[]::new);
    }

    /** Whether the certificate's key is on sm2p256v1. */
    static boolean isSm2(X509Certificate certificate) {
        if (!(certificate.getPublicKey() instanceof ECPublicKey key)) {
            return false;
        }
        ECParameterSpec params = key.getParams();
        ECParameterSpec sm2 = Sm2ParameterSpec.INSTANCE;
        return params.getCurve().equals(sm2.getCurve()) && params.getGenerator().equals(sm2.getGenerator())
                && params.getOrder().equals(sm2.getOrder());
    }
}
