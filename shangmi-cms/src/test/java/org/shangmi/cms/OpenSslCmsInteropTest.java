package org.shangmi.cms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.provider.ShangMiProvider;

/**
 * CMS against {@code openssl cms} 3.0, in the directions it can take part in. OpenSSL 3.0 checks
 * an SM2 signer with the empty ID (and cannot be told another), so it verifies our messages
 * signed with the empty ID, not those with the default ID; its command line cannot write SM2
 * signed or enveloped messages at all (the signer's and the recipient's algorithm identifiers
 * stay empty, fixed after 3.0), so the other direction is GmSSL's ({@link GmsslCmsInteropTest}).
 * OpenSSL 3.0 also checks certificate signatures with the empty ID, so it cannot validate chains
 * made with the default ID: the signer's chain is validated here, not there ({@code -noverify}).
 */
class OpenSslCmsInteropTest {

    private static final int[] SIZES = {0, 1, 1 << 20};

    @TempDir
    static Path directory;
    private static CmsPki pki;

    @BeforeAll
    static void install() throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        pki = new CmsPki(directory.resolve("pki"));
    }

    @AfterAll
    static void uninstall() {
        Security.removeProvider(ShangMiProvider.NAME);
    }

    @Test
    void opensslVerifiesOurSignaturesMadeWithTheEmptyId() throws Exception {
        for (int size : SIZES) {
            byte[] content = content(size);
            byte[] message = new CmsSigner(CmsProfile.RFC5652).addSigner(pki.leafKey, pki.leaf, new byte[0])
                    .addCertificates(List.of(pki.inter)).sign(content);
            Path file = Files.write(directory.resolve("empty-id-" + size + ".der"), message);
            byte[] out = OpenSslCommand.run(new byte[0], "cms", "-verify", "-noverify", "-inform", "DER", "-in", file.toString(),
                    "-binary");
            assertArrayEquals(content, out, size + " bytes");
        }
    }

    @Test
    void opensslVerifiesDetachedPemSignatures() throws Exception {
        byte[] content = content(5000);
        byte[] message = new CmsSigner(CmsProfile.RFC5652).addSigner(pki.leafKey, pki.leaf, new byte[0]).detached(true).sign(content);
        Path file = Files.writeString(directory.resolve("detached.pem"), CmsPem.encode(message));
        Path data = Files.write(directory.resolve("detached.bin"), content);
        OpenSslCommand.run(new byte[0], "cms", "-verify", "-noverify", "-inform", "PEM", "-in", file.toString(), "-content",
                data.toString(), "-binary", "-out", "/dev/null");
        Files.write(data, content(5001));
        OpenSslCommand.Result changed = OpenSslCommand.attempt(new byte[0], "cms", "-verify", "-noverify", "-inform", "PEM", "-in",
                file.toString(), "-content", data.toString(), "-binary", "-out", "/dev/null");
        assertNotEquals(0, changed.exit(), "other content must not verify");
    }

    /** The default ID, which GB/T 35276 recommends and GmSSL and CAs use, is not one OpenSSL 3.0 can check. */
    @Test
    void opensslCannotVerifyTheDefaultId() throws Exception {
        byte[] message = new CmsSigner(CmsProfile.RFC5652).addSigner(pki.leafKey, pki.leaf).sign(content(10));
        Path file = Files.write(directory.resolve("default-id.der"), message);
        OpenSslCommand.Result refused = OpenSslCommand.attempt(new byte[0], "cms", "-verify", "-noverify", "-inform", "DER", "-in",
                file.toString());
        assertNotEquals(0, refused.exit());
        assertTrue(new String(refused.stderr(), StandardCharsets.UTF_8).contains("verification failure"),
                new String(refused.stderr(), StandardCharsets.UTF_8));
    }

    @Test
    void opensslDecryptsOurEnvelopes() throws Exception {
        for (int size : SIZES) {
            byte[] content = content(size);
            Path file = Files.write(directory.resolve("enveloped-" + size + ".der"),
                    new CmsEnveloper(CmsProfile.RFC5652).addRecipient(pki.other).addRecipient(pki.leaf).encrypt(content));
            byte[] out = OpenSslCommand.run(new byte[0], "cms", "-decrypt", "-binary", "-inform", "DER", "-in", file.toString(),
                    "-recip", pki.openssl.path("leaf.pem").toString(), "-inkey", pki.openssl.path("leaf.key").toString());
            assertArrayEquals(content, out, size + " bytes");
        }
    }

    /** What OpenSSL 3.0's command line cannot write: SM2 signers and SM2 recipients. */
    @Test
    void opensslThreeZeroCannotWriteSm2Messages() throws Exception {
        Path data = Files.write(directory.resolve("plain.txt"), content(10));
        String cert = pki.openssl.path("leaf.pem").toString();
        OpenSslCommand.Result sign = OpenSslCommand.attempt(new byte[0], "cms", "-sign", "-in", data.toString(), "-signer", cert,
                "-inkey", pki.openssl.path("leaf.key").toString(), "-md", "sm3", "-outform", "DER", "-out", "/dev/null");
        OpenSslCommand.Result encrypt = OpenSslCommand.attempt(new byte[0], "cms", "-encrypt", "-in", data.toString(), "-recip",
                cert, "-sm4-cbc", "-outform", "DER", "-out", "/dev/null");
        for (OpenSslCommand.Result result : List.of(sign, encrypt)) {
            assertNotEquals(0, result.exit());
            assertTrue(new String(result.stderr(), StandardCharsets.UTF_8).contains("illegal zero content"),
                    new String(result.stderr(), StandardCharsets.UTF_8));
        }
    }

    private static byte[] content(int size) {
        byte[] content = new byte[size];
        new Random(size).nextBytes(content);
        return content;
    }
}
