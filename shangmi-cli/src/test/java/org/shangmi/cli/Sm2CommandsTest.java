package org.shangmi.cli;

import static org.shangmi.cli.CliRun.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;

/** genkey, pkey, sign, verify, encrypt, decrypt and kex, with their outputs checked by the openssl command. */
class Sm2CommandsTest {

    @TempDir
    Path directory;

    private Path message;
    private byte[] messageBytes;

    @BeforeEach
    void writeMessage() throws Exception {
        OpenSslCommand.assumeAvailable();
        messageBytes = new byte[777];
        new Random(3).nextBytes(messageBytes);
        message = directory.resolve("message");
        Files.write(message, messageBytes);
    }

    private Path file(String name) {
        return directory.resolve(name);
    }

    @Test
    void genkeyWritesKeysOpensslReadsAndPkeyConvertsLikeOpenssl() throws Exception {
        ok("genkey", "-out", file("key.pem").toString(), "-pubout", file("pub.pem").toString());
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(file("key.pem")), "the private key file is private");
        byte[] opensslPublic = OpenSslCommand.run(new byte[0], "pkey", "-in", file("key.pem").toString(), "-pubout");
        assertEquals(new String(opensslPublic, StandardCharsets.US_ASCII), Files.readString(file("pub.pem")));

        String text = new String(OpenSslCommand.run(new byte[0], "ec", "-in", file("key.pem").toString(), "-text", "-noout",
                "-conv_form", "compressed"), StandardCharsets.US_ASCII);
        String compressed = text.substring(text.indexOf("pub:") + 4, text.indexOf("ASN1 OID")).replaceAll("[^0-9a-f]", "");
        assertEquals(compressed, ok("pkey", "-key", file("key.pem").toString(), "-outform", "COMPRESSED").out().strip());
        Files.writeString(file("compressed.hex"), compressed);
        assertEquals(Files.readString(file("pub.pem")),
                ok("pkey", "-pubin", "-key", file("compressed.hex").toString()).out(), "compressed hex back to PEM");

