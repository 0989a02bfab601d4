package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.cli.CliRun.ok;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.GmsslPeer;

/**
 * The SM9 commands, and their files and messages against GmSSL 3's {@code gmssl sm9*} in both
 * directions: master and user keys made by either side used by the other, signatures verified
 * across, ciphertexts decrypted across (with GmSSL's HMAC-SM3 C3), and the four-stage key
 * exchange with either side as initiator.
 */
class Sm9CommandsTest {

    @TempDir
    static Path directory;
    private static Path data;

    @BeforeAll
    static void files() throws Exception {
        data = Files.writeString(directory.resolve("data.txt"), "Chinese IBS standard, signed and sealed");
        GmsslPeer.command();
    }

    private static String file(String name) {
        return directory.resolve(name).toString();
    }

    private static void gmssl(String... args) {
        GmsslPeer.run(directory, args);
    }

    /** A signature master key and Alice's signing key, made by {@code maker} ("shangmi" or "gmssl"). */
    private static void signKeys(String maker, String prefix) {
        String[] setup = {"sm9setup", "-alg", "sm9sign", "-pass", "master-pass", "-out", file(prefix + "_msk.pem"),
            "-pubout", file(prefix + "_mpk.pem")};
        String[] keygen = {"sm9keygen", "-alg", "sm9sign", "-in", file(prefix + "_msk.pem"), "-inpass", "master-pass",
            "-id", "Alice", "-out", file(prefix + "_alice.pem"), "-outpass", "user-pass"};
        if (maker.equals("gmssl")) {
            gmssl(setup);
            gmssl(keygen);
        } else {
            ok(setup);
            ok(keygen);
        }
    }

    @Test
    void ourKeysAndSignaturesWorkInGmsslAndTheirsHere() throws Exception {
        for (String maker : new String[] {"shangmi", "gmssl"}) {
            String p = maker + "_sign";
            signKeys(maker, p);
            String pem = Files.readString(Path.of(file(p + "_mpk.pem")));
            assertTrue(pem.startsWith("-----BEGIN SM9 SIGN MASTER PUBLIC KEY-----"), pem);
            assertTrue(Files.readString(Path.of(file(p + "_alice.pem"))).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----"));
            if (maker.equals("shangmi")) {
                assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                        Files.getPosixFilePermissions(Path.of(file(p + "_alice.pem"))));
            }
            // GmSSL signs with the key, we verify; we sign, GmSSL verifies: whoever made the keys
            gmssl("sm9sign", "-key", file(p + "_alice.pem"), "-pass", "user-pass", "-in", data.toString(), "-out", file(p + "_gm.sig"));
            CliRun verified = ok("sm9verify", "-pubmaster", file(p + "_mpk.pem"), "-id", "Alice", "-sig", file(p + "_gm.sig"),
                    "-in", data.toString());
            assertEquals("sm9verify success", verified.out().strip());
            ok("sm9sign", "-key", file(p + "_alice.pem"), "-pass", "user-pass", "-in", data.toString(), "-out", file(p + "_sm.sig"));
            assertEquals(104, Files.size(Path.of(file(p + "_sm.sig"))));
            String gmVerified = GmsslPeer.run(directory, "sm9verify", "-pubmaster", file(p + "_mpk.pem"), "-id", "Alice",
                    "-sig", file(p + "_sm.sig"), "-in", data.toString());
            assertTrue(gmVerified.contains("success"), gmVerified);
            // another identity, or another message, fails on both sides
            CliRun wrongId = CliRun.of("sm9verify", "-pubmaster", file(p + "_mpk.pem"), "-id", "Bob", "-sig", file(p + "_gm.sig"),
                    "-in", data.toString());
            assertEquals(1, wrongId.status());
            assertEquals("sm9verify failure", wrongId.out().strip());
            assertNotEquals(0, GmsslPeer.attempt(directory, "sm9verify", "-pubmaster", file(p + "_mpk.pem"), "-id", "Bob",
                    "-sig", file(p + "_sm.sig"), "-in", data.toString()));
        }
        // a master key made by one side issues keys on the other
        ok("sm9keygen", "-alg", "sm9sign", "-in", file("gmssl_sign_msk.pem"), "-inpass", "master-pass", "-id", "Carol",
                "-out", file("carol_from_gmssl_msk.pem"), "-outpass", "c");
        gmssl("sm9sign", "-key", file("carol_from_gmssl_msk.pem"), "-pass", "c", "-in", data.toString(), "-out", file("carol.sig"));
        assertEquals("sm9verify success", ok("sm9verify", "-pubmaster", file("gmssl_sign_mpk.pem"), "-id", "Carol",
                "-sig", file("carol.sig"), "-in", data.toString()).out().strip());
        gmssl("sm9keygen", "-alg", "sm9sign", "-in", file("shangmi_sign_msk.pem"), "-inpass", "master-pass", "-id", "Dave",
                "-out", file("dave_from_shangmi_msk.pem"), "-outpass", "d");
        ok("sm9sign", "-key", file("dave_from_shangmi_msk.pem"), "-pass", "d", "-in", data.toString(), "-out", file("dave.sig"));
        assertTrue(GmsslPeer.run(directory, "sm9verify", "-pubmaster", file("shangmi_sign_mpk.pem"), "-id", "Dave",
                "-sig", file("dave.sig"), "-in", data.toString()).contains("success"));
    }

