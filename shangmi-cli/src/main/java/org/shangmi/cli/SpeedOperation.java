package org.shangmi.cli;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.provider.ShangMiProvider;

/**
 * One row of {@code shangmi speed}: its kind ("sm3", "sm2 sign", ...), the message bytes per call,
 * whether its rate is in MB/s (else calls per second), and the {@code openssl speed} arguments that
 * measure the same in C (null: none does); and the work of one call, through the JCA names a
 * column's provider answers to. The rows and the work live together so that adding an operation
 * touches one class.
 */
record SpeedOperation(String algorithm, String kind, int bytes, boolean perByte, List<String> opensslSpeed) {

    /** One call of a measured operation. */
    interface Workload {
        void run() throws Exception;
    }

    /** Every row, in the table's order. */
    static final List<SpeedOperation> ALL = List.of(
            bulk("sm3", "sm3", 64, List.of("-evp", "sm3")),
            bulk("sm3", "sm3", 1024, List.of("-evp", "sm3")),
            bulk("sm3", "sm3", 65536, List.of("-evp", "sm3")),
            bulk("sm3", "sm3", 1 << 20, List.of("-evp", "sm3")),
            bulk("sm4", "sm4-ctr", 1024, List.of("-evp", "sm4-ctr")),
            bulk("sm4", "sm4-ctr", 16384, List.of("-evp", "sm4-ctr")),
            bulk("sm4", "sm4-cbc encrypt", 16384, List.of("-evp", "sm4-cbc")),
            new SpeedOperation("sm2", "sm2 sign", 32, false, List.of("sm2")),
            new SpeedOperation("sm2", "sm2 verify", 32, false, List.of("sm2")),
            new SpeedOperation("sm2", "sm2 encrypt", 32, false, null),
            new SpeedOperation("sm2", "sm2 decrypt", 32, false, null));

    private static SpeedOperation bulk(String algorithm, String kind, int bytes, List<String> evp) {
        List<String> args = new ArrayList<>(evp);
        args.addAll(List.of("-bytes", Integer.toString(bytes)));
        return new SpeedOperation(algorithm, kind, bytes, true, List.copyOf(args));
    }

    String name() {
        return kind.equals("sm2 sign") || kind.equals("sm2 verify") ? kind : kind + " " + size();
    }

    String size() {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        return bytes >= 1024 ? bytes / 1024 + " KiB" : bytes + " B";
    }

    String unit() {
        return perByte ? "MB/s" : "ops/s";
    }

    /** Whether the ShangMi backend of {@code subject} serves this operation's algorithm. */
    boolean servedBy(SpeedSubject subject) {
        return ((ShangMiProvider) subject.provider()).backendFor(algorithm.toUpperCase(Locale.ROOT)) != null;
    }

    /**
     * The work of one call, for one thread: its own JCA objects and keys, made here so that the
     * timing holds the calls alone. A verification or decryption that gives a wrong answer throws.
     */
    Workload workload(SpeedSubject subject) throws GeneralSecurityException {
        byte[] message = new byte[Math.max(bytes, 32)];
        new Random(1).nextBytes(message);
        return switch (kind) {
            case "sm3" -> digest(subject, message);
            case "sm4-ctr", "sm4-cbc encrypt" -> sm4(subject, message);
            case "sm2 sign", "sm2 verify" -> signature(subject, message);
            case "sm2 encrypt", "sm2 decrypt" -> sm2Cipher(subject, message);
            default -> throw new AssertionError(this);
        };
    }

    private static Workload digest(SpeedSubject subject, byte[] message) throws GeneralSecurityException {
        MessageDigest md = MessageDigest.getInstance("SM3", subject.provider());
        byte[] out = new byte[32];
        return () -> {
            md.update(message);
            md.digest(out, 0, out.length);
        };
    }

    private Workload sm4(SpeedSubject subject, byte[] message) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(kind.equals("sm4-ctr") ? "SM4/CTR/NoPadding" : "SM4/CBC/NoPadding",
                subject.provider());
        SecretKeySpec key = new SecretKeySpec(Arrays.copyOf(message, 16), "SM4");
        IvParameterSpec iv = new IvParameterSpec(Arrays.copyOfRange(message, 16, 32));
        byte[] out = new byte[message.length];
        return () -> {
            cipher.init(Cipher.ENCRYPT_MODE, key, iv);
            cipher.doFinal(message, 0, message.length, out, 0);
        };
    }

    private Workload signature(SpeedSubject subject, byte[] message) throws GeneralSecurityException {
        KeyPair pair = subject.keyPairGenerator().generateKeyPair();
        Signature signer = Signature.getInstance(subject.signature(), subject.provider());
        signer.initSign(pair.getPrivate());
        signer.update(message);
        byte[] signature = signer.sign();
        if (kind.equals("sm2 sign")) {
            return () -> {
                signer.initSign(pair.getPrivate());
                signer.update(message);
                signer.sign();
            };
        }
        Signature verifier = Signature.getInstance(subject.signature(), subject.provider());
        return () -> {
            verifier.initVerify(pair.getPublic());
            verifier.update(message);
            if (!verifier.verify(signature)) {
                throw new IllegalStateException(subject.id() + ": a valid signature failed to verify");
            }
        };
    }

    private Workload sm2Cipher(SpeedSubject subject, byte[] message) throws GeneralSecurityException {
        KeyPair pair = subject.keyPairGenerator().generateKeyPair();
        Cipher cipher = Cipher.getInstance(subject.sm2Cipher(), subject.provider());
        cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        byte[] ciphertext = cipher.doFinal(message);
        if (kind.equals("sm2 encrypt")) {
            return () -> {
                cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                cipher.doFinal(message);
            };
        }
        return () -> {
            cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            if (!Arrays.equals(cipher.doFinal(ciphertext), message)) {
                throw new IllegalStateException(subject.id() + ": decryption gave another message");
            }
        };
    }
}
