package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;

/**
 * verify -CAfile gives openssl verify's verdict on chains made by openssl, in particular on the
 * trust anchor's own basicConstraints, pathLenConstraint and keyUsage, which the JDK's PKIX
 * ignores; and it explains certificates signed with OpenSSL 3.0's empty SM2 ID.
 */
class VerifyCommandTest {

    private static final String ID = OpenSslPki.ID_OPTION;

    @TempDir
    Path directory;

    @Test
    void theTrustAnchorsConstraintsAsOpensslJudgesThem() {
        OpenSslPki pki = new OpenSslPki(directory).chain();
        pki.root("root0", "/CN=Root pathlen 0", 30, "ca_pathlen0");
        pki.issue("sub0", "/CN=Sub of pathlen 0", "root0", "ca", 20);
        pki.issue("deep", "/CN=Below the sub", "sub0", "end_entity", 10);
        pki.issue("direct", "/CN=Directly below pathlen 0", "root0", "end_entity", 10);
        pki.root("pinned", "/CN=Pinned end entity", 30, "end_entity");
        pki.issue("signed-by-pinned", "/CN=Signed by the pinned key", "pinned", "end_entity", 10);
        pki.root("no-cert-sign", "/CN=CA without keyCertSign", 30, "ca_without_cert_sign");
        pki.issue("below-no-cert-sign", "/CN=Below no keyCertSign", "no-cert-sign", "end_entity", 10);
        pki.v1Root("v1", "/CN=Version 1 root", 30);
        pki.issue("below-v1", "/CN=Below the version 1 root", "v1", "end_entity", 10);
        pki.root("usage-only", "/CN=keyUsage only", 30, "ca_key_usage_only");
        pki.issue("below-usage-only", "/CN=Below keyUsage only", "usage-only", "end_entity", 10);

        // refused by openssl, accepted before the anchor's extensions were read
        assertSameVerdict("error 25 at 2: path length constraint exceeded", "root0", "sub0", "deep");
        assertSameVerdict("error 79 at 1: invalid CA certificate", "pinned", null, "signed-by-pinned");
        assertSameVerdict("error 79 at 1: invalid CA certificate", "no-cert-sign", null, "below-no-cert-sign");
        // accepted by both
        assertSameVerdict(null, "root", "inter", "leaf");
        assertSameVerdict(null, "root0", null, "direct");
        assertSameVerdict(null, "root0", null, "sub0");
        assertSameVerdict(null, "pinned", null, "pinned");
        assertSameVerdict(null, "v1", null, "below-v1");
        assertSameVerdict(null, "usage-only", null, "below-usage-only");

        // the anchor's own dates: a root valid for 5 days above a leaf valid for 10, a week on
        pki.root("short", "/CN=Root for five days", 5, "ca");
        pki.issue("below-short", "/CN=Below the short root", "short", "end_entity", 10);
        List<String> weekOn = List.of("-attime", Long.toString(System.currentTimeMillis() / 1000 + 7 * 86_400));
        assertSameVerdict("error 10 at 1: certificate has expired", weekOn, "short", null, "below-short");
        assertSameVerdict(null, "short", null, "below-short");
    }

    /**
     * The anchor's nameConstraints: openssl applies them (error 47, permitted subtree violation);
     * the JDK's PKIX only when the anchor is given with them. The JDK does not tell a permitted from
     * an excluded subtree, so the message says either.
     */
    @Test
    void theTrustAnchorsNameConstraintsAsOpensslJudgesThem() {
        OpenSslPki pki = new OpenSslPki(directory).chain();
        pki.root("constrained", "/C=CN/O=Permitted/CN=Constrained root", 30, "ca_name_constraints");
        pki.issue("inside", "/C=CN/O=Permitted/CN=Inside", "constrained", "end_entity", 10);
        pki.issue("outside", "/C=CN/O=Elsewhere/CN=Outside", "constrained", "end_entity", 10);
        assertSameVerdict(null, "constrained", null, "inside");

        OpenSslCommand.Result theirs = openssl("verify", "-vfyopt", ID, "-CAfile", pem("constrained"), pem("outside"));
        String printed = new String(theirs.stdout(), StandardCharsets.UTF_8) + new String(theirs.stderr(), StandardCharsets.UTF_8);
        assertTrue(printed.contains("error 47 at 0 depth lookup: permitted subtree violation"), printed);
        CliRun ours = CliRun.of("verify", "-CAfile", pem("constrained"), pem("outside"));
        assertEquals(Main.EXIT_FAILURE, ours.status(), ours.out() + ours.err());
        assertEquals(pem("outside") + ": verification failed: name constraints violation (a permitted or excluded subtree) "
                + "(C = CN, O = Elsewhere, CN = Outside, depth 0)", ours.out().strip());
    }

    private void assertSameVerdict(String expected, String anchor, String intermediate, String target) {
        assertSameVerdict(expected, List.of(), anchor, intermediate, target);
    }