    @Test
    void ciphertextsCrossBothWaysWithGmsslsMac() throws Exception {
        for (String maker : new String[] {"shangmi", "gmssl"}) {
            String p = maker + "_enc";
            String[] setup = {"sm9setup", "-alg", "sm9encrypt", "-pass", "m", "-out", file(p + "_msk.pem"), "-pubout", file(p + "_mpk.pem")};
            String[] keygen = {"sm9keygen", "-alg", "sm9encrypt", "-in", file(p + "_msk.pem"), "-inpass", "m", "-id", "Bob",
                "-out", file(p + "_bob.pem"), "-outpass", "b"};
            if (maker.equals("gmssl")) {
                gmssl(setup);
                gmssl(keygen);
            } else {
                ok(setup);
                ok(keygen);
            }
            assertTrue(Files.readString(Path.of(file(p + "_mpk.pem"))).startsWith("-----BEGIN SM9 ENC MASTER PUBLIC KEY-----"));
            // GmSSL encrypts, we decrypt (its C3 is HMAC-SM3)
            gmssl("sm9encrypt", "-pubmaster", file(p + "_mpk.pem"), "-id", "Bob", "-in", data.toString(), "-out", file(p + "_gm.der"));
            ok("sm9decrypt", "-key", file(p + "_bob.pem"), "-pass", "b", "-id", "Bob", "-mac", "hmac-sm3",
                    "-in", file(p + "_gm.der"), "-out", file(p + "_gm.txt"));
            assertArrayEquals(Files.readAllBytes(data), Files.readAllBytes(Path.of(file(p + "_gm.txt"))));
            // the standard's MAC does not verify GmSSL's C3, and nothing is written
            CliRun standardMac = CliRun.of("sm9decrypt", "-key", file(p + "_bob.pem"), "-pass", "b", "-id", "Bob",
                    "-in", file(p + "_gm.der"), "-out", file(p + "_none.txt"));
            assertEquals(1, standardMac.status());
            assertTrue(standardMac.err().contains("does not verify"), standardMac.err());
            assertTrue(Files.notExists(Path.of(file(p + "_none.txt"))));
            // we encrypt with GmSSL's MAC, GmSSL decrypts
            ok("sm9encrypt", "-pubmaster", file(p + "_mpk.pem"), "-id", "Bob", "-mac", "hmac-sm3", "-in", data.toString(),
                    "-out", file(p + "_sm.der"));
            gmssl("sm9decrypt", "-key", file(p + "_bob.pem"), "-pass", "b", "-id", "Bob", "-in", file(p + "_sm.der"),
                    "-out", file(p + "_sm.txt"));
            assertArrayEquals(Files.readAllBytes(data), Files.readAllBytes(Path.of(file(p + "_sm.txt"))));
            // every cipher and MAC, here
            for (String cipher : new String[] {"xor", "sm4-ecb", "sm4-cbc"}) {
                for (String mac : new String[] {"sm3", "hmac-sm3"}) {
                    String name = p + "_" + cipher + "_" + mac;
                    ok("sm9encrypt", "-pubmaster", file(p + "_mpk.pem"), "-id", "Bob", "-cipher", cipher, "-mac", mac,
                            "-in", data.toString(), "-out", file(name + ".der"));
                    ok("sm9decrypt", "-key", file(p + "_bob.pem"), "-pass", "b", "-id", "Bob", "-cipher", cipher, "-mac", mac,
                            "-in", file(name + ".der"), "-out", file(name + ".txt"));
                    assertArrayEquals(Files.readAllBytes(data), Files.readAllBytes(Path.of(file(name + ".txt"))), name);
                }
            }
        }
    }

    /** The four stages with {@code a} and {@code b} ("shangmi" or "gmssl") as initiator and responder. */
    private static void exchange(String a, String b, String p) throws Exception {
        String[][] stages = {
            {"sm9exch", "-stage", "init", "-pubmaster", file("exch_mpk.pem"), "-peer_id", "Bob",
                "-exch_keyout", file(p + "_a.state"), "-out", file(p + "_ra.hex")},
            {"sm9exch", "-stage", "respond", "-pubmaster", file("exch_mpk.pem"), "-key", file("exch_bob.pem"), "-pass", "b",
                "-id", "Bob", "-peer_id", "Alice", "-in", file(p + "_ra.hex"), "-exch_keyout", file(p + "_b.state"),
                "-out", file(p + "_rb_sb.hex")},
            {"sm9exch", "-stage", "confirm", "-pubmaster", file("exch_mpk.pem"), "-key", file("exch_alice.pem"), "-pass", "a",
                "-id", "Alice", "-peer_id", "Bob", "-exch_key", file(p + "_a.state"), "-in", file(p + "_rb_sb.hex"),
                "-keylen", "48", "-keyout", file(p + "_a.key"), "-out", file(p + "_sa.hex")},
            {"sm9exch", "-stage", "finish", "-pubmaster", file("exch_mpk.pem"), "-key", file("exch_bob.pem"), "-pass", "b",
                "-id", "Bob", "-peer_id", "Alice", "-exch_key", file(p + "_b.state"), "-in", file(p + "_sa.hex"),
                "-keylen", "48", "-keyout", file(p + "_b.key")},
        };
        String[] parties = {a, b, a, b};
        for (int i = 0; i < stages.length; i++) {
            if (parties[i].equals("gmssl")) {
                gmssl(stages[i]);
            } else {
                ok(stages[i]);
            }
        }
        String aliceKey = Files.readString(Path.of(file(p + "_a.key")));
        assertEquals(96, aliceKey.length(), aliceKey);
        assertEquals(aliceKey, Files.readString(Path.of(file(p + "_b.key"))), a + " with " + b);
    }

