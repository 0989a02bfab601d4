package org.shangmi.tls.tlcp;

import org.shangmi.tls.TlcpParameters;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.X509KeyManager;

/**
 * One side's TLCP credentials: a signing key pair and an encryption key pair, each with its
 * certificate chain, both SM2 (GB/T 38636-2020 section 6.4.5.3). They come from an
 * {@link X509KeyManager} under two aliases: given explicitly, or found among the manager's SM2
 * entries by key usage (signing: digitalSignature or nonRepudiation; encryption: keyEncipherment,
 * dataEncipherment or keyAgreement), an encryption certificate with the signing certificate's
 * subject and issuer preferred, certificates valid now preferred.
 */
record DoubleCertificates(String signAlias, PrivateKey signKey, X509Certificate[] signChain,
        String encAlias, PrivateKey encKey, X509Certificate[] encChain) {

    private static final String EC = "EC";
    private static final int DIGITAL_SIGNATURE = 0;
    private static final int NON_REPUDIATION = 1;
    private static final int KEY_ENCIPHERMENT = 2;
    private static final int DATA_ENCIPHERMENT = 3;
    private static final int KEY_AGREEMENT = 4;

    /**
     * The certificate list a Certificate message carries, in the order given: a server's, and a
     * client's in every suite (an ECC client's too: GB/T 38636-2020 6.4.5.6 reads as both
     * certificates to Kona and GmSSL, whose servers ask for the encryption certificate).
     */
    X509Certificate[] certificateList(TlcpParameters.CertificateOrder order) {
        List<X509Certificate> list = new ArrayList<>();
        list.add(signChain[0]);
        List<X509Certificate> authorities = order == TlcpParameters.CertificateOrder.SIGN_ENC
                ? List.of() : Arrays.asList(signChain).subList(1, signChain.length);
        boolean encLast = order == TlcpParameters.CertificateOrder.SIGN_CA_ENC;
        if (!encLast) {
            list.add(encChain[0]);
        }
        list.addAll(authorities);
        if (encLast) {
            list.add(encChain[0]);
        }
        return list.toArray(new X509Certificate[0]);
    }

    /**
     * The credentials for one side from the key manager, or null if it holds no usable pair.
     *
     * @param self the side the pairs are for (extended key usage serverAuth or clientAuth)
     * @param signAlias, encAlias explicit aliases, or null to choose by key usage
     */
    static DoubleCertificates choose(X509KeyManager keys, Side self, String signAlias, String encAlias) {
        boolean server = self == Side.SERVER;
        if (keys == null) {
            return null;
        }
        Set<String> aliases = new LinkedHashSet<>();
        for (String type : new String[] {EC, "SM2"}) {
            String[] found = server ? keys.getServerAliases(type, null) : keys.getClientAliases(type, null);
            if (found != null) {
                aliases.addAll(Arrays.asList(found));
            }
        }
        String sign = signAlias != null ? signAlias : best(keys, aliases, server, true, null);
        if (sign == null) {
            return null;
        }
        X509Certificate[] signChain = keys.getCertificateChain(sign);
        String enc = encAlias != null ? encAlias : best(keys, aliases, server, false, signChain == null ? null : signChain[0]);
        if (enc == null || enc.equals(sign)) {
            return null;
        }
        X509Certificate[] encChain = keys.getCertificateChain(enc);
        PrivateKey signKey = keys.getPrivateKey(sign);
        PrivateKey encKey = keys.getPrivateKey(enc);
        if (signChain == null || signChain.length == 0 || encChain == null || encChain.length == 0
                || signKey == null || encKey == null || !Certificates.isSm2(signChain[0]) || !Certificates.isSm2(encChain[0])) {
            return null;
        }
        return new DoubleCertificates(sign, signKey, signChain, enc, encKey, encChain);
    }

    /**
     * Why {@link #choose} finds no credentials, in words for an administrator: what the key
     * manager holds and what TLCP needs of it.
     */
    static String whyNone(X509KeyManager keys, Side self, String signAlias, String encAlias) {
        boolean server = self == Side.SERVER;
        String side = server ? "server" : "client";
        if (keys == null) {
            return "no key manager was given to SSLContext.init";
        }
        if (signAlias != null) {
            for (String alias : new String[] {signAlias, encAlias}) {
                X509Certificate[] chain = keys.getCertificateChain(alias);
                if (chain == null || chain.length == 0 || keys.getPrivateKey(alias) == null) {
                    return "the key manager has no key entry under the alias \"" + alias + "\" (TlcpParameters.setKeyAliases)";
                }
                if (!Certificates.isSm2(chain[0])) {
                    return "the key entry \"" + alias + "\" does not hold an SM2 key";
                }
            }
            return "the entries \"" + signAlias + "\" and \"" + encAlias + "\" are one entry";
        }
        Set<String> aliases = new LinkedHashSet<>();
        for (String type : new String[] {EC, "SM2"}) {
            String[] found = server ? keys.getServerAliases(type, null) : keys.getClientAliases(type, null);
            if (found != null) {
                aliases.addAll(Arrays.asList(found));
            }
        }
        List<String> sm2 = new ArrayList<>();
        List<String> otherSide = new ArrayList<>();
        for (String alias : aliases) {
            X509Certificate[] chain = keys.getCertificateChain(alias);
            if (chain != null && chain.length > 0 && Certificates.isSm2(chain[0])) {
                (Certificates.forSide(chain[0], server) ? sm2 : otherSide).add(alias);
            }
        }
        String needs = "TLCP needs two SM2 entries: a signing one (key usage digitalSignature or nonRepudiation) and an "
                + "encryption one (keyEncipherment, dataEncipherment or keyAgreement)";
        if (sm2.isEmpty()) {
            return otherSide.isEmpty() ? "the key manager lists no SM2 key entry for a " + side + "; " + needs
                    : "the SM2 entries " + otherSide + " are not for a " + side + " (their extendedKeyUsage); " + needs;
        }
        if (sm2.size() == 1) {
            return "the key manager lists one SM2 entry for a " + side + " (\"" + sm2.get(0) + "\"); " + needs;
        }
        boolean signing = false;
        boolean encryption = false;
        for (String alias : sm2) {
            boolean[] usage = keys.getCertificateChain(alias)[0].getKeyUsage();
            signing |= usage == null || has(usage, DIGITAL_SIGNATURE) || has(usage, NON_REPUDIATION);
            encryption |= usage == null || encrypts(usage);
        }
        if (!signing || !encryption) {
            return "none of the SM2 entries " + sm2 + " allows " + (signing ? "encryption" : "signing") + "; " + needs;
        }
        return "the SM2 entries " + sm2 + " hold no private key the key manager gives out; " + needs;
    }

    /** The best alias for signing or for encryption: valid, paired with the signing certificate, first listed. */
    private static String best(X509KeyManager keys, Set<String> aliases, boolean server, boolean signing,
            X509Certificate partner) {
        String best = null;
        int bestScore = -1;
        for (String alias : aliases) {
            X509Certificate[] chain = keys.getCertificateChain(alias);
            if (chain == null || chain.length == 0 || !Certificates.isSm2(chain[0]) || !Certificates.forSide(chain[0], server)) {
                continue;
            }
            X509Certificate certificate = chain[0];
            boolean[] usage = certificate.getKeyUsage();
            int score;
            if (usage == null) {
                score = 0; // fits either, below every certificate that says what it is for
            } else if (signing ? has(usage, DIGITAL_SIGNATURE) || has(usage, NON_REPUDIATION) : encrypts(usage)) {
                score = signing ? (encrypts(usage) ? 1 : 2) : (has(usage, DIGITAL_SIGNATURE) ? 1 : 2);
            } else {
                continue;
            }
            if (partner != null && certificate.getSubjectX500Principal().equals(partner.getSubjectX500Principal())
                    && certificate.getIssuerX500Principal().equals(partner.getIssuerX500Principal())
                    && !certificate.equals(partner)) {
                score += 4;
            }
            if (partner != null && certificate.equals(partner)) {
                continue;
            }
            if (Certificates.isValidNow(certificate)) {
                score += 8;
            }
            if (score > bestScore) {
                best = alias;
                bestScore = score;
            }
        }
        return best;
    }

    static boolean encrypts(boolean[] usage) {
        return has(usage, KEY_ENCIPHERMENT) || has(usage, DATA_ENCIPHERMENT) || has(usage, KEY_AGREEMENT);
    }

    static boolean has(boolean[] usage, int bit) {
        return usage != null && usage.length > bit && usage[bit];
    }

    /** Whether the certificate's key usage (where it states one) allows encrypting a pre-master secret to it. */
    static boolean allowsKeyEncipherment(X509Certificate certificate) {
        boolean[] usage = certificate.getKeyUsage();
        return usage == null || has(usage, KEY_ENCIPHERMENT) || has(usage, DATA_ENCIPHERMENT);
    }

    /** Whether the certificate's key usage (where it states one) allows the SM2 key exchange. */
    static boolean allowsKeyExchange(X509Certificate certificate) {
        boolean[] usage = certificate.getKeyUsage();
        return usage == null || has(usage, KEY_AGREEMENT) || has(usage, KEY_ENCIPHERMENT);
    }

    /** Whether the certificate's key usage (where it states one) allows signing. */
    static boolean allowsSigning(X509Certificate certificate) {
        boolean[] usage = certificate.getKeyUsage();
        return usage == null || has(usage, DIGITAL_SIGNATURE) || has(usage, NON_REPUDIATION);
    }

    @Override
    public String toString() {
        return "DoubleCertificates[sign " + signAlias + ", enc " + encAlias + "]";
    }
}
