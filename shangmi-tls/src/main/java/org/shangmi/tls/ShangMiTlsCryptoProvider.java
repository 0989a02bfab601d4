package org.shangmi.tls;

import java.security.SecureRandom;
import org.bouncycastle.jcajce.util.DefaultJcaJceHelper;
import org.bouncycastle.jcajce.util.JcaJceHelper;
import org.bouncycastle.tls.crypto.impl.jcajce.JcaTlsCrypto;
import org.bouncycastle.tls.crypto.impl.jcajce.JcaTlsCryptoProvider;

/**
 * The TLS crypto for Bouncy Castle's JSSE provider
 * ({@code new BouncyCastleJsseProvider(false, new ShangMiTlsCryptoProvider())}): the installed
 * JCA providers, with ShangMi ahead of SunEC, serve every algorithm; {@link ShangMiTlsCrypto}
 * adapts the calls the RFC 8998 suites make.
 */
public final class ShangMiTlsCryptoProvider extends JcaTlsCryptoProvider {

    private final boolean smOnly;

    /** The crypto of every algorithm the installed providers serve. */
    public ShangMiTlsCryptoProvider() {
        this(false);
    }

    /** With {@code smOnly}, the crypto of the RFC 8998 algorithms alone (ShangMiTLS's SM-only contexts). */
    ShangMiTlsCryptoProvider(boolean smOnly) {
        this.smOnly = smOnly;
    }

    @Override
    public JcaTlsCrypto create(SecureRandom random) {
        return create(random != null ? random : new SecureRandom(), new SecureRandom());
    }

    @Override
    public JcaTlsCrypto create(SecureRandom keyRandom, SecureRandom nonceRandom) {
        JcaJceHelper helper = getHelper();
        // the installed providers unless a provider was named with setProvider
        return new ShangMiTlsCrypto(helper.getClass() == DefaultJcaJceHelper.class ? new PssNamesHelper() : helper,
                keyRandom, nonceRandom, smOnly);
    }
}
