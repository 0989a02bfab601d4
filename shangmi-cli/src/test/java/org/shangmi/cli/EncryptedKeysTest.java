package org.shangmi.cli;

import static org.shangmi.cli.CliRun.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.core.testing.OpenSslCommand;

/**
 * Encrypted private keys on the command line: -passin and -passout in OpenSSL's forms,
 * {@code genkey -cipher}, {@code pkcs8 -topk8 -v2 -v2prf}; openssl reads what we write with AES
 * and we read what it writes; GmSSL's encrypted keys (PBES2 with HMAC-SM3, which OpenSSL 3.0 cannot
 * read) work here.
 */
class EncryptedKeysTest {

    @TempDir
    static Path directory;
    private static Path plainKey;
    private static Path data;

    @BeforeAll
    static void key() throws Exception {
        OpenSslCommand.assumeAvailable();
        plainKey = directory.resolve("plain.key");
        assertEquals(0, CliRun.of("genkey", "-out", plainKey.toString()).status());
        data = Files.writeString(directory.resolve("data.txt"), "signed");
    }

    private static String file(String name) {
        return directory.resolve(name).toString();
    }

    private static byte[] pkcs8(String key, String... passin) {
        String[] args = new String[] {"pkcs8", "-in", key, "-outform", "DER"};
        if (passin.length > 0) {
            args = java.util.Arrays.copyOf(args, args.length + 2);
            args[args.length - 2] = "-passin";
            args[args.length - 1] = passin[0];
        }
        return ok(args).outBytes();
    }

