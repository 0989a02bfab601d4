package org.shangmi.cli;

import static org.shangmi.cli.CliRun.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;

/**
 * req, x509 and verify -CAfile, OpenSSL-compatible both ways: openssl accepts the requests and
 * certificates they write, and they accept (and verify) what openssl writes.
 */
class PkiCommandsTest {

    private static final String ID = OpenSslPki.ID_OPTION;

    @TempDir
    Path directory;

    @BeforeEach
    void needsOpenssl() {
        OpenSslCommand.assumeAvailable();
    }

    private String file(String name) {
        return directory.resolve(name).toString();
    }

    /** A CA, an intermediate and a leaf, made by our commands from keys of our genkey. */
    private void ourChain() throws Exception {
        for (String name : List.of("ca", "inter", "leaf")) {
            ok("genkey", "-out", file(name + ".key"));
        }
        ok("req", "-new", "-x509", "-key", file("ca.key"), "-subj", "/C=CN/O=ShangMi Test/CN=Test Root", "-days", "60",
                "-out", file("ca.pem"));
        ok("req", "-new", "-key", file("inter.key"), "-subj", "/C=CN/O=ShangMi Test/CN=Test Intermediate", "-out", file("inter.csr"));
        Files.writeString(directory.resolve("ext.cnf"), """
                # extensions as in an OpenSSL configuration
                [ intermediate ]
                basicConstraints = critical,CA:TRUE,pathlen:0
                keyUsage = critical,keyCertSign,cRLSign
                [ server ]
                basicConstraints = critical,CA:FALSE
                keyUsage = critical,digitalSignature,keyEncipherment
                extendedKeyUsage = serverAuth,clientAuth
                """);
        ok("x509", "-req", "-in", file("inter.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"), "-days", "30",
                "-extfile", file("ext.cnf"), "-extensions", "intermediate", "-out", file("inter.pem"));
        ok("req", "-new", "-key", file("leaf.key"), "-subj", "/C=CN/CN=leaf.example.com",
                "-addext", "subjectAltName = DNS:leaf.example.com,IP:10.0.0.1,email:ops@example.com", "-out", file("leaf.csr"));
        ok("x509", "-req", "-in", file("leaf.csr"), "-CA", file("inter.pem"), "-CAkey", file("inter.key"), "-days", "10",
                "-set_serial", "0x1000", "-extfile", file("ext.cnf"), "-extensions", "server", "-copy_extensions", "copy",
                "-out", file("leaf.pem"));
    }

    @Test
    void opensslAcceptsOurRequestsAndCertificates() throws Exception {
        ourChain();
        for (String csr : List.of("inter.csr", "leaf.csr")) {
            assertTrue(OpenSslCommand.text("req", "-in", file(csr), "-noout", "-verify", "-vfyopt", ID).contains("verify OK"), csr);
        }
        // OpenSSL 3 checks only the target's signature with the ID it is given (openssl/openssl#23471),
        // so each link is verified on its own, its issuer as trust anchor
        opensslChecksSelfSignature("ca.pem");
        assertTrue(OpenSslCommand.text("verify", "-vfyopt", ID, "-CAfile", file("ca.pem"), file("inter.pem")).contains("inter.pem: OK"));
        assertTrue(OpenSslCommand.text("verify", "-vfyopt", ID, "-partial_chain", "-CAfile", file("inter.pem"), file("leaf.pem"))
                .contains("leaf.pem: OK"));

        String text = OpenSslCommand.text("x509", "-in", file("leaf.pem"), "-noout", "-text");
        for (String expected : List.of("Serial Number: 4096 (0x1000)", "Issuer: C = CN, O = ShangMi Test, CN = Test Intermediate",
                "Subject: C = CN, CN = leaf.example.com", "ASN1 OID: SM2", "X509v3 Basic Constraints: critical", "CA:FALSE",
                "X509v3 Key Usage: critical", "Digital Signature, Key Encipherment",
                "TLS Web Server Authentication, TLS Web Client Authentication",
                "DNS:leaf.example.com, IP Address:10.0.0.1, email:ops@example.com", "X509v3 Subject Key Identifier",
                "X509v3 Authority Key Identifier", "Signature Algorithm: SM2-with-SM3")) {
            assertTrue(text.contains(expected), expected + " in:\n" + text);
        }
        String inter = OpenSslCommand.text("x509", "-in", file("inter.pem"), "-noout", "-text");
        assertTrue(inter.contains("CA:TRUE, pathlen:0") && inter.contains("Certificate Sign, CRL Sign"), inter);
        String root = OpenSslCommand.text("x509", "-in", file("ca.pem"), "-noout", "-text");
        assertTrue(root.contains("X509v3 Basic Constraints: critical") && root.contains("CA:TRUE"), root);
        // the key identifiers chain: the leaf's authority key identifier is the intermediate's subject key identifier
        assertEquals(keyIdentifier(inter, "Subject Key Identifier"), keyIdentifier(text, "Authority Key Identifier"));

        // and our verify agrees, on the whole chain at once
        assertEquals(file("leaf.pem") + ": OK", ok("verify", "-CAfile", file("ca.pem"), "-untrusted", file("inter.pem"),
                file("leaf.pem")).out().strip());
    }

