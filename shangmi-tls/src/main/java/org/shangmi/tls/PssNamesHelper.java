package org.shangmi.tls;

import java.security.NoSuchAlgorithmException;
import java.security.Signature;
import java.util.Locale;
import org.bouncycastle.jcajce.util.DefaultJcaJceHelper;

/**
 * The installed providers, as Bouncy Castle's TLS engine looks them up, with one name added:
 * the engine asks for RSASSA-PSS as {@code SHA256WITHRSAANDMGF1} (Bouncy Castle's provider's name)
 * or {@code SHA256WITHRSASSA-PSS} (PKCS#11's), which the JDK's providers do not know; they answer
 * to {@code RSASSA-PSS}, which the engine always configures with its PSS parameters. Without it
 * TLS 1.3 with RSA certificates (rsa_pss_rsae_*) would be unavailable.
 */
final class PssNamesHelper extends DefaultJcaJceHelper {

    @Override
    public Signature createSignature(String algorithm) throws NoSuchAlgorithmException {
        try {
            return super.createSignature(algorithm);
        } catch (NoSuchAlgorithmException unknown) {
            String jcaName = jcaName(algorithm);
            if (jcaName.equals(algorithm)) {
                throw unknown;
            }
            return super.createSignature(jcaName);
        }
    }

    /** {@code RSASSA-PSS} for the engine's names of it, with any digest; other names as they are. */
    static String jcaName(String algorithm) {
        String upper = algorithm.toUpperCase(Locale.ROOT);
        return upper.endsWith("WITHRSAANDMGF1") || upper.endsWith("WITHRSASSA-PSS") ? "RSASSA-PSS" : algorithm;
    }
}