        ok("pkey", "-key", file("key.pem").toString(), "-outform", "DER", "-out", file("key.der").toString());
        assertArrayEquals(OpenSslCommand.run(new byte[0], "pkcs8", "-topk8", "-nocrypt", "-in", file("key.pem").toString(),
                "-outform", "DER"), Files.readAllBytes(file("key.der")));
        String raw = ok("pkey", "-key", file("key.der").toString(), "-outform", "RAW").out().strip();
        assertEquals(64, raw.length());
        Files.writeString(file("raw.hex"), raw);
        assertEquals(Files.readString(file("key.pem")), ok("pkey", "-key", file("raw.hex").toString()).out());
    }

    @Test
    void signaturesVerifyBothWaysWithOpenssl() throws Exception {
        OpenSslCommand.run(new byte[0], "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:SM2", "-out", file("key.pem").toString());
        OpenSslCommand.run(new byte[0], "pkey", "-in", file("key.pem").toString(), "-pubout", "-out", file("pub.pem").toString());
        ok("sign", "-key", file("key.pem").toString(), "-id", "alice", "-in", message.toString(), "-out", file("ours.sig").toString());
        OpenSslCommand.run(messageBytes, "dgst", "-sm3", "-verify", file("pub.pem").toString(), "-sigopt", "distid:alice",
                "-signature", file("ours.sig").toString());

        Files.write(file("theirs.sig"), OpenSslCommand.run(messageBytes, "dgst", "-sm3", "-sign", file("key.pem").toString(),
                "-sigopt", "distid:alice"));
        CliRun verified = ok("verify", "-pubkey", file("pub.pem").toString(), "-id", "alice", "-in", message.toString(),
                "-signature", file("theirs.sig").toString());
        assertEquals("Verified OK", verified.out().strip());
        CliRun wrongId = CliRun.of("verify", "-pubkey", file("pub.pem").toString(), "-id", "bob", "-in", message.toString(),
                "-signature", file("theirs.sig").toString());
        assertEquals(Main.EXIT_FAILURE, wrongId.status());
        assertEquals("Verification failure", wrongId.out().strip());
        assertTrue(wrongId.err().contains("or the signer used another SM2 ID than bob (-id)"), wrongId.err());

        // OpenSSL 3.0's dgst signs with an empty ID unless told otherwise: the failure says so
        Files.write(file("empty-id.sig"), OpenSslCommand.run(messageBytes, "dgst", "-sm3", "-sign", file("key.pem").toString()));
        CliRun defaultId = CliRun.of("verify", "-pubkey", file("pub.pem").toString(), "-in", message.toString(),
                "-signature", file("empty-id.sig").toString());
        assertEquals(Main.EXIT_FAILURE, defaultId.status());
        assertTrue(defaultId.err().contains("the signature verifies with an empty SM2 ID"), defaultId.err());
        assertEquals("Verified OK", ok("verify", "-pubkey", file("pub.pem").toString(), "-id", "", "-in", message.toString(),
                "-signature", file("empty-id.sig").toString()).out().strip());

        CliRun rawSignature = CliRun.of(messageBytes, false, "sign", "-key", file("key.pem").toString(), "-raw");
        assertEquals(64, rawSignature.outBytes().length);
        Files.write(file("raw.sig"), rawSignature.outBytes());
        assertEquals(0, CliRun.of(messageBytes, false, "verify", "-pubkey", file("key.pem").toString(), "-raw",
                "-signature", file("raw.sig").toString()).status());
    }

    @Test
    void ciphertextsDecryptBothWaysWithOpenssl() throws Exception {
        ok("genkey", "-out", file("key.pem").toString(), "-pubout", file("pub.pem").toString());
        ok("encrypt", "-pubkey", file("pub.pem").toString(), "-in", message.toString(), "-out", file("ours.ct").toString());
        assertArrayEquals(messageBytes, OpenSslCommand.run(Files.readAllBytes(file("ours.ct")), "pkeyutl", "-decrypt",
                "-inkey", file("key.pem").toString()));
        Files.write(file("theirs.ct"), OpenSslCommand.run(messageBytes, "pkeyutl", "-encrypt", "-pubin", "-inkey",
                file("pub.pem").toString()));
        CliRun decrypted = ok("decrypt", "-key", file("key.pem").toString(), "-in", file("theirs.ct").toString());
        assertArrayEquals(messageBytes, decrypted.outBytes());

        CliRun raw = CliRun.of(messageBytes, false, "encrypt", "-pubkey", file("pub.pem").toString(), "-format", "C1C2C3");
        assertEquals(messageBytes.length + 97, raw.outBytes().length);
        assertArrayEquals(messageBytes, CliRun.of(raw.outBytes(), false, "decrypt", "-key", file("key.pem").toString(),
                "-format", "C1C2C3").outBytes());
        byte[] tampered = raw.outBytes().clone();
        tampered[tampered.length - 1] ^= 1;
        CliRun refused = CliRun.of(tampered, false, "decrypt", "-key", file("key.pem").toString(), "-format", "C1C2C3");
        assertEquals(Main.EXIT_FAILURE, refused.status());
        assertEquals(0, refused.outBytes().length, "nothing released");
        assertTrue(refused.err().contains("decrypt"), refused.err());
    }

    @Test
    void kexGivesBothPartiesTheSameKeyAndConfirmations() throws Exception {
        for (String name : new String[] {"a", "a-eph", "b", "b-eph"}) {
            ok("genkey", "-out", file(name + ".pem").toString(), "-pubout", file(name + ".pub").toString());
        }
        CliRun a = ok("kex", "-initiator", "-key", file("a.pem").toString(), "-ephemeral", file("a-eph.pem").toString(),
                "-id", "alice", "-peerkey", file("b.pub").toString(), "-peerephemeral", file("b-eph.pub").toString(),
                "-peerid", "bob", "-length", "32");
        CliRun b = ok("kex", "-key", file("b.pem").toString(), "-ephemeral", file("b-eph.pem").toString(),
                "-id", "bob", "-peerkey", file("a.pub").toString(), "-peerephemeral", file("a-eph.pub").toString(),
                "-peerid", "alice", "-length", "32", "-confirm", field(a, "confirmation"));
        assertEquals(field(a, "key"), field(b, "key"));
        assertEquals(64, field(a, "key").length());
        assertTrue(b.out().contains("peer confirmation OK"));
        CliRun aChecks = ok("kex", "-initiator", "-key", file("a.pem").toString(), "-ephemeral", file("a-eph.pem").toString(),
                "-id", "alice", "-peerkey", file("b.pub").toString(), "-peerephemeral", file("b-eph.pub").toString(),
                "-peerid", "bob", "-length", "32", "-confirm", field(b, "confirmation"));
        assertTrue(aChecks.out().contains("peer confirmation OK"));
        CliRun wrong = CliRun.of("kex", "-initiator", "-key", file("a.pem").toString(), "-ephemeral", file("a-eph.pem").toString(),
                "-id", "alice", "-peerkey", file("b.pub").toString(), "-peerephemeral", file("b-eph.pub").toString(),
                "-peerid", "bob", "-length", "32", "-confirm", field(a, "confirmation"));
        assertEquals(Main.EXIT_FAILURE, wrong.status());
    }

    private static String field(CliRun run, String name) {
        for (String line : run.out().split("\n")) {
            if (line.startsWith(name + "= ")) {
                return line.substring(name.length() + 2).strip();
            }
        }
        throw new AssertionError("no " + name + " in " + run.out());
    }

    @Test
    void badKeyFilesFailWithAMessage() throws Exception {
        Files.writeString(file("junk"), "not a key");
        CliRun run = CliRun.of(messageBytes, false, "sign", "-key", file("junk").toString());
        assertEquals(Main.EXIT_FAILURE, run.status());
        assertTrue(run.err().contains("not an SM2 private key"), run.err());
        // other key types are named in words
        OpenSslCommand.run(new byte[0], "genpkey", "-algorithm", "ED25519", "-out", file("ed25519.pem").toString());
        run = CliRun.of(messageBytes, false, "sign", "-key", file("ed25519.pem").toString());
        assertEquals(Main.EXIT_FAILURE, run.status());
        assertTrue(run.err().contains("not an EC key but Ed25519"), run.err());
        run = CliRun.of(messageBytes, false, "sign", "-key", file("missing").toString());
        assertEquals(Main.EXIT_FAILURE, run.status());
        assertTrue(run.err().contains("No such file"), run.err());
    }

    /**
     * A private key written over an existing file readable by others, or over a link, ends up in
     * a file of its own readable by its owner only; the link's target is untouched.
     */
    @Test
    void aNewKeyReplacesAnExistingFileOrLinkWithAPrivateOne() throws Exception {
        Path existing = Files.writeString(file("existing.pem"), "old");
        Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rw-r--r--"));
        ok("genkey", "-out", existing.toString());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(existing)));
        assertTrue(Files.readString(existing).startsWith("-----BEGIN PRIVATE KEY-----"));

        Path target = Files.writeString(file("target"), "not to be overwritten");
        Path link = Files.createSymbolicLink(file("link.pem"), target);
        ok("genkey", "-out", link.toString());
        assertEquals("not to be overwritten", Files.readString(target));
        assertFalse(Files.isSymbolicLink(link), "the link was replaced by the key file");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(link)));
    }
}
