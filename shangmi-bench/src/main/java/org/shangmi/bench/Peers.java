package org.shangmi.bench;

import com.tencent.kona.crypto.KonaCryptoNativeOneShotProvider;
import com.tencent.kona.crypto.KonaCryptoNativeProvider;
import com.tencent.kona.crypto.KonaCryptoProvider;
import com.tencent.kona.crypto.spec.SM2PublicKeySpec;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.Arrays;
import javax.crypto.Cipher;
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
    SHANGMI_JAVA("ShangMi-Java", "SM3", "HmacSM3", new PublicKeyNames("SM2", null, "SM3withSM2", "SM2", false)) {
        @Override
        Provider provider() {
            return new ShangMiProvider(Backend.JAVA);
        }
    },
    /** ShangMi with the OpenSSL backend (the system's libcrypto through FFM). */
    SHANGMI_OPENSSL("ShangMi-OpenSSL", "SM3", "HmacSM3", new PublicKeyNames("SM2", null, "SM3withSM2", "SM2", false)) {
        @Override
        Provider provider() {
            return new ShangMiProvider(Backend.FFM);
        }
    },
    /** ShangMi with the JNI backend (the same libcrypto through libshangmi-jni). */
    SHANGMI_JNI("ShangMi-JNI", "SM3", "HmacSM3", new PublicKeyNames("SM2", null, "SM3withSM2", "SM2", false)) {
        @Override
        Provider provider() {
            return new ShangMiProvider(Backend.JNI);
        }
    },
    /** ShangMi as {@code new ShangMiProvider()} chooses per algorithm ({@code auto} unless properties say otherwise). */
    SHANGMI_AUTO("ShangMi-Auto", "SM3", "HmacSM3", new PublicKeyNames("SM2", null, "SM3withSM2", "SM2", false)) {
        @Override
        Provider provider() {
            return new ShangMiProvider();
        }
    },
    /** ShangMi with the vector backend (SM4 only; the fork adds the incubating Vector API). */
    SHANGMI_VECTOR("ShangMi-Vector", "SM3", "HmacSM3", new PublicKeyNames("SM2", null, "SM3withSM2", "SM2", false)) {
        @Override
        Provider provider() {
            ShangMiProvider provider = new ShangMiProvider(Backend.VECTOR);
            awaitVectorWarmUp();
            return provider;
        }
    },
    /** Bouncy Castle's JCA provider. */
    BC("BC", "SM3", "HmacSM3", new PublicKeyNames("EC", "sm2p256v1", "SM3withSM2", "SM2", false)) {
        @Override
        Provider provider() {
            return new BouncyCastleProvider();
        }
    },
    /** Tencent Kona's pure-Java provider (KonaCrypto). */
    KONA("Kona", "SM3", "HmacSM3", PublicKeyNames.KONA) {
        @Override
        Provider provider() {
            return new KonaCryptoProvider();
        }
    },
    /** Tencent Kona's OpenSSL-backed provider (KonaCrypto-Native), SM2 only here. */
    KONA_NATIVE("Kona-Native", "SM3", "HmacSM3", PublicKeyNames.KONA) {
        @Override
        Provider provider() {
            return new KonaCryptoNativeProvider();
        }
    },
    /** Tencent Kona's one-shot native provider: SM2 in single native calls, without state kept between them. */
    KONA_NATIVE_ONESHOT("Kona-NativeOneShot", "SM3", "HmacSM3", PublicKeyNames.KONA) {
        @Override
        Provider provider() {
            return new KonaCryptoNativeOneShotProvider();
        }
    },
    /** ECDSA on secp256k1 through Bouncy Castle (the JDK dropped the curve), for scale beside SM2. */
    BC_SECP256K1("BC-secp256k1", "SHA-256", "HmacSHA256", new PublicKeyNames("EC", "secp256k1", "SHA256withECDSA", null, false)) {
        @Override
        Provider provider() {
            return new BouncyCastleProvider();
        }
    },
    /** The JDK's SHA-256 and HmacSHA256, for scale. */
    JDK_SHA256("JDK-SHA256", "SHA-256", "HmacSHA256",
            new PublicKeyNames("EC", "secp256r1", "SHA256withECDSA", null, false)) {
        @Override
        Provider provider() {
            return null;
        }
    },
    /** The JDK's AES-128 (with the CPU's AES instructions), for scale beside SM4. */
    JDK_AES("JDK-AES", "SHA-256", "HmacSHA256",
            new PublicKeyNames("EC", "secp256r1", "SHA256withECDSA", null, false)) {
        @Override
        Provider provider() {
            return null;
        }

        @Override
        String blockCipher() {
            return "AES";
        }
    };

    /**
     * A provider's names for the public-key side: key pair generator (with the curve to ask for,
     * or null for its default), signature, and SM2 cipher (null if it has none); and whether its
     * key factory reads public keys only as the bare point (Kona) rather than X.509.
     */
    record PublicKeyNames(String keyPairGenerator, String curve, String signature, String cipher, boolean bareKeys) {
        /** Every Kona provider's: "SM2" for keys, signatures (SM3withSM2) and encryption. */
        static final PublicKeyNames KONA = new PublicKeyNames("SM2", null, "SM2", "SM2", true);
    }

    private final String label;
    private final String digest;
    private final String mac;
    private final PublicKeyNames publicKeyNames;

    Peers(String label, String digest, String mac, PublicKeyNames publicKeyNames) {
        this.label = label;
        this.digest = digest;
        this.mac = mac;
        this.publicKeyNames = publicKeyNames;
    }

    /** The provider, or null for the JDK's default providers. */
    abstract Provider provider();

    /**
     * Waits, a minute at most, for the vector backend's warm-up (on a thread of its own; the Java
     * circuit engine serves SM4 until it passes): ShangMi-Vector is to time the vector code.
     */
    private static void awaitVectorWarmUp() {
        try {
            if (!ShangMiProvider.awaitReady(Backend.VECTOR, Duration.ofMinutes(1))) {
                throw new IllegalStateException("the vector backend is not ready: "
                        + ShangMiProvider.backendStatus().get(Backend.VECTOR.ordinal()).details());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the vector backend warmed up", e);
        }
    }

    static Peers forLabel(String label) {
        for (Peers peer : values()) {
            if (peer.label.equals(label)) {
                return peer;
            }
        }
        throw new IllegalArgumentException("unknown provider " + label);
    }

    /** The 128-bit block cipher measured for this peer: SM4, or AES for the JDK yardstick. */
    String blockCipher() {
        return "SM4";
    }

    /** A Cipher for {@code blockCipher()/mode/NoPadding}. */
    Cipher blockCipher(String mode) throws GeneralSecurityException {
        String transformation = blockCipher() + "/" + mode + "/NoPadding";
        Provider provider = provider();
        return provider == null ? Cipher.getInstance(transformation) : Cipher.getInstance(transformation, provider);
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

    KeyPairGenerator keyPairGenerator() throws GeneralSecurityException {
        Provider provider = provider();
        String name = publicKeyNames.keyPairGenerator();
        KeyPairGenerator generator = provider == null ? KeyPairGenerator.getInstance(name) : KeyPairGenerator.getInstance(name, provider);
        if (publicKeyNames.curve() != null) {
            generator.initialize(new ECGenParameterSpec(publicKeyNames.curve()));
        }
        return generator;
    }

    /** The key factory for the key pair generator's algorithm. */
    KeyFactory keyFactory() throws GeneralSecurityException {
        Provider provider = provider();
        String name = publicKeyNames.keyPairGenerator();
        return provider == null ? KeyFactory.getInstance(name) : KeyFactory.getInstance(name, provider);
    }

    /** The public key in X.509 form, decoded through the provider's key factory. */
    PublicKey decodePublicKey(KeyFactory factory, byte[] x509) throws GeneralSecurityException {
        return publicKeyNames.bareKeys() ? decodeKonaPublicKey(factory, x509)
                : factory.generatePublic(new X509EncodedKeySpec(x509));
    }

    /**
     * Kona's SM2 key factory takes only its own spec of the raw point, which ends an SM2
     * SubjectPublicKeyInfo (65 bytes, uncompressed); reading it there is the decoding it needs.
     */
    private static PublicKey decodeKonaPublicKey(KeyFactory factory, byte[] x509) throws GeneralSecurityException {
        return factory.generatePublic(new SM2PublicKeySpec(Arrays.copyOfRange(x509, x509.length - 65, x509.length)));
    }

    Signature signature() throws GeneralSecurityException {
        Provider provider = provider();
        String name = publicKeyNames.signature();
        return provider == null ? Signature.getInstance(name) : Signature.getInstance(name, provider);
    }

    Cipher sm2Cipher() throws GeneralSecurityException {
        if (publicKeyNames.cipher() == null) {
            throw new IllegalArgumentException(label + " has no SM2 cipher");
        }
        return Cipher.getInstance(publicKeyNames.cipher(), provider());
    }
}
