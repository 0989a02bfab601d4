package org.shangmi.bench;

import com.tencent.kona.crypto.KonaCryptoProvider;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import javax.crypto.Mac;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.shangmi.provider.Backend;
import org.shangmi.provider.ShangMiProvider;

/**
 * The implementations a benchmark's {@code provider} parameter names: each ShangMi backend, the
 * peers, and the JDK's own algorithm of the same kind as a reference (a different algorithm,
 * so a yardstick, not a competitor).
 */
enum Peers {
    /** ShangMi with its pure-Java engines. */
    SHANGMI_JAVA("ShangMi-Java", "SM3", "HmacSM3") {
        @Override
        Provider provider() {
            return new ShangMiProvider(Backend.JAVA);
        }
    },
    /** Bouncy Castle's JCA provider. */
    BC("BC", "SM3", "HmacSM3") {
        @Override
        Provider provider() {
            return new BouncyCastleProvider();
        }
    },
    /** Tencent Kona's pure-Java provider (KonaCrypto). */
    KONA("Kona", "SM3", "HmacSM3") {
        @Override
        Provider provider() {
            return new KonaCryptoProvider();
        }
    },
    /** The JDK's SHA-256 and HmacSHA256, for scale. */
    JDK_SHA256("JDK-SHA256", "SHA-256", "HmacSHA256") {
        @Override
        Provider provider() {
            return null;
        }
    };

    private final String label;
    private final String digest;
    private final String mac;

    Peers(String label, String digest, String mac) {
        this.label = label;
        this.digest = digest;
        this.mac = mac;
    }

    /** The provider, or null for the JDK's default providers. */
    abstract Provider provider();

    static Peers forLabel(String label) {
        for (Peers peer : values()) {
            if (peer.label.equals(label)) {
                return peer;
            }
        }
        throw new IllegalArgumentException("unknown provider " + label);
    }

    MessageDigest messageDigest() throws NoSuchAlgorithmException {
        Provider provider = provider();
        return provider == null ? MessageDigest.getInstance(digest) : MessageDigest.getInstance(digest, provider);
    }

    Mac mac() throws NoSuchAlgorithmException {
        Provider provider = provider();
        return provider == null ? Mac.getInstance(mac) : Mac.getInstance(mac, provider);
    }

    String macAlgorithm() {
        return mac;
    }
}