    @Test
    void derFormsAndPrintingAgreeWithOpenssl() throws Exception {
        ourChain();
        ok("x509", "-in", file("leaf.pem"), "-outform", "DER", "-out", file("leaf.der"));
        assertArrayEquals(OpenSslCommand.run(new byte[0], "x509", "-in", file("leaf.pem"), "-outform", "DER"),
                Files.readAllBytes(directory.resolve("leaf.der")));
        ok("req", "-in", file("leaf.csr"), "-outform", "DER", "-out", file("leaf.csr.der"));
        assertArrayEquals(OpenSslCommand.run(new byte[0], "req", "-in", file("leaf.csr"), "-outform", "DER"),
                Files.readAllBytes(directory.resolve("leaf.csr.der")));

        for (String fields : List.of("-subject", "-issuer", "-serial", "-dates")) {
            assertEquals(OpenSslCommand.text("x509", "-in", file("leaf.der"), "-inform", "DER", "-noout", fields).strip(),
                    ok("x509", "-in", file("leaf.der"), "-noout", fields).out().strip(), fields);
        }
        assertEquals(OpenSslCommand.text("x509", "-in", file("leaf.pem"), "-noout", "-pubkey").strip(),
                ok("x509", "-in", file("leaf.pem"), "-noout", "-pubkey").out().strip());
        String ours = ok("x509", "-in", file("leaf.pem"), "-noout", "-text").out();
        String theirs = OpenSslCommand.text("x509", "-in", file("leaf.pem"), "-noout", "-text");
        assertEquals(block(theirs, "pub:"), block(ours, "pub:"));
        for (String expected : List.of("Digital Signature, Key Encipherment", "DNS:leaf.example.com, IP Address:10.0.0.1",
                "Not After : ", "Subject: C = CN, CN = leaf.example.com")) {
            assertTrue(ours.contains(expected), expected + " in:\n" + ours);
        }
        String request = ok("req", "-in", file("leaf.csr"), "-noout", "-text").out();
        assertTrue(request.contains("Requested Extensions:") && request.contains("DNS:leaf.example.com"), request);
    }

