package org.shangmi.launched;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Security;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.provider.ShangMiProvider;

/**
 * What LoggingTest runs in a JVM of its own: installs ShangMi and uses each algorithm once
 * (which makes the provider choose a backend for each), then prints "ok" if every round trip
 * came back. Whatever the provider logs goes to standard error, which the test reads.
 */
public final class EveryAlgorithmProgram {

    private EveryAlgorithmProgram() {
    }

    public static void main(String[] args) throws Exception {
        Security.addProvider(new ShangMiProvider());
        byte[] message = "every algorithm once".getBytes(StandardCharsets.US_ASCII);
        MessageDigest.getInstance("SM3", ShangMiProvider.NAME).digest(message);
        Mac mac = Mac.getInstance("HmacSM3", ShangMiProvider.NAME);
        mac.init(new SecretKeySpec(new byte[16], "HmacSM3"));
        mac.doFinal(message);

        SecretKeySpec key = new SecretKeySpec(new byte[16], "SM4");
        Cipher cbc = Cipher.getInstance("SM4/CBC/PKCS5Padding", ShangMiProvider.NAME);
        cbc.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
        byte[] sealed = cbc.doFinal(message);
        cbc.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(new byte[16]));
        boolean same = Arrays.equals(message, cbc.doFinal(sealed));
        Cipher gcm = Cipher.getInstance("SM4/GCM/NoPadding", ShangMiProvider.NAME);
        gcm.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[12]));
        sealed = gcm.doFinal(message);
        gcm.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, new byte[12]));
        same &= Arrays.equals(message, gcm.doFinal(sealed));

        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2", ShangMiProvider.NAME);
        generator.initialize(new ECGenParameterSpec("sm2p256v1"));
        KeyPair pair = generator.generateKeyPair();
        Signature signer = Signature.getInstance("SM3withSM2", ShangMiProvider.NAME);
        signer.initSign(pair.getPrivate());
        signer.update(message);
        byte[] signature = signer.sign();
        signer.initVerify(pair.getPublic());
        signer.update(message);
        same &= signer.verify(signature);
        Cipher sm2 = Cipher.getInstance("SM2", ShangMiProvider.NAME);
        sm2.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        sealed = sm2.doFinal(message);
        sm2.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        same &= Arrays.equals(message, sm2.doFinal(sealed));
        System.out.println(same ? "ok" : "a round trip failed");
    }
}