    @Test
    void genkeyWritesAnSm4EncryptedKeyThatSignsWithItsPassword() throws Exception {
        ok("genkey", "-cipher", "sm4-cbc", "-passout", "pass:secret", "-out", file("sm4.key"));
        String pem = Files.readString(Path.of(file("sm4.key")));
        assertTrue(pem.startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----"), pem);
        String parsed = new String(OpenSslCommand.run(pem.getBytes(StandardCharsets.US_ASCII), "asn1parse"), StandardCharsets.UTF_8);
        assertTrue(parsed.contains("PBES2") && parsed.contains("sm4-cbc"), parsed);

        ok("sign", "-key", file("sm4.key"), "-passin", "pass:secret", "-in", data.toString(), "-out", file("s.sig"));
        Files.writeString(directory.resolve("password.txt"), "secret\nsecond line ignored\n");
        ok("sign", "-key", file("sm4.key"), "-passin", "file:" + file("password.txt"), "-in", data.toString());
        CliRun fromStdin = CliRun.of("secret\n".getBytes(StandardCharsets.US_ASCII), false, "pkey", "-key", file("sm4.key"),
                "-passin", "stdin", "-pubout");
        assertEquals(0, fromStdin.status(), fromStdin.err());

        CliRun wrong = CliRun.of("sign", "-key", file("sm4.key"), "-passin", "pass:wrong", "-in", data.toString());
        assertEquals(1, wrong.status());
        assertTrue(wrong.err().contains("wrong password"), wrong.err());
        CliRun none = CliRun.of("sign", "-key", file("sm4.key"), "-in", data.toString());
        assertEquals(1, none.status());
        assertTrue(none.err().contains("-passin"), none.err());
        CliRun badForm = CliRun.of("sign", "-key", file("sm4.key"), "-passin", "secret", "-in", data.toString());
        assertEquals(1, badForm.status());
        assertTrue(badForm.err().contains("pass:TEXT"), badForm.err());
        assertTrue(!badForm.err().contains("secret"), "a password given without pass: is not echoed: " + badForm.err());
    }

    /** verify and encrypt take an encrypted private key as the public-key source, with -passin, as openssl pkeyutl does. */
    @Test
    void anEncryptedPrivateKeyStandsForItsPublicKey() throws Exception {
        ok("genkey", "-cipher", "sm4-cbc", "-passout", "pass:pub-from-priv", "-out", file("pair.key"), "-pubout", file("pair.pub"));
        ok("sign", "-key", file("pair.key"), "-passin", "pass:pub-from-priv", "-in", data.toString(), "-out", file("pair.sig"));
        CliRun verified = ok("verify", "-pubkey", file("pair.key"), "-passin", "pass:pub-from-priv", "-signature", file("pair.sig"),
                "-in", data.toString());
        assertTrue(verified.out().contains("Verified OK"), verified.out());

        // encrypted to the encrypted key's public key, decrypted with the key
        byte[] ciphertext = ok("encrypt", "-pubkey", file("pair.key"), "-passin", "pass:pub-from-priv", "-in", data.toString())
                .outBytes();
        java.nio.file.Files.write(directory.resolve("pair.sm2"), ciphertext);
        assertArrayEquals(Files.readAllBytes(data), ok("decrypt", "-key", file("pair.key"), "-passin", "pass:pub-from-priv",
                "-in", file("pair.sm2")).outBytes());

        CliRun none = CliRun.of("verify", "-pubkey", file("pair.key"), "-signature", file("pair.sig"), "-in", data.toString());
        assertEquals(1, none.status());
        assertTrue(none.err().contains("give its password with -passin"), none.err());
        CliRun wrong = CliRun.of("encrypt", "-pubkey", file("pair.key"), "-passin", "pass:wrong", "-in", data.toString());
        assertEquals(1, wrong.status());
        assertTrue(wrong.err().contains("wrong password"), wrong.err());
        assertEquals(2, CliRun.of("verify", "-CAfile", file("pair.pub"), "-passin", "pass:x", file("pair.pub")).status(),
                "-passin has no meaning for certificate verification");
    }

    @Test
    void opensslReadsOurAesKeysAndWeReadItsKeys() throws Exception {
        byte[] original = pkcs8(plainKey.toString());
        ok("pkcs8", "-topk8", "-in", plainKey.toString(), "-v2", "aes-256-cbc", "-v2prf", "hmacWithSHA256", "-iter", "1000",
                "-passout", "pass:p4ss", "-out", file("ours-aes.p8"));
        byte[] opened = OpenSslCommand.run(new byte[0], "pkcs8", "-in", file("ours-aes.p8"), "-passin", "pass:p4ss", "-outform",
                "DER");
        assertEquals(scalar(original), scalar(opened), "openssl decrypts ours to the same key");

        OpenSslCommand.run(new byte[0], "pkcs8", "-topk8", "-in", plainKey.toString(), "-v2", "aes-128-cbc", "-passout",
                "pass:p4ss", "-out", file("theirs-aes.p8"));
        assertEquals(scalar(original), scalar(pkcs8(file("theirs-aes.p8"), "pass:p4ss")), "we decrypt openssl's");
        OpenSslCommand.run(new byte[0], "pkcs8", "-topk8", "-in", plainKey.toString(), "-v2", "sm4-cbc", "-passout",
                "pass:p4ss", "-out", file("theirs-sm4.p8"));
        assertEquals(scalar(original), scalar(pkcs8(file("theirs-sm4.p8"), "pass:p4ss")), "and its SM4-CBC");

        ok("pkcs8", "-topk8", "-in", plainKey.toString(), "-v2", "sm4-cbc", "-v2prf", "hmacWithSHA256", "-passout", "pass:p4ss",
                "-out", file("ours-sm4-sha256.p8"));
        byte[] sm4 = OpenSslCommand.run(new byte[0], "pkcs8", "-in", file("ours-sm4-sha256.p8"), "-passin", "pass:p4ss",
                "-outform", "DER");
        assertEquals(scalar(original), scalar(sm4), "openssl decrypts our SM4-CBC with HMAC-SHA256");
        ok("pkcs8", "-topk8", "-nocrypt", "-in", file("ours-aes.p8"), "-passin", "pass:p4ss", "-out", file("back.key"));
        assertArrayEquals(original, pkcs8(file("back.key")));
    }

    /** The private scalar of a PKCS#8 SM2 key (encodings differ between writers: with or without the public key). */
    private static java.math.BigInteger scalar(byte[] pkcs8) throws Exception {
        return ((java.security.interfaces.ECPrivateKey) java.security.KeyFactory.getInstance("SM2",
                new org.shangmi.provider.ShangMiProvider()).generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(pkcs8))).getS();
    }

    @Test
    void gmsslsEncryptedKeysOpenHere() throws Exception {
        GmsslPeer.run(directory, "sm2keygen", "-pass", "GmSSL-pass", "-out", "gmssl.key", "-pubout", "gmssl.pub");
        ok("sign", "-key", file("gmssl.key"), "-passin", "pass:GmSSL-pass", "-in", data.toString(), "-out", file("gm.sig"));
        CliRun verified = ok("verify", "-pubkey", file("gmssl.pub"), "-signature", file("gm.sig"), "-in", data.toString());
        assertTrue(verified.out().contains("Verified OK"), verified.out());
        OpenSslCommand.Result openssl = OpenSslCommand.attempt(new byte[0], "pkcs8", "-in", file("gmssl.key"), "-passin",
                "pass:GmSSL-pass");
        assertTrue(openssl.exit() != 0, "OpenSSL 3.0 cannot read GmSSL's key (HMAC-SM3 under 1.2.156.10197.1.401.2)");
    }