    @Test
    void keyExchangeWithEitherSideFirst() throws Exception {
        gmssl("sm9setup", "-alg", "sm9encrypt", "-pass", "m", "-out", file("exch_msk.pem"), "-pubout", file("exch_mpk.pem"));
        ok("sm9keygen", "-alg", "sm9keyagreement", "-in", file("exch_msk.pem"), "-inpass", "m", "-id", "Alice",
                "-out", file("exch_alice.pem"), "-outpass", "a");
        gmssl("sm9keygen", "-alg", "sm9keyagreement", "-in", file("exch_msk.pem"), "-inpass", "m", "-id", "Bob",
                "-out", file("exch_bob.pem"), "-outpass", "b");
        exchange("shangmi", "shangmi", "ss");
        exchange("shangmi", "gmssl", "sg");
        exchange("gmssl", "shangmi", "gs");
        // a responder with the wrong key: the initiator refuses SB and writes no key
        ok("sm9keygen", "-alg", "sm9keyagreement", "-in", file("exch_msk.pem"), "-inpass", "m", "-id", "Mallory",
                "-out", file("exch_mallory.pem"), "-outpass", "x");
        ok("sm9exch", "-stage", "init", "-pubmaster", file("exch_mpk.pem"), "-peer_id", "Bob",
                "-exch_keyout", file("m_a.state"), "-out", file("m_ra.hex"));
        gmssl("sm9exch", "-stage", "respond", "-pubmaster", file("exch_mpk.pem"), "-key", file("exch_mallory.pem"), "-pass", "x",
                "-id", "Bob", "-peer_id", "Alice", "-in", file("m_ra.hex"), "-exch_keyout", file("m_b.state"), "-out", file("m_rb_sb.hex"));
        CliRun refused = CliRun.of("sm9exch", "-stage", "confirm", "-pubmaster", file("exch_mpk.pem"), "-key", file("exch_alice.pem"),
                "-pass", "a", "-id", "Alice", "-peer_id", "Bob", "-exch_key", file("m_a.state"), "-in", file("m_rb_sb.hex"),
                "-keyout", file("m_a.key"), "-out", file("m_sa.hex"));
        assertEquals(1, refused.status());
        assertTrue(refused.err().contains("SB") && refused.err().contains("does not match"), refused.err());
        assertTrue(Files.notExists(Path.of(file("m_a.key"))));
    }

    @Test
    void usageAndKeyErrors() throws Exception {
        assertEquals(2, CliRun.of("sm9setup", "-alg", "sm9sign").status(), "no -pass");
        CliRun badAlg = CliRun.of("sm9setup", "-alg", "sm9", "-pass", "p");
        assertEquals(1, badAlg.status());
        assertTrue(badAlg.err().contains("sm9sign or sm9encrypt"), badAlg.err());
        signKeys("shangmi", "errors");
        CliRun wrongPass = CliRun.of("sm9sign", "-key", file("errors_alice.pem"), "-pass", "not-it", "-in", data.toString());
        assertEquals(1, wrongPass.status());
        assertTrue(wrongPass.err().contains("wrong password"), wrongPass.err());
        CliRun kindMismatch = CliRun.of("sm9keygen", "-alg", "sm9encrypt", "-in", file("errors_msk.pem"), "-inpass", "master-pass",
                "-id", "Bob", "-outpass", "x");
        assertEquals(1, kindMismatch.status());
        assertTrue(kindMismatch.err().contains("needs an SM9 encryption master key"), kindMismatch.err());
        CliRun notAKey = CliRun.of("sm9verify", "-pubmaster", data.toString(), "-id", "Alice", "-sig", data.toString(),
                "-in", data.toString());
        assertEquals(1, notAKey.status());
        assertTrue(notAKey.err().contains("not an SM9 master public key"), notAKey.err());
        Files.write(directory.resolve("short.sig"), "too short".getBytes(StandardCharsets.US_ASCII));
        assertEquals(1, CliRun.of("sm9verify", "-pubmaster", file("errors_mpk.pem"), "-id", "Alice", "-sig", file("short.sig"),
                "-in", data.toString()).status());
    }
}
