package org.shangmi.cli;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * One key and its certificate chain, offered whatever the peer's list of certificate authorities
 * says, as openssl's s_client and s_server offer theirs. Whether the key fits the key type of a
 * handshake is left to the ShangMiTLS context, which checks the certificate.
 */
final class SingleKeyManager extends X509ExtendedKeyManager {

    private static final String ALIAS = "cert";

    private final PrivateKey key;
    private final X509Certificate[] chain;

    SingleKeyManager(PrivateKey key, X509Certificate[] chain) {
        this.key = key;
        this.chain = chain.clone();
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return new String[] {ALIAS};
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return ALIAS;
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return new String[] {ALIAS};
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return ALIAS;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return ALIAS;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return ALIAS;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return ALIAS.equals(alias) ? chain.clone() : null;
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return ALIAS.equals(alias) ? key : null;
    }
}
