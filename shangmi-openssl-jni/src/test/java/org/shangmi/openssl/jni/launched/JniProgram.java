package org.shangmi.openssl.jni.launched;

import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.openssl.jni.ArrayCallFailures;
import org.shangmi.openssl.jni.JniBackend;

/**
 * Every native call of the JNI backend, for JniCheckTest to run under -Xcheck:jni, failing ones
 * included (libcrypto 3.0 has no SM4-CFB8, so fetching it throws from C), and calls whose JNI
 * array access fails ({@link ArrayCallFailures}); prints "ok", or the reason the backend is
 * unavailable.
 */
public final class JniProgram {

    private JniProgram() {
    }

    public static void main(String[] args) throws Exception {
        JniBackend backend = new JniBackend();
        try {
            backend.load();
        } catch (BackendUnavailableException e) {
            System.out.println(e.getMessage());
            return;
        }
        byte[] out = new byte[32];
        for (int size : new int[] {0, 1, 64, 100_000}) {
            DigestEngine sm3 = backend.newDigest(Algorithm.SM3);
            byte[] message = new byte[size];
            sm3.update(message, 0, size);
            sm3.update((byte) 1);
            DigestEngine copy = sm3.copy();
            copy.digest(out, 0);
            sm3.reset();
            sm3.digest(out, 0);
        }
        for (int keyLength : new int[] {0, 16, 100}) {
            MacEngine hmac = backend.newMac(Algorithm.HMAC_SM3);
            hmac.init(new byte[keyLength], 0, keyLength);
            hmac.update(new byte[70_000], 1, 69_999);
            MacEngine copy = hmac.copy();
            copy.doFinal(out, 0);
            hmac.reset();
            hmac.update((byte) 2);
            hmac.doFinal(out, 0);
            hmac.destroy();
        }
        byte[] data = new byte[40_000];
        for (CipherMode mode : CipherMode.values()) {
            for (boolean encrypt : new boolean[] {true, false}) {
                CipherEngine sm4 = backend.newSm4(mode, encrypt, new byte[16], mode.needsIv() ? new byte[16] : null);
                sm4.update(data, 0, 32, new byte[48], 16);
                sm4.update(data, 0, data.length, data, 0);
                sm4.reset();
                if (mode.needsIv()) {
                    sm4.reset(new byte[16]);
                }
                sm4.destroy();
            }
        }
        Sm2Engine sm2 = backend.newSm2();
        byte[] d = new byte[32];
        byte[] publicKey = new byte[64];
        sm2.generateKeyPair(null, d, publicKey);
        Sm2Engine.SigningKey key = sm2.signingKey(d);
        byte[] signature = new byte[64];
        sm2.sign(key, new byte[32], null, signature, 0);
        sm2.verify(publicKey, new byte[32], signature, 0);
        sm2.verify(sm2.verifyingKey(publicKey), new byte[32], new byte[64], 0); // fails inside libcrypto
        byte[] ciphertext = new byte[Sm2Engine.CIPHERTEXT_OVERHEAD + 5];
        sm2.encrypt(publicKey, new byte[5], 0, 5, null, ciphertext, 0);
        sm2.decrypt(key, ciphertext, 0, ciphertext.length, new byte[5], 0);
        ciphertext[70] ^= 1;
        sm2.decrypt(d, ciphertext, 0, ciphertext.length, new byte[5], 0); // C3 does not match
        try {
            sm2.verifyingKey(new byte[64]); // not a point: libcrypto refuses it
        } catch (IllegalArgumentException expected) {
            // the exception thrown from C, checked
        }
        key.destroy();
        ArrayCallFailures.run();
        System.out.println("ok");
    }
}
