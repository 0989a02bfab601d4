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
        assertTrue(lines.get(2).matches("ffm +available +HmacSM3, SM2, SM3, SM4 +OpenSSL 3\\..*libcrypto.*"), lines.get(2));
        assertTrue(lines.get(3).matches("jni +available +.*SM3.* +OpenSSL 3\\..*libcrypto.*"), lines.get(3));
        for (String backend : List.of("ffm", "jni")) {
            assertTrue(lines.stream().anyMatch(l -> l.matches("SM4 modes " + backend
                    + " leaves to the Java engines: ((ECB|CBC|CTR|CFB|CFB8|OFB), )*GCM, CCM, XTS")), backend + " in " + run.out());
        }
        assertTrue(lines.stream().noneMatch(l -> l.matches("SM4 modes (java|vector) .*")), run.out());
        int choices = lines.indexOf("ALGORITHM  SERVED BY  WHY");
        assertTrue(choices > 3, run.out());
        for (String algorithm : List.of("SM2", "SM3", "HmacSM3", "SM4")) {
            assertTrue(lines.stream().skip(choices).anyMatch(l -> l.matches(algorithm + " +(java|ffm) +auto, (Java|OpenSSL) first: .+")),
                    algorithm + " in " + run.out());
        }
    }

    /** --backend chooses the command's provider's backends, without system properties. */
    @Test
    void theBackendOptionChoosesForOneCommand() {
        CliRun run = CliRun.of("--backend", "java", "--backend", "sm4=OpenSSL,SM2=jni", "backends");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.contains("choice: java,SM2=jni,SM4=openssl"), run.out());
        assertTrue(lines.contains("SM3        java       asked for java"), run.out());
        assertTrue(lines.contains("SM4        ffm        asked for SM4=openssl"), run.out());
        assertTrue(lines.contains("SM2        jni        asked for SM2=jni"), run.out());
        assertNull(System.getProperty("shangmi.backend"), "no property set");
        assertNull(System.getProperty("shangmi.backend.SM4"), "no property set");

        CliRun bad = CliRun.of("--backend", "gpu", "backends");
        assertEquals(2, bad.status());
        assertTrue(bad.err().startsWith("shangmi: --backend: gpu is not a backend: use auto, java, openssl, ffm, jni, vector"), bad.err());
        CliRun unknown = CliRun.of("--backend", "SM9=java", "backends");
        assertEquals(2, unknown.status(), "no such algorithm");
        assertTrue(unknown.err().startsWith("shangmi: --backend: SM9=java names no algorithm a backend serves: use SM3, HmacSM3, SM2, SM4"),
                unknown.err());
    }

    /** The properties still choose, and --backend goes over them where it names something. */
    @Test
    void theBackendOptionGoesOverTheProperties() {
        System.setProperty("shangmi.backend", "jni");
        System.setProperty("shangmi.backend.SM2", "java");
        try {
            CliRun run = CliRun.of("--backend", "SM3=java", "backends");
            assertEquals(0, run.status(), run.err());
            List<String> lines = run.out().lines().toList();
            assertTrue(lines.contains("choice: jni,SM3=java,SM2=java"), run.out());
            assertTrue(lines.contains("SM3        java       asked for SM3=java"), run.out());
            assertTrue(lines.contains("SM2        java       shangmi.backend.SM2=java"), run.out());
            assertTrue(lines.contains("HmacSM3    jni        shangmi.backend=jni"), run.out());

            System.setProperty("shangmi.backend.SM2", "gpu");
            CliRun bad = CliRun.of("backends");
            assertEquals(2, bad.status());
            assertTrue(bad.err().startsWith("shangmi: shangmi.backend.SM2=gpu is not a backend: use auto"), bad.err());
        } finally {
            System.clearProperty("shangmi.backend");
            System.clearProperty("shangmi.backend.SM2");
        }
    }
}