    /**
     * openssl verify's first error (code, depth and message) for the chain, or null if it accepts
     * it; ours must give the same message and depth, or OK. OpenSSL 3 checks only the target's
     * signature with the ID of -vfyopt (openssl/openssl#23471), so it reports a signature failure
     * for an intermediate that is signed correctly: that error is left out, and the link is
     * verified on its own instead.
     */
    private void assertSameVerdict(String expected, List<String> options, String anchor, String intermediate, String target) {
        List<String> command = new ArrayList<>(List.of("verify", "-vfyopt", ID));
        command.addAll(options);
        command.addAll(List.of("-CAfile", pem(anchor)));
        if (intermediate != null) {
            command.addAll(List.of("-untrusted", pem(intermediate)));
            assertTrue(openssl("verify", "-vfyopt", ID, "-CAfile", pem(anchor), pem(intermediate)).exit() == 0,
                    intermediate + " is signed by " + anchor);
        }
        command.add(pem(target));
        OpenSslCommand.Result result = openssl(command.toArray(String[]::new));
        String printed = new String(result.stdout(), StandardCharsets.UTF_8) + new String(result.stderr(), StandardCharsets.UTF_8);
        List<String> errors = new ArrayList<>();
        Matcher error = Pattern.compile("(?m)^error (\\d+) at (\\d+) depth lookup: (.+)$").matcher(printed);
        while (error.find()) {
            boolean idBug = error.group(1).equals("7") && intermediate != null && error.group(2).equals("1");
            if (!idBug) {
                errors.add("error " + error.group(1) + " at " + error.group(2) + ": " + error.group(3));
            }
        }
        String theirs = errors.isEmpty() ? null : errors.get(0);
        assertEquals(expected, theirs, "openssl " + String.join(" ", command) + ":\n" + printed);
        if (intermediate == null) {
            assertEquals(theirs == null, result.exit() == 0, printed);
        }

        List<String> ours = new ArrayList<>(List.of("verify"));
        ours.addAll(options);
        ours.addAll(List.of("-CAfile", pem(anchor)));
        if (intermediate != null) {
            ours.addAll(List.of("-untrusted", pem(intermediate)));
        }
        ours.add(pem(target));
        CliRun run = CliRun.of(ours.toArray(String[]::new));
        if (theirs == null) {
            assertEquals(0, run.status(), run.out() + run.err());
            assertEquals(pem(target) + ": OK", run.out().strip());
        } else {
            assertEquals(Main.EXIT_FAILURE, run.status(), run.out() + run.err());
            String depth = theirs.replaceFirst("error \\d+ at (\\d+): .*", "$1");
            String message = theirs.replaceFirst("error \\d+ at \\d+: ", "");
            assertTrue(run.out().matches("(?s)\\Q" + pem(target) + ": verification failed: " + message + " (\\E.*, depth "
                    + depth + "\\)\\s*"), theirs + " against ours: " + run.out());
        }
    }

    @Test
    void saysWhenACertificateIsSignedWithOpenSsl30sEmptyId() throws Exception {
        new OpenSslPki(directory).chain();
        // signed as OpenSSL 3.0 signs without -sigopt distid:...
        OpenSslCommand.run(new byte[0], "x509", "-req", "-in", directory.resolve("leaf.csr").toString(), "-vfyopt", ID,
                "-CA", pem("inter"), "-CAkey", directory.resolve("inter.key").toString(), "-sm3", "-out", pem("empty-id"));
        OpenSslCommand.run(new byte[0], "x509", "-req", "-in", directory.resolve("inter.csr").toString(), "-vfyopt", ID,
                "-CA", pem("root"), "-CAkey", directory.resolve("root.key").toString(), "-sm3",
                "-extfile", directory.resolve("extensions.cnf").toString(), "-extensions", "ca", "-out", pem("empty-id-inter"));
        // openssl's verdict: the signatures check out with an empty ID, not with the default one
        assertEquals(0, openssl("verify", "-partial_chain", "-CAfile", pem("inter"), pem("empty-id")).exit());
        assertEquals(0, openssl("verify", "-CAfile", pem("root"), pem("empty-id-inter")).exit());
        assertFalse(openssl("verify", "-vfyopt", ID, "-partial_chain", "-CAfile", pem("inter"), pem("empty-id")).exit() == 0);

        CliRun leaf = CliRun.of("verify", "-CAfile", pem("root"), "-untrusted", pem("inter"), pem("empty-id"));
        assertEquals(Main.EXIT_FAILURE, leaf.status(), leaf.out() + leaf.err());
        assertTrue(leaf.out().contains("verification failed: certificate signature failure ("), leaf.out());
        assertTrue(leaf.err().contains(pem("empty-id") + ": the signature of C = CN, O = ShangMi Test, CN = leaf.example.com "
                + "(depth 0) verifies with an empty SM2 ID (OpenSSL 3.0 signs certificates so unless given -sigopt distid:ID)"),
                leaf.err());

        CliRun inter = CliRun.of("verify", "-CAfile", pem("root"), "-untrusted", pem("empty-id-inter"), pem("leaf"));
        assertEquals(Main.EXIT_FAILURE, inter.status(), inter.out() + inter.err());
        assertTrue(inter.out().contains("certificate signature failure (C = CN, O = ShangMi Test, CN = Intermediate, depth 1)"),
                inter.out());
        assertTrue(inter.err().contains("(depth 1) verifies with an empty SM2 ID"), inter.err());

        // a signature that fails with either ID gets no such note
        byte[] tampered = OpenSslCommand.run(new byte[0], "x509", "-in", pem("leaf"), "-outform", "DER");
        tampered[tampered.length - 1] ^= 1;
        Files.write(directory.resolve("tampered.der"), tampered);
        CliRun other = CliRun.of("verify", "-CAfile", pem("root"), "-untrusted", pem("inter"),
                directory.resolve("tampered.der").toString());
        assertEquals(Main.EXIT_FAILURE, other.status(), other.out() + other.err());
        assertTrue(other.out().contains("certificate signature failure (C = CN, O = ShangMi Test, CN = leaf.example.com, "
                + "depth 0)"), other.out());
        assertFalse(other.err().contains("empty SM2 ID"), other.err());
    }

    private String pem(String name) {
        return directory.resolve(name + ".pem").toString();
    }

    private static OpenSslCommand.Result openssl(String... args) {
        return OpenSslCommand.attempt(new byte[0], args);
    }
}
