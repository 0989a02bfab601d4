package org.shangmi.cms;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherOutputStream;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.IvParameterSpec;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.operator.GenericKey;
import org.bouncycastle.operator.OutputEncryptor;
import org.bouncycastle.operator.jcajce.JceGenericKey;

/**
 * Content encryption with SM4-CBC and PKCS#7 padding (1.2.156.10197.1.104.2, the IV as its OCTET
 * STRING parameter), through ShangMi's {@code Cipher}: a fresh key and IV per message.
 */
final class Sm4Cbc {

    static final int KEY_BYTES = 16;
    static final int IV_BYTES = 16;

    private Sm4Cbc() {
    }

    /** An encryptor under a fresh key; {@link ContentKey#destroy} its key once the message is made. */
    static OutputEncryptor encryptor(SecureRandom random, ContentKey[] keyHolder) throws GeneralSecurityException {
        byte[] fresh = new byte[KEY_BYTES];
        byte[] iv = new byte[IV_BYTES];
        random.nextBytes(fresh);
        random.nextBytes(iv);
        ContentKey key = new ContentKey(fresh);
        Arrays.fill(fresh, (byte) 0);
        keyHolder[0] = key;
        Cipher cipher = Cipher.getInstance("SM4/CBC/PKCS5Padding", JcaObjects.shangMi());
        cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
        AlgorithmIdentifier algorithm = new AlgorithmIdentifier(CmsOids.SM4_CBC, new DEROctetString(iv));
        return new OutputEncryptor() {
            @Override
            public AlgorithmIdentifier getAlgorithmIdentifier() {
                return algorithm;
            }

            @Override
            public OutputStream getOutputStream(OutputStream out) {
                return new CipherOutputStream(out, cipher);
            }

            @Override
            public GenericKey getKey() {
                return new JceGenericKey(algorithm, key);
            }
        };
    }

    /** Refuses content algorithms other than SM4-CBC with a 16-byte IV (before anything is decrypted). */
    static byte[] checkedIv(AlgorithmIdentifier algorithm) throws CmsException {
        if (!algorithm.getAlgorithm().equals(CmsOids.SM4_CBC)) {
            throw new CmsException("content encrypted with " + algorithm.getAlgorithm() + "; this library decrypts SM4-CBC ("
                    + CmsOids.SM4_CBC + ") only");
        }
        byte[] iv;
        try {
            iv = ASN1OctetString.getInstance(algorithm.getParameters()).getOctets();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CmsException("SM4-CBC parameters are not an OCTET STRING IV", e);
        }
        if (iv.length != IV_BYTES) {
            throw new CmsException("an SM4-CBC IV is 16 bytes, the message has " + iv.length);
        }
        return iv;
    }

    /**
     * Decrypts {@code in} whole with the content key: all or nothing, so that no partial
     * plaintext leaves on a failure, which is one {@link BadPaddingException} whatever the cause
     * (padding, length, a content key of the wrong size).
     */
    static byte[] decrypt(byte[] iv, byte[] key, InputStream in) throws GeneralSecurityException, IOException {
        if (key.length != KEY_BYTES) {
            throw new BadPaddingException("the content does not decrypt: the content key is " + key.length + " bytes, not 16");
        }
        ContentKey contentKey = new ContentKey(key);
        try {
            Cipher cipher = Cipher.getInstance("SM4/CBC/PKCS5Padding", JcaObjects.shangMi());
            cipher.init(Cipher.DECRYPT_MODE, contentKey, new IvParameterSpec(iv));
            ByteArrayOutputStream ciphertext = new ByteArrayOutputStream();
            in.transferTo(ciphertext);
            try {
                return cipher.doFinal(ciphertext.toByteArray());
            } catch (BadPaddingException | IllegalBlockSizeException e) {
                throw new BadPaddingException("the content does not decrypt (tampered or truncated)");
            }
        } finally {
            contentKey.destroy();
        }
    }
}