    /**
     * GmSSL reads HMAC-SM3 as the PBKDF2 PRF under 1.2.156.10197.1.401.2 only: the keys genkey
     * -cipher sm4-cbc and pkcs8 -topk8 write by default open there; under -hmac_sm3_oid
     * 1.2.156.10197.1.401.3.1 they do not (recorded), and open here all the same.
     */
    @Test
    void oursOpenInGmsslByDefault() throws Exception {
        ok("genkey", "-cipher", "sm4-cbc", "-passout", "pass:to-gmssl", "-out", file("default.key"), "-pubout", file("default.pub"));
        ok("pkcs8", "-topk8", "-in", plainKey.toString(), "-passout", "pass:to-gmssl", "-out", file("topk8.key"));
        Files.write(Path.of(file("topk8.pub")), ok("pkey", "-key", plainKey.toString(), "-pubout").outBytes());
        for (String name : new String[] {"default", "topk8"}) {
            GmsslPeer.run(directory, "sm2sign", "-key", name + ".key", "-pass", "to-gmssl", "-in", "data.txt", "-out", name + ".sig");
            CliRun verified = ok("verify", "-pubkey", file(name + ".pub"), "-signature", file(name + ".sig"), "-in",
                    data.toString());
            assertTrue(verified.out().contains("Verified OK"), name + ": " + verified.out());
        }

        ok("genkey", "-cipher", "sm4-cbc", "-hmac_sm3_oid", "1.2.156.10197.1.401.3.1", "-passout", "pass:to-gmssl",
                "-out", file("a2.key"), "-pubout", file("a2.pub"));
        ok("pkcs8", "-topk8", "-in", plainKey.toString(), "-v2prf", "hmacWithSM3", "-hmac_sm3_oid", "1.2.156.10197.1.401.3.1",
                "-passout", "pass:to-gmssl", "-out", file("a2-topk8.key"));
        for (String name : new String[] {"a2", "a2-topk8"}) {
            assertTrue(GmsslPeer.attempt(directory, "sm2sign", "-key", name + ".key", "-pass", "to-gmssl", "-in", "data.txt",
                    "-out", name + ".sig") != 0, "GmSSL knows no PRF 1.2.156.10197.1.401.3.1");
            ok("sign", "-key", file(name + ".key"), "-passin", "pass:to-gmssl", "-in", data.toString());
        }
        assertEquals(scalar(pkcs8(plainKey.toString())), scalar(pkcs8(file("a2-topk8.key"), "pass:to-gmssl")));
        assertEquals(scalar(pkcs8(plainKey.toString())), scalar(pkcs8(file("topk8.key"), "pass:to-gmssl")));
    }

    @Test
    void usageErrors() {
        assertEquals(2, CliRun.of("genkey", "-cipher", "sm4-cbc").status());
        assertEquals(2, CliRun.of("genkey", "-cipher", "des", "-passout", "pass:x").status());
        assertEquals(2, CliRun.of("pkcs8", "-in", plainKey.toString(), "-v2", "sm4-cbc").status());
        assertEquals(2, CliRun.of("pkcs8", "-topk8", "-in", plainKey.toString()).status());
        assertEquals(2, CliRun.of("pkcs8", "-topk8", "-in", plainKey.toString(), "-v2prf", "hmacWithMD5", "-passout", "pass:x")
                .status());
        CliRun notSm3 = CliRun.of("pkcs8", "-topk8", "-in", plainKey.toString(), "-v2", "aes-128-cbc", "-hmac_sm3_oid",
                "1.2.156.10197.1.401.2", "-passout", "pass:x");
        assertEquals(2, notSm3.status());
        assertTrue(notSm3.err().contains("-hmac_sm3_oid goes with the PRF hmacWithSM3"), notSm3.err());
        CliRun otherOid = CliRun.of("genkey", "-cipher", "sm4-cbc", "-hmac_sm3_oid", "1.2.156.10197.1.401", "-passout", "pass:x");
        assertEquals(2, otherOid.status());
        assertTrue(otherOid.err().contains("1.2.156.10197.1.401.2 or 1.2.156.10197.1.401.3.1"), otherOid.err());
    }
}
