package org.shangmi.tls;

import java.io.IOException;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.tls.AlertDescription;
import org.bouncycastle.tls.TlsFatalAlert;
import org.bouncycastle.tls.crypto.impl.TlsAEADCipherImpl;

/**
 * One direction of TLS record protection with SM4-GCM or SM4-CCM (RFC 8998): the key once, then
 * per record a fresh nonce as a {@link GCMParameterSpec} (which ShangMi's CCM takes too), the
 * record header as associated data, and one {@code doFinal}. A record that does not authenticate
 * is a {@code bad_record_mac} alert.
 */
final class Sm4TlsAeadCipher implements TlsAEADCipherImpl {

    private final Cipher cipher;
    private final int mode;
    private SecretKey key;

    Sm4TlsAeadCipher(Cipher cipher, boolean encrypting) {
        this.cipher = cipher;
        this.mode = encrypting ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
    }

    @Override
    public void setKey(byte[] key, int keyOff, int keyLen) {
        if (keyLen != 16) {
            throw new IllegalArgumentException("SM4 takes a 16-byte key, not " + keyLen);
        }
        this.key = new SecretKeySpec(key, keyOff, keyLen, "SM4");
    }

    @Override
    public void init(byte[] nonce, int macSize) throws IOException {
        try {
            cipher.init(mode, key, new GCMParameterSpec(8 * macSize, nonce));
        } catch (GeneralSecurityException e) {
            throw new TlsFatalAlert(AlertDescription.internal_error, e);
        }
    }

    @Override
    public int getOutputSize(int inputLength) {
        return cipher.getOutputSize(inputLength);
    }

    @Override
    public int doFinal(byte[] additionalData, byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset)
            throws IOException {
        try {
            if (additionalData != null && additionalData.length > 0) {
                cipher.updateAAD(additionalData);
            }
            return cipher.doFinal(input, inputOffset, inputLength, output, outputOffset);
        } catch (GeneralSecurityException e) {
            // RFC 8446 section 5.2: a record that does not decrypt is a bad_record_mac
            throw new TlsFatalAlert(mode == Cipher.DECRYPT_MODE ? AlertDescription.bad_record_mac : AlertDescription.internal_error, e);
        }
    }
}
