package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.KeyStore;
import java.security.cert.CertPathValidator;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslPki;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.testing.OpenSslCommand;

/**
 * The keytool recipe of docs/pki.md, run with the keytool of the JDK running the tests: ShangMi
 * registered ahead of SunEC through a {@code java.security} file, the jars on keytool's class
 * path; a CA and a leaf key pair, a CSR, a certificate issued from it, the CA and the reply
 * imported, listed and printed. openssl checks the CSR and certificate, Java's PKIX the chain.
 */
class KeytoolTest {

    private static final String STORE_PASSWORD = "secret1";

    @TempDir
    Path directory;

    /** The provider's and core's classes, as keytool's class path (directories in the build, jars when installed). */
    private static String classPath() throws Exception {
        List<String> entries = new ArrayList<>();
        for (Class<?> type : List.of(ShangMiProvider.class, Sm3.class)) {
            entries.add(Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private record Run(int exit, String output) {
    }

    private Run keytool(List<String> loading, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(loading);
        command.addAll(Arrays.asList(args));
        command.addAll(List.of("-storepass", STORE_PASSWORD, "-noprompt"));
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "keytool did not finish: " + command);
        return new Run(process.exitValue(), output);
    }

    private String ok(List<String> loading, String... args) throws Exception {
        Run run = keytool(loading, args);
        assertEquals(0, run.exit(), "keytool " + String.join(" ", args) + ":\n" + run.output());
        return run.output();
    }

    @Test
    void theRecipeMakesSignsImportsListsAndPrints() throws Exception {
        OpenSslCommand.assumeAvailable();
        List<String> recipe = List.of("-J-Djava.security.properties=" + SecurityFiles.shangMiFirst(directory),
                "-J-cp", "-J" + classPath());
        ok(recipe, "-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "sm2p256v1", "-sigalg", "SM3withSM2",
                "-dname", "CN=Keytool CA", "-ext", "bc:c", "-keystore", "ca.p12");
        ok(recipe, "-genkeypair", "-alias", "leaf", "-keyalg", "EC", "-groupname", "sm2p256v1", "-sigalg", "SM3withSM2",
                "-dname", "CN=Keytool Leaf", "-keystore", "leaf.p12");
        ok(recipe, "-certreq", "-alias", "leaf", "-keystore", "leaf.p12", "-sigalg", "SM3withSM2", "-file", "leaf.csr");
        ok(recipe, "-gencert", "-alias", "ca", "-keystore", "ca.p12", "-infile", "leaf.csr", "-outfile", "leaf.cer",
                "-sigalg", "SM3withSM2", "-ext", "ku:c=digitalSignature", "-rfc");
        ok(recipe, "-exportcert", "-alias", "ca", "-keystore", "ca.p12", "-file", "ca.cer", "-rfc");
        ok(recipe, "-importcert", "-alias", "ca", "-file", "ca.cer", "-keystore", "leaf.p12");
        ok(recipe, "-importcert", "-alias", "leaf", "-file", "leaf.cer", "-keystore", "leaf.p12");

        String listed = ok(recipe, "-list", "-v", "-keystore", "leaf.p12");
        assertTrue(listed.contains("Certificate chain length: 2"), listed);
        assertTrue(listed.toLowerCase(java.util.Locale.ROOT).contains("signature algorithm name: sm3withsm2"), listed);
        String printed = ok(recipe, "-printcert", "-file", "leaf.cer");
        assertTrue(printed.contains("Owner: CN=Keytool Leaf") && printed.contains("Issuer: CN=Keytool CA"), printed);

        // openssl checks keytool's SM2 signatures with the GM/T 0015 default ID
        String csr = directory.resolve("leaf.csr").toString();
        OpenSslCommand.Result request = OpenSslCommand.attempt(new byte[0], "req", "-verify", "-noout", "-in", csr,
                "-vfyopt", OpenSslPki.ID_OPTION);
        assertEquals(0, request.exit(), new String(request.stderr(), StandardCharsets.UTF_8));
        String verified = new String(OpenSslCommand.run(new byte[0], "verify", "-vfyopt", OpenSslPki.ID_OPTION, "-CAfile",
                directory.resolve("ca.cer").toString(), directory.resolve("leaf.cer").toString()), StandardCharsets.UTF_8);
        assertTrue(verified.contains("leaf.cer: OK"), verified);

        // and Java reads keytool's store and validates its chain
        try (Installed installed = Installed.first(Providers.each().get(0))) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(new ByteArrayInputStream(Files.readAllBytes(directory.resolve("leaf.p12"))), STORE_PASSWORD.toCharArray());
            Certificate[] chain = store.getCertificateChain("leaf");
            X509Certificate ca = (X509Certificate) store.getCertificate("ca");
            PKIXParameters parameters = new PKIXParameters(Set.of(new TrustAnchor(ca, null)));
            parameters.setRevocationEnabled(false);
            CertPathValidator.getInstance("PKIX").validate(
                    CertificateFactory.getInstance("X.509").generateCertPath(List.of(chain[0])), parameters);
            assertTrue(((X509Certificate) chain[0]).getKeyUsage()[0], "digitalSignature");
        }
    }

    /** What docs/pki.md says: -providerClass appends ShangMi after SunEC, where the JDK's key decoding never asks it. */
    @Test
    void providerClassAloneCannotServeTheJdksKeyDecoding() throws Exception {
        Run run = keytool(List.of("-providerClass", ShangMiProvider.class.getName(), "-providerPath", classPath()),
                "-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "sm2p256v1", "-sigalg", "SM3withSM2",
                "-dname", "CN=CA", "-keystore", "alone.p12");
        assertNotEquals(0, run.exit(), run.output());
        assertTrue(run.output().contains("1.2.156.10197.1.301"), run.output());
    }
}
