package org.shangmi.example;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.HexFormat;
import java.util.ServiceLoader;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.core.kdf.Hkdf;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * Finds the ShangMi provider through ServiceLoader, installs it, and checks SM3 and SM4 against
 * the standards' examples, an SM2 signature with an explicit ID, and HKDF-SM3. The argument names
 * the backend expected to serve SM3 ("java", "ffm" or "jni"). Prints one line per check; exits with 1
 * if any fails.
 */
public final class Example {

    private static final HexFormat HEX = HexFormat.of();
    private static boolean failed;

    private Example() {
    }

    public static void main(String[] args) throws Exception {
        Provider found = null;
        for (Provider provider : ServiceLoader.load(Provider.class)) {
            if (provider.getName().equals("ShangMi")) {
                found = provider;
            }
        }
        check("ServiceLoader finds ShangMi", found != null);
        ShangMiProvider shangmi = (ShangMiProvider) ShangMiProvider.install();   // first, ahead of SunEC

        // GB/T 32905-2016, example 1
        byte[] digest = MessageDigest.getInstance("SM3").digest("abc".getBytes(StandardCharsets.US_ASCII));
        check("SM3(abc)", HEX.formatHex(digest).equals("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"));
        String backend = String.valueOf(shangmi.backendFor("SM3"));
        check("SM3 served by the " + args[0] + " backend (" + backend + ")", backend.equalsIgnoreCase(args[0]));

        // GB/T 32907-2016, appendix A, example 1
        byte[] key = HEX.parseHex("0123456789abcdeffedcba9876543210");
        Cipher sm4 = Cipher.getInstance("SM4/ECB/NoPadding");
        sm4.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "SM4"));
        check("SM4 block", HEX.formatHex(sm4.doFinal(key)).equals("681edf34d206965e86b3e94f536e4246"));

        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2");
        generator.initialize(new ECGenParameterSpec("sm2p256v1"));
        KeyPair pair = generator.generateKeyPair();
        byte[] message = "shangmi".getBytes(StandardCharsets.US_ASCII);
        Signature signer = Signature.getInstance("SM3withSM2");
        signer.setParameter(new Sm2SignatureSpec("alice@example.org".getBytes(StandardCharsets.US_ASCII)));
        signer.initSign(pair.getPrivate());
        signer.update(message);
        byte[] signature = signer.sign();
        signer.initVerify(pair.getPublic());
        signer.update(message);
        check("SM3withSM2 sign and verify", signer.verify(signature));

        // openssl kdf -keylen 42 -kdfopt digest:SM3 -kdfopt hexkey:(22 zero bytes)
        //     -kdfopt hexsalt:(13 zero bytes) -kdfopt hexinfo:(10 zero bytes) HKDF
        byte[] okm = Hkdf.sm3().derive(new byte[13], new byte[22], new byte[10], 42);
        check("HKDF-SM3", HEX.formatHex(okm).equals("15c7998056d18cb46934b61822e43aa5c8fcf7add168b452d218ba2176c9fce438b75fd745d3a9225696"));
        System.exit(failed ? 1 : 0);
    }

    private static void check(String what, boolean ok) {
        System.out.println((ok ? "ok    " : "FAIL  ") + what);
        failed |= !ok;
    }
}