    @Test
    void weAcceptAndVerifyWhatOpensslMakes() throws Exception {
        OpenSslPki pki = new OpenSslPki(directory).chain();
        pki.issue("revoked", "/CN=Revoked", "inter", "leaf", 10);
        pki.issue("weak", "/CN=Weak CA", "root", "ca_without_cert_sign", 20);
        pki.issue("weak-leaf", "/CN=Weak Leaf", "weak", "leaf", 10);
        pki.crl("root");
        pki.crl("inter", "revoked");

        CliRun run = CliRun.of("verify", "-CAfile", file("root.pem"), "-untrusted", file("inter.pem"), "-CRLfile",
                file("inter.crl"), file("leaf.pem"), file("revoked.pem"));
        assertEquals(Main.EXIT_FAILURE, run.status(), run.out() + run.err());
        assertTrue(run.out().contains(file("leaf.pem") + ": OK"), run.out());
        assertTrue(run.out().contains(file("revoked.pem") + ": verification failed: certificate revoked"), run.out());
        // every certificate of the chain checked: each CA's CRL is needed, and given
        ok("verify", "-CAfile", file("root.pem"), "-untrusted", file("inter.pem"), "-CRLfile", file("inter.crl"),
                "-CRLfile", file("root.crl"), "-crl_check_all", file("leaf.pem"));
        assertFails("unable to get certificate CRL", "verify", "-CAfile", file("root.pem"), "-untrusted", file("inter.pem"),
                "-CRLfile", file("inter.crl"), "-crl_check_all", file("leaf.pem"));
        assertFails("unable to get local issuer certificate", "verify", "-CAfile", file("root.pem"), file("leaf.pem"));
        assertFails("key usage does not include certificate signing", "verify", "-CAfile", file("root.pem"), "-untrusted",
                file("weak.pem"), file("weak-leaf.pem"));
        long later = java.time.Instant.now().plus(java.time.Duration.ofDays(15)).getEpochSecond();
        assertFails("certificate has expired", "verify", "-CAfile", file("root.pem"), "-untrusted", file("inter.pem"),
                "-attime", Long.toString(later), file("leaf.pem"));
        byte[] tampered = OpenSslCommand.run(new byte[0], "x509", "-in", file("leaf.pem"), "-outform", "DER");
        tampered[tampered.length - 1] ^= 1;
        Files.write(directory.resolve("tampered.der"), tampered);
        assertFails("certificate signature failure", "verify", "-CAfile", file("root.pem"), "-untrusted", file("inter.pem"),
                file("tampered.der"));

        // openssl's CSR (signed with the default ID) is issued a certificate by openssl's CA key and certificate
        CliRun verified = ok("req", "-in", file("leaf.csr"), "-noout", "-verify");
        assertTrue(verified.err().contains("verify OK"), verified.err());
        ok("x509", "-req", "-in", file("leaf.csr"), "-CA", file("inter.pem"), "-CAkey", file("inter.key"),
                "-addext", "keyUsage = critical,digitalSignature", "-out", file("reissued.pem"));
        assertTrue(OpenSslCommand.text("verify", "-vfyopt", ID, "-partial_chain", "-CAfile", file("inter.pem"), file("reissued.pem"))
                .contains("reissued.pem: OK"));
    }

