package org.shangmi.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.Forked;

/**
 * Bouncy Castle's defaults that ShangMiTLS does not keep, seen from a fresh JVM as an application
 * meets them: its clients send no status_request (GmSSL's servers abort on it:
 * GmsslInteropTest) unless the JDK's property asks for it, and its engine prints nothing unless
 * the logging configuration names its loggers.
 */
class BouncyCastleDefaultsTest {

    private static final int STATUS_REQUEST = 5;
    private static final int STATUS_REQUEST_V2 = 17;
    private static final int KEY_SHARE = 51;

    @TempDir
    Path directory;

    private static Forked.Result firstClientHello(String... options) throws Exception {
        List<String> classes = List.of(
                FirstClientHello.class.getName().replace('.', '/') + ".class",
                ShangMiTlsProvider.class.getName().replace('.', '/') + ".class",
                "org/shangmi/provider/ShangMiProvider.class",
                "org/shangmi/core/sm3/Sm3.class",
                "org/bouncycastle/jsse/provider/BouncyCastleJsseProvider.class",
                "org/bouncycastle/tls/TlsClient.class",
                "org/bouncycastle/asn1/ASN1Object.class",
                "org/bouncycastle/asn1/oiw/OIWObjectIdentifiers.class",
                "org/bouncycastle/jce/provider/BouncyCastleProvider.class");
        Forked.Result result = Forked.run(classes, List.of(options), FirstClientHello.class.getName());
        assertEquals(0, result.exitCode(), result.output());
        return result;
    }

    private static List<Integer> extensions(Forked.Result result) {
        String line = result.output().lines().filter(l -> l.startsWith(FirstClientHello.PREFIX)).findFirst()
                .orElseThrow(() -> new AssertionError("no ClientHello: " + result.output()));
        return Arrays.stream(line.substring(FirstClientHello.PREFIX.length()).replaceAll("[\\[\\] ]", "").split(","))
                .map(Integer::valueOf).toList();
    }

    @Test
    void aClientSendsNoStatusRequest() throws Exception {
        List<Integer> ours = extensions(firstClientHello());
        assertFalse(ours.contains(STATUS_REQUEST), ours.toString());
        assertFalse(ours.contains(STATUS_REQUEST_V2), ours.toString());
        assertTrue(ours.contains(KEY_SHARE), "a whole ClientHello was read: " + ours);
    }

    @Test
    void theJdksPropertyTurnsItOn() throws Exception {
        List<Integer> ours = extensions(firstClientHello("-Djdk.tls.client.enableStatusRequestExtension=true"));
        assertTrue(ours.contains(STATUS_REQUEST), ours.toString());
    }

    @Test
    void nothingIsPrintedByDefault() throws Exception {
        Forked.Result result = firstClientHello();
        List<String> others = result.output().lines().filter(l -> !l.startsWith(FirstClientHello.PREFIX)).toList();
        assertEquals(List.of(), others);
    }

    @Test
    void aLoggingConfigurationThatNamesTheEnginesLoggersGetsTheirRecords() throws Exception {
        Path configuration = Files.writeString(directory.resolve("logging.properties"), """
                handlers = java.util.logging.ConsoleHandler
                java.util.logging.ConsoleHandler.level = ALL
                org.bouncycastle.jsse.level = INFO
                """);
        Forked.Result result = firstClientHello("-Djava.util.logging.config.file=" + configuration);
        assertTrue(result.output().contains("org.bouncycastle.jsse"), result.output());
    }
}
