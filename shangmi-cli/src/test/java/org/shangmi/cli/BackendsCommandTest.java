package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BackendsCommandTest {

    @Test
    void listsEveryBackendWithItsStatusAndWhoServesEachAlgorithm() {
        CliRun run = CliRun.of("backends");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).matches("BACKEND +STATUS +ALGORITHMS +DETAILS"), lines.get(0));
        assertTrue(lines.get(1).matches("java +available +HmacSM3, SM2, SM3, SM4 +.+"), lines.get(1));
        // the CLI's tests run on JDK 25 with native access, where libcrypto 3 is present
        assertTrue(lines.get(2).matches("openssl +available +HmacSM3, SM2, SM3, SM4 +OpenSSL 3\\..*libcrypto.*"), lines.get(2));
        assertTrue(lines.get(3).matches("jni +available +.*SM3.* +OpenSSL 3\\..*libcrypto.*"), lines.get(3));
        int choices = lines.indexOf("ALGORITHM  SERVED BY  WHY");
        assertTrue(choices > 3, run.out());
        for (String algorithm : List.of("SM2", "SM3", "HmacSM3", "SM4")) {
            assertTrue(lines.stream().skip(choices).anyMatch(l -> l.matches(algorithm + " +(java|openssl) +auto, (Java|OpenSSL) first: .+")),
                    algorithm + " in " + run.out());
        }
    }

    /** --backend sets the provider's properties for the command only. */
    @Test
    void theBackendOptionChoosesForOneCommand() {
        CliRun run = CliRun.of("--backend", "java", "--backend", "sm4=OpenSSL", "backends");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.contains("SM3        java       shangmi.backend=java"), run.out());
        assertTrue(lines.contains("SM4        openssl    shangmi.backend.SM4=openssl"), run.out());
        assertNull(System.getProperty("shangmi.backend"), "put back after the command");
        assertNull(System.getProperty("shangmi.backend.SM4"), "put back after the command");

        CliRun bad = CliRun.of("--backend", "gpu", "backends");
        assertEquals(2, bad.status());
        assertTrue(bad.err().startsWith("shangmi: --backend gpu: the backend is auto, java, openssl, ffm, jni or vector"), bad.err());
        assertEquals(2, CliRun.of("--backend", "SM9=java", "backends").status(), "no such algorithm");
    }
}
