package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Random;
import javax.crypto.Cipher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/** Signatures and ciphertexts exchanged with the {@code openssl} command, both ways, on keys from {@code openssl genpkey}. */
class Sm2OpenSslInteropTest {

    @TempDir
    Path directory;

    private Path privatePem;
    private Path publicPem;

    @BeforeEach
    void generateKey() {
        OpenSslCommand.assumeAvailable();
        privatePem = directory.resolve("key.pem");
        publicPem = directory.resolve("pub.pem");
        OpenSslCommand.run(new byte[0], "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:SM2", "-out", privatePem.toString());
        OpenSslCommand.run(new byte[0], "pkey", "-in", privatePem.toString(), "-pubout", "-out", publicPem.toString());
    }

    @Test
    void signaturesVerifyBothWaysWithIds() throws Exception {
        Random random = new Random(5);
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyFactory factory = KeyFactory.getInstance("SM2", provider);
            PrivateKey privateKey = factory.generatePrivate(new PemKeySpec(Files.readString(privatePem)));
            PublicKey publicKey = factory.generatePublic(new PemKeySpec(Files.readString(publicPem)));
            for (String id : new String[] {"1234567812345678", "alice@example.com"}) {
                byte[] message = new byte[1 + random.nextInt(2000)];
                random.nextBytes(message);
                Path messageFile = directory.resolve("message");
                Files.write(messageFile, message);

                // openssl signs, we verify
                byte[] theirs = OpenSslCommand.run(message, "dgst", "-sm3", "-sign", privatePem.toString(),
                        "-sigopt", "distid:" + id);
                Signature verifier = Signature.getInstance("SM3withSM2", provider);
                verifier.setParameter(new Sm2SignatureSpec(id.getBytes(StandardCharsets.US_ASCII)));
                verifier.initVerify(publicKey);
                verifier.update(message);
                assertTrue(verifier.verify(theirs), "openssl's signature with ID " + id);

                // we sign, openssl verifies; and refuses a changed message
                Signature signer = Signature.getInstance("SM3withSM2", provider);
                signer.setParameter(new Sm2SignatureSpec(id.getBytes(StandardCharsets.US_ASCII)));
                signer.initSign(privateKey);
                signer.update(message);
                Path signature = directory.resolve("signature");
                Files.write(signature, signer.sign());
                OpenSslCommand.Result result = OpenSslCommand.attempt(message, "dgst", "-sm3", "-verify", publicPem.toString(),
                        "-sigopt", "distid:" + id, "-signature", signature.toString());
                assertEquals(0, result.exit(), new String(result.stderr(), StandardCharsets.UTF_8));
                assertTrue(new String(result.stdout(), StandardCharsets.US_ASCII).contains("Verified OK"));
                message[0] ^= 1;
                assertFalse(OpenSslCommand.attempt(message, "dgst", "-sm3", "-verify", publicPem.toString(),
                        "-sigopt", "distid:" + id, "-signature", signature.toString()).exit() == 0);
            }
        }
    }

    @Test
    void ciphertextsDecryptBothWays() throws Exception {
        Random random = new Random(6);
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyFactory factory = KeyFactory.getInstance("SM2", provider);
            PrivateKey privateKey = factory.generatePrivate(new PemKeySpec(Files.readString(privatePem)));
            PublicKey publicKey = factory.generatePublic(new PemKeySpec(Files.readString(publicPem)));
            for (int size : new int[] {1, 32, 100, 1000}) {
                byte[] plaintext = new byte[size];
                random.nextBytes(plaintext);
                byte[] theirs = OpenSslCommand.run(plaintext, "pkeyutl", "-encrypt", "-pubin", "-inkey", publicPem.toString());
                Cipher cipher = Cipher.getInstance("SM2", provider);
                cipher.init(Cipher.DECRYPT_MODE, privateKey);
                assertArrayEquals(plaintext, cipher.doFinal(theirs), "openssl's ciphertext of " + size);

                cipher.init(Cipher.ENCRYPT_MODE, publicKey);
                byte[] ours = cipher.doFinal(plaintext);
                assertArrayEquals(plaintext, OpenSslCommand.run(ours, "pkeyutl", "-decrypt", "-inkey", privatePem.toString()),
                        "our ciphertext of " + size);
            }
        }
    }
}
