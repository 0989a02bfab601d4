package org.shangmi.cms;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.CipherOutputStream;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
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

    static OutputEncryptor encryptor(SecureRandom random) throws GeneralSecurityException {
        byte[] key = new byte[KEY_BYTES];
        byte[] iv = new byte[IV_BYTES];
        random.nextBytes(key);
        random.nextBytes(iv);
        SecretKeySpec secret = new SecretKeySpec(key, "SM4");
        Arrays.fill(key, (byte) 0);
        Cipher cipher = Cipher.getInstance("SM4/CBC/PKCS5Padding", Crypto.shangMi());
        cipher.init(Cipher.ENCRYPT_MODE, secret, new IvParameterSpec(iv));
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
                return new JceGenericKey(algorithm, secret);
            }
        };
    }

    /**
     * Decrypts {@code in} whole with the content key: all or nothing, so that no partial
     * plaintext leaves on a padding failure.
     */
    static byte[] decrypt(AlgorithmIdentifier algorithm, byte[] key, InputStream in) throws GeneralSecurityException, IOException {
        if (!algorithm.getAlgorithm().equals(CmsOids.SM4_CBC)) {
            throw new java.security.NoSuchAlgorithmException("content encrypted with " + algorithm.getAlgorithm()
                    + "; this library decrypts SM4-CBC (" + CmsOids.SM4_CBC + ") only");
        }
        byte[] iv;
        try {
            iv = ASN1OctetString.getInstance(algorithm.getParameters()).getOctets();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new java.security.InvalidAlgorithmParameterException("SM4-CBC parameters are not an OCTET STRING IV", e);
        }
        if (iv.length != IV_BYTES) {
            throw new java.security.InvalidAlgorithmParameterException("an SM4-CBC IV is 16 bytes, the message has " + iv.length);
        }
        if (key.length != KEY_BYTES) {
            throw new java.security.InvalidKeyException("an SM4 key is 16 bytes, the decrypted content key has " + key.length);
        }
        Cipher cipher = Cipher.getInstance("SM4/CBC/PKCS5Padding", Crypto.shangMi());
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "SM4"), new IvParameterSpec(iv));
        ByteArrayOutputStream ciphertext = new ByteArrayOutputStream();
        in.transferTo(ciphertext);
        return cipher.doFinal(ciphertext.toByteArray());
    }
}
