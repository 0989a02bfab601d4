package org.shangmi.cli;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The keys of the command line under fixed aliases, offered whatever the peer's list of
 * certificate authorities says, as openssl's s_client and s_server offer theirs: the first entry
 * is the one chosen for a TLS handshake; TLCP names its signing and encryption entries through
 * {@code TlcpParameters.setKeyAliases}. Whether a key fits the key type of a handshake is left
 * to the ShangMiTLS context, which checks the certificate.
 */
final class FixedKeyManager extends X509ExtendedKeyManager {

    /** A private key and its certificate chain, leaf first. */
    record Entry(PrivateKey key, X509Certificate[] chain) {
    }

    private final Map<String, Entry> entries;
    private final String first;

    /** @param entries the entries by alias, in order; the first is the one chosen */
    FixedKeyManager(Map<String, Entry> entries) {
        this.entries = new LinkedHashMap<>();
        entries.forEach((alias, entry) -> this.entries.put(alias, new Entry(entry.key(), entry.chain().clone())));
        this.first = entries.keySet().iterator().next();
    }

    private String[] aliases() {
        return entries.keySet().toArray(String[]::new);
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return aliases();
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return first;
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return aliases();
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return first;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return first;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return first;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        Entry entry = entries.get(alias);
        return entry == null ? null : entry.chain().clone();
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        Entry entry = entries.get(alias);
        return entry == null ? null : entry.key();
    }
}