    @Test
    void explainsRequestsWithOpenSsl30sEmptyIdAndRefusesWrongCaKeys() throws Exception {
        ok("genkey", "-out", file("ca.key"));
        ok("genkey", "-out", file("other.key"));
        ok("req", "-x509", "-key", file("ca.key"), "-subj", "/CN=CA", "-out", file("ca.pem"));
        ok("genkey", "-out", file("leaf.key"));
        // openssl 3.0 signs with an empty ID unless given -sigopt
        OpenSslCommand.run(new byte[0], "req", "-new", "-key", file("leaf.key"), "-sm3", "-subj", "/CN=Empty ID",
                "-out", file("empty-id.csr"));
        CliRun refused = CliRun.of("x509", "-req", "-in", file("empty-id.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"));
        assertEquals(Main.EXIT_FAILURE, refused.status());
        assertTrue(refused.err().contains("-vfyopt distid:"), refused.err());
        ok("x509", "-req", "-in", file("empty-id.csr"), "-vfyopt", "distid:", "-CA", file("ca.pem"), "-CAkey", file("ca.key"),
                "-out", file("empty-id.pem"));
        assertEquals(Main.EXIT_FAILURE, CliRun.of("req", "-in", file("empty-id.csr"), "-noout", "-verify").status());

        ok("req", "-new", "-key", file("leaf.key"), "-subj", "/CN=Leaf", "-out", file("leaf.csr"));
        CliRun wrongKey = CliRun.of("x509", "-req", "-in", file("leaf.csr"), "-CA", file("ca.pem"), "-CAkey", file("other.key"));
        assertEquals(Main.EXIT_FAILURE, wrongKey.status());
        assertTrue(wrongKey.err().contains("is not the key of"), wrongKey.err());
        CliRun badSubject = CliRun.of("req", "-new", "-key", file("leaf.key"), "-subj", "CN=no slash");
        assertEquals(2, badSubject.status());
        assertTrue(badSubject.err().contains("starts with '/'"), badSubject.err());
        assertEquals(2, CliRun.of("req", "-new", "-key", file("leaf.key"), "-subj", "/CN=x", "-sigopt", "hexdistid:31").status());
        assertEquals(2, CliRun.of("x509", "-in", file("ca.pem"), "-outform", "TEXT").status());
        assertEquals(2, CliRun.of("req", "-x509", "-key", file("leaf.key"), "-subj", "/CN=x", "-set_serial", "-5").status());
        assertEquals(2, CliRun.of("req", "-x509", "-key", file("leaf.key"), "-subj", "/CN=x", "-days", "0").status());
        CliRun badExtension = CliRun.of("req", "-new", "-key", file("leaf.key"), "-subj", "/CN=x", "-addext", "keyUsage=flying");
        assertEquals(2, badExtension.status());
        assertTrue(badExtension.err().contains("unknown keyUsage flying"), badExtension.err());
    }

    /**
     * openssl verifies a self-signed certificate's signature with the default ID: its verify
     * command ignores -vfyopt there (openssl/openssl#32744), so the TBSCertificate and signature,
     * as Bouncy Castle's ASN.1 parser finds them, go to dgst.
     */
    private void opensslChecksSelfSignature(String certificate) throws Exception {
        byte[] der = OpenSslCommand.run(new byte[0], "x509", "-in", file(certificate), "-outform", "DER");
        org.bouncycastle.asn1.x509.Certificate parsed = org.bouncycastle.asn1.x509.Certificate.getInstance(der);
        Files.write(directory.resolve("tbs.der"), parsed.getTBSCertificate().getEncoded("DER"));
        Files.write(directory.resolve("signature.der"), parsed.getSignature().getOctets());
        Files.writeString(directory.resolve("self.pub"), OpenSslCommand.text("x509", "-in", file(certificate), "-noout", "-pubkey"));
        assertTrue(OpenSslCommand.text("dgst", "-sm3", "-verify", file("self.pub"), "-sigopt", ID, "-signature", file("signature.der"),
                file("tbs.der")).contains("Verified OK"));
    }

    private static void assertFails(String reason, String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(Main.EXIT_FAILURE, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("verification failed: " + reason), run.out() + run.err());
    }

    /** The lines after {@code label} up to the next line indented no deeper than it. */
    private static String block(String text, String label) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals(label)) {
                StringBuilder block = new StringBuilder();
                int indent = lines.get(i).indexOf(label);
                for (int k = i + 1; k < lines.size() && lines.get(k).indexOf(lines.get(k).strip()) > indent; k++) {
                    block.append(lines.get(k).strip());
                }
                return block.toString();
            }
        }
        throw new AssertionError(label + " not in:\n" + text);
    }

    private static String keyIdentifier(String text, String which) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("X509v3 " + which)) {
                return lines.get(i + 1).strip();
            }
        }
        throw new AssertionError(which + " not in:\n" + text);
    }
}
