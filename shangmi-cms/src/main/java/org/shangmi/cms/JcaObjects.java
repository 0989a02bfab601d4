package org.shangmi.cms;

import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.security.SignatureException;
import javax.crypto.Cipher;
import org.shangmi.provider.ShangMiProvider;

/**
 * Where the JCA objects come from: ShangMi (the installed instance, else one of our own), or, for
 * a private key ShangMi cannot use (a token's), the provider the JCA finds for that key.
 */
final class JcaObjects {

    private static final class Own {
        static final Provider PROVIDER = new ShangMiProvider();
    }

    private JcaObjects() {
    }

    static Provider shangMi() {
        Provider installed = Security.getProvider("ShangMi");
        return installed != null ? installed : Own.PROVIDER;
    }

    static MessageDigest sm3() throws NoSuchAlgorithmException {
        return MessageDigest.getInstance("SM3", shangMi());
    }

    /** A Signature initialised to sign with {@code key}: ShangMi's if it takes the key, else the JCA's choice. */
    static Signature signer(String algorithm, PrivateKey key) throws GeneralSecurityException {
        Signature signature = Signature.getInstance(algorithm, shangMi());
        try {
            signature.initSign(key);
        } catch (InvalidKeyException notOurs) {
            signature = Signature.getInstance(algorithm);
            signature.initSign(key);
        }
        return signature;
    }

    /** A Cipher initialised with {@code key} in {@code mode}: ShangMi's if it takes the key, else the JCA's choice. */
    static Cipher cipher(String transformation, int mode, java.security.Key key) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(transformation, shangMi());
        try {
            cipher.init(mode, key);
        } catch (InvalidKeyException notOurs) {
            cipher = Cipher.getInstance(transformation);
            cipher.init(mode, key);
        }
        return cipher;
    }

    /** An OutputStream that feeds Signatures, as Bouncy Castle's operators expect. */
    static OutputStream updating(Signature... signatures) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                try {
                    for (Signature signature : signatures) {
                        signature.update(b, off, len);
                    }
                } catch (SignatureException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }
}
