package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Offsets and lengths out of range fail as they fail with the JDK's own algorithms: each call is
 * made on a JDK engine (SHA-256, HmacSHA256, AES, SHA256withECDSA) and on ours in the same JVM,
 * and the exception classes must be the same (callers and the peers' test suites catch
 * {@code ArrayIndexOutOfBoundsException} or {@code IllegalArgumentException}, not the plain
 * {@code IndexOutOfBoundsException}).
 */
class RangeErrorsTest {

    /** Ranges outside a 16-byte input. */
    private static final int[][] BAD_RANGES = {{-8, 16}, {8, -1}, {10, 16}, {0, 17}, {17, 0}, {Integer.MAX_VALUE, 2}, {-1, -1}};
    /** Ranges outside a 100-byte buffer, each long enough for a digest or a signature. */
    private static final int[][] BAD_OUTPUT_RANGES = {{-8, 90}, {8, -1}, {50, 80}, {101, 0}, {Integer.MAX_VALUE, 72}};

    @FunctionalInterface
    interface Call<T> {
        void on(T engine) throws Exception;
    }

    /** The exception class a call throws, or "none". */
    private static <T> String outcome(T engine, Call<T> call) {
        try {
            call.on(engine);
            return "none";
        } catch (Exception | Error e) {
            return e.getClass().getName();
        }
    }

    private static <T> void compare(List<String> mismatches, String what, EngineMaker<T> jdk, EngineMaker<T> ours, Call<T> call)
            throws Exception {
        String expected = outcome(jdk.make(), call);
        String actual = outcome(ours.make(), call);
        // an output offset past the end: SunJCE says ShortBufferException in every mode but GCM's
        // update, where it fails on the array; ShangMi says ShortBufferException in every mode
        boolean noRoomEitherWay = what.contains("output offset") && actual.equals("javax.crypto.ShortBufferException")
                && expected.equals("java.lang.ArrayIndexOutOfBoundsException");
        if (!expected.equals(actual) && !noRoomEitherWay) {
            mismatches.add(what + ": the JDK throws " + expected + ", ShangMi " + actual);
        }
    }

    @FunctionalInterface
    interface EngineMaker<T> {
        T make() throws Exception;
    }

    @Test
    void messageDigestsFailAsTheJdks() throws Exception {
        List<String> mismatches = new ArrayList<>();
        for (ShangMiProvider provider : Providers.serving("SM3")) {
            EngineMaker<MessageDigest> jdk = () -> MessageDigest.getInstance("SHA-256", "SUN");
            EngineMaker<MessageDigest> ours = () -> MessageDigest.getInstance("SM3", provider);
            for (int[] range : BAD_RANGES) {
                String where = provider.backendFor("SM4") + " SM3 " + range[0] + ", " + range[1];
                compare(mismatches, where + " update", jdk, ours, md -> md.update(new byte[16], range[0], range[1]));
            }
            for (int[] range : BAD_OUTPUT_RANGES) {
                compare(mismatches, provider.backendFor("SM3") + " SM3 digest(buf, " + range[0] + ", " + range[1] + ")",
                        jdk, ours, md -> md.digest(new byte[100], range[0], range[1]));
            }
            compare(mismatches, "SM3 digest into a short buffer", jdk, ours, md -> md.digest(new byte[16], 0, 16));
            compare(mismatches, "SM3 update(null)", jdk, ours, md -> md.update((byte[]) null, 0, 0));
        }
        assertEquals(List.of(), mismatches);
    }

    @Test
    void macsFailAsTheJdks() throws Exception {
        List<String> mismatches = new ArrayList<>();
        for (ShangMiProvider provider : Providers.serving("HmacSM3")) {
            EngineMaker<Mac> jdk = () -> keyed(Mac.getInstance("HmacSHA256", "SunJCE"), "HmacSHA256");
            EngineMaker<Mac> ours = () -> keyed(Mac.getInstance("HmacSM3", provider), "HmacSM3");
            for (int[] range : BAD_RANGES) {
                String where = provider.backendFor("SM4") + " HmacSM3 " + range[0] + ", " + range[1];
                compare(mismatches, where + " update", jdk, ours, mac -> mac.update(new byte[16], range[0], range[1]));
                compare(mismatches, where + " doFinal at output offset", jdk, ours, mac -> mac.doFinal(new byte[40], range[0]));
            }
        }
        assertEquals(List.of(), mismatches);
    }

