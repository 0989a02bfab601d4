package org.shangmi.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.shangmi.provider.ShangMiProvider;

/**
 * The baseline report's Java side: for each row, what a Java developer would use through the JCA
 * (the JDK's own providers; Bouncy Castle where the JDK has nothing, BLAKE2b and secp256k1;
 * ShangMi, as installed with its defaults, for SM2, SM3 and SM4), in operations per second. The
 * report (BaselineReport) sets each row beside {@code openssl speed}'s figure for the same operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED"})
public class BaselineBench {

    /** Bytes hashed or encrypted per bulk operation: 10 MiB, as in the seed's report. */
    public static final int BULK_BYTES = 10 << 20;

    @Param({"SHA-256", "SHA-512", "SHA3-256", "SHA3-512", "BLAKE2b-512", "SM3", "SM4-CTR",
        "P-256 keygen", "P-256 sign", "P-256 verify", "P-256 ECDH",
        "P-384 keygen", "P-384 sign", "P-384 verify", "P-384 ECDH",
        "secp256k1 keygen", "secp256k1 sign", "secp256k1 verify", "secp256k1 ECDH",
        "SM2 keygen", "SM2 sign", "SM2 verify",
        "RSA-2048 keygen", "RSA-2048 OAEP encrypt", "RSA-2048 OAEP decrypt", "RSA-2048 PSS sign", "RSA-2048 PSS verify",
        "RSA-3072 keygen", "RSA-3072 OAEP encrypt", "RSA-3072 OAEP decrypt", "RSA-3072 PSS sign", "RSA-3072 PSS verify",
        "RSA-4096 keygen", "RSA-4096 OAEP encrypt", "RSA-4096 OAEP decrypt", "RSA-4096 PSS sign", "RSA-4096 PSS verify"})
    public String row;

    /** One operation of the row. */
    private interface Operation {
        Object run() throws Exception;
    }

    private static final Provider BOUNCY_CASTLE = new BouncyCastleProvider();
    private static final Provider SHANGMI = new ShangMiProvider();

    private Operation operation;

    @Setup
    public void setUp() throws Exception {
        String[] words = row.split(" ", 2);
        String subject = words[0];
        String kind = words.length > 1 ? words[1] : "bulk";
        byte[] message = new byte[32];
        new Random(1).nextBytes(message);
        operation = switch (subject) {
            case "SHA-256", "SHA-512", "SHA3-256", "SHA3-512" -> digest(MessageDigest.getInstance(subject));
            case "BLAKE2b-512" -> digest(MessageDigest.getInstance("BLAKE2B-512", BOUNCY_CASTLE));
            case "SM3" -> digest(MessageDigest.getInstance("SM3", SHANGMI));
            case "SM4-CTR" -> sm4Ctr();
            case "P-256", "P-384", "secp256k1", "SM2" -> curve(subject, kind, message);
            default -> rsa(Integer.parseInt(subject.substring("RSA-".length())), kind, message);
        };
        operation.run(); // fails here, before timing, if the row cannot run
    }

    @Benchmark
    public Object run() throws Exception {
        return operation.run();
    }

    private static Operation digest(MessageDigest digest) {
        byte[] data = bulkData();
        return () -> digest.digest(data);
    }

    private static Operation sm4Ctr() throws GeneralSecurityException {
        byte[] data = bulkData();
        byte[] out = new byte[data.length];
        Cipher cipher = Cipher.getInstance("SM4/CTR/NoPadding", SHANGMI);
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4"), new IvParameterSpec(new byte[16]));
        return () -> cipher.doFinal(data, 0, data.length, out, 0); // CTR restarts its counter after doFinal
    }

    private static byte[] bulkData() {
        byte[] data = new byte[BULK_BYTES];
        new Random(BULK_BYTES).nextBytes(data);
        return data;
    }

    private static Operation curve(String curve, String kind, byte[] message) throws GeneralSecurityException {
        Provider provider = switch (curve) {
            case "secp256k1" -> BOUNCY_CASTLE;
            case "SM2" -> SHANGMI;
            default -> null; // the JDK's SunEC
        };
        KeyPairGenerator generator = provider == null ? KeyPairGenerator.getInstance(curve.equals("SM2") ? "SM2" : "EC")
                : KeyPairGenerator.getInstance(curve.equals("SM2") ? "SM2" : "EC", provider);
        generator.initialize(new ECGenParameterSpec(curve.equals("SM2") ? "sm2p256v1" : curve.equals("P-256") ? "secp256r1"
                : curve.equals("P-384") ? "secp384r1" : curve));
        KeyPair pair = generator.generateKeyPair();
        String signatureName = curve.equals("SM2") ? "SM3withSM2" : curve.equals("P-384") ? "SHA384withECDSA" : "SHA256withECDSA";
        switch (kind) {
            case "keygen":
                return generator::generateKeyPair;
            case "sign": {
                Signature signer = provider == null ? Signature.getInstance(signatureName) : Signature.getInstance(signatureName, provider);
                signer.initSign(pair.getPrivate());
                return () -> {
                    signer.update(message);
                    return signer.sign();
                };
            }
            case "verify": {
                Signature signer = provider == null ? Signature.getInstance(signatureName) : Signature.getInstance(signatureName, provider);
                signer.initSign(pair.getPrivate());
                signer.update(message);
                byte[] signature = signer.sign();
                Signature verifier = provider == null ? Signature.getInstance(signatureName)
                        : Signature.getInstance(signatureName, provider);
                verifier.initVerify(pair.getPublic());
                return () -> {
                    verifier.update(message);
                    if (!verifier.verify(signature)) {
                        throw new IllegalStateException(curve + ": the signature does not verify");
                    }
                    return signature;
                };
            }
            case "ECDH": {
                PublicKey peer = generator.generateKeyPair().getPublic();
                KeyAgreement agreement = provider == null ? KeyAgreement.getInstance("ECDH") : KeyAgreement.getInstance("ECDH", provider);
                return () -> {
                    agreement.init(pair.getPrivate());
                    agreement.doPhase(peer, true);
                    return agreement.generateSecret();
                };
            }
            default:
                throw new IllegalArgumentException("no operation " + kind + " for " + curve);
        }
    }

    private static Operation rsa(int bits, String kind, byte[] message) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(bits);
        KeyPair pair = generator.generateKeyPair();
        PSSParameterSpec pss = new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
        String oaep = "RSA/ECB/OAEPWithSHA-256AndMGF1Padding";
        switch (kind) {
            case "keygen":
                return generator::generateKeyPair;
            case "OAEP encrypt": {
                Cipher cipher = Cipher.getInstance(oaep);
                cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                return () -> cipher.doFinal(message);
            }
            case "OAEP decrypt": {
                Cipher encryptor = Cipher.getInstance(oaep);
                encryptor.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                byte[] ciphertext = encryptor.doFinal(message);
                Cipher cipher = Cipher.getInstance(oaep);
                cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
                return () -> cipher.doFinal(ciphertext);
            }
            case "PSS sign": {
                Signature signer = Signature.getInstance("RSASSA-PSS");
                signer.setParameter(pss);
                signer.initSign(pair.getPrivate());
                return () -> {
                    signer.update(message);
                    return signer.sign();
                };
            }
            case "PSS verify": {
                Signature signer = Signature.getInstance("RSASSA-PSS");
                signer.setParameter(pss);
                signer.initSign(pair.getPrivate());
                signer.update(message);
                byte[] signature = signer.sign();
                Signature verifier = Signature.getInstance("RSASSA-PSS");
                verifier.setParameter(pss);
                verifier.initVerify(pair.getPublic());
                return () -> {
                    verifier.update(message);
                    if (!verifier.verify(signature)) {
                        throw new IllegalStateException("RSA-" + bits + ": the signature does not verify");
                    }
                    return signature;
                };
            }
            default:
                throw new IllegalArgumentException("no operation " + kind + " for RSA-" + bits);
        }
    }
}