    private static Mac keyed(Mac mac, String algorithm) throws Exception {
        mac.init(new SecretKeySpec(new byte[32], algorithm));
        return mac;
    }

    @Test
    void ciphersFailAsTheJdks() throws Exception {
        List<String> mismatches = new ArrayList<>();
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String mode : List.of("CBC/PKCS5Padding", "CTR/NoPadding", "ECB/NoPadding", "GCM/NoPadding")) {
                EngineMaker<Cipher> jdk = () -> cipher(Cipher.getInstance("AES/" + mode, "SunJCE"), "AES", mode);
                EngineMaker<Cipher> ours = () -> cipher(Cipher.getInstance("SM4/" + mode, provider), "SM4", mode);
                for (int[] range : BAD_RANGES) {
                    String where = provider.backendFor("SM4") + " SM4/" + mode + " " + range[0] + ", " + range[1];
                    compare(mismatches, where + " update", jdk, ours, c -> c.update(new byte[16], range[0], range[1]));
                    compare(mismatches, where + " update into", jdk, ours,
                            c -> c.update(new byte[16], range[0], range[1], new byte[64], 0));
                    compare(mismatches, where + " update at output offset", jdk, ours,
                            c -> c.update(new byte[16], 0, 16, new byte[64], range[0]));
                    compare(mismatches, where + " doFinal at output offset", jdk, ours,
                            c -> c.doFinal(new byte[16], 0, 16, new byte[64], range[0]));
                    compare(mismatches, where + " doFinal(out) at output offset", jdk, ours, c -> c.doFinal(new byte[64], range[0]));
                    compare(mismatches, where + " updateAAD", jdk, ours, c -> c.updateAAD(new byte[16], range[0], range[1]));
                }
            }
        }
        assertEquals(List.of(), mismatches);
    }

    private static Cipher cipher(Cipher cipher, String algorithm, String mode) throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[16], algorithm);
        if (mode.startsWith("ECB")) {
            cipher.init(Cipher.ENCRYPT_MODE, key);
        } else if (mode.startsWith("GCM")) {
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[12]));
        } else {
            cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
        }
        return cipher;
    }

    @Test
    void signaturesFailAsTheJdks() throws Exception {
        List<String> mismatches = new ArrayList<>();
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC", "SunEC");
        ec.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair theirs = ec.generateKeyPair();
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair mine = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            EngineMaker<Signature> jdkSigner = () -> signer(Signature.getInstance("SHA256withECDSA", "SunEC"), theirs);
            EngineMaker<Signature> ourSigner = () -> signer(Signature.getInstance("SM3withSM2", provider), mine);
            EngineMaker<Signature> jdkVerifier = () -> verifier(Signature.getInstance("SHA256withECDSA", "SunEC"), theirs);
            EngineMaker<Signature> ourVerifier = () -> verifier(Signature.getInstance("SM3withSM2", provider), mine);
            for (int[] range : BAD_RANGES) {
                String where = provider.backendFor("SM4") + " SM3withSM2 " + range[0] + ", " + range[1];
                compare(mismatches, where + " update", jdkSigner, ourSigner, s -> s.update(new byte[16], range[0], range[1]));
            }
            for (int[] range : BAD_OUTPUT_RANGES) {
                String where = provider.backendFor("SM2") + " SM3withSM2 " + range[0] + ", " + range[1];
                compare(mismatches, where + " sign(out)", jdkSigner, ourSigner, s -> s.sign(new byte[100], range[0], range[1]));
                compare(mismatches, where + " verify(signature)", jdkVerifier, ourVerifier,
                        s -> s.verify(new byte[100], range[0], range[1]));
            }
        }
        assertEquals(List.of(), mismatches);
    }

    private static Signature signer(Signature signature, KeyPair pair) throws Exception {
        signature.initSign(pair.getPrivate());
        return signature;
    }

    private static Signature verifier(Signature signature, KeyPair pair) throws Exception {
        signature.initVerify(pair.getPublic());
        return signature;
    }
}
