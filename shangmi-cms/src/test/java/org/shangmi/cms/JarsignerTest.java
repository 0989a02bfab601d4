package org.shangmi.cms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.Security;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.kdf.Sm3Kdf;
import org.shangmi.provider.ShangMiProvider;

/**
 * The JDK's jarsigner with SM3withSM2, run from the JDK under test (17 and 25): it signs, with
 * ShangMi ahead of SunEC, but no JDK can verify the result, since JAR verification (jarsigner
 * -verify, JarFile, class loading) runs on a fixed list of the JDK's own providers (SUN,
 * SunRsaSign, SunEC: sun.security.jca.Providers), whatever is installed: it finds no SM3 digest,
 * nor a parser for the SM2 certificate. What works instead: the signature block is CMS
 * SignedData over the signature file, which {@link SignedMessage} verifies, and the digests of
 * the signature file and manifest are SM3 hashes anyone can check.
 */
class JarsignerTest {

    private static final String PASSWORD = "secret1";
    private static final byte[] ENTRY = "an entry of the jar\n".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path directory;
    private static List<String> recipe;

    @BeforeAll
    static void install() throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        recipe = List.of("-J-Djava.security.properties=" + shangMiFirst(), "-J-cp", "-J" + classPath());
        run("keytool", "-genkeypair", "-alias", "signer", "-keyalg", "EC", "-groupname", "sm2p256v1", "-sigalg", "SM3withSM2",
                "-dname", "CN=Jar Signer", "-keystore", "signer.p12", "-storepass", PASSWORD, "-validity", "30");
        try (OutputStream file = Files.newOutputStream(directory.resolve("app.jar"));
                JarOutputStream jar = new JarOutputStream(file, manifest())) {
            jar.putNextEntry(new JarEntry("entry.txt"));
            jar.write(ENTRY);
            jar.closeEntry();
        }
        String signed = run("jarsigner", "-keystore", "signer.p12", "-storepass", PASSWORD, "-sigalg", "SM3withSM2",
                "-digestalg", "SM3", "-signedjar", "signed.jar", "app.jar", "signer");
        assertTrue(signed.contains("jar signed."), signed);
    }

    @AfterAll
    static void uninstall() {
        Security.removeProvider(ShangMiProvider.NAME);
    }

    @Test
    void jarsignerCannotVerifyIt() throws Exception {
        String verified = run("jarsigner", "-J-Djava.security.debug=jar", "-verify", "signed.jar");
        assertTrue(verified.contains("treated as unsigned"), verified);
        assertTrue(verified.contains("SM3 MessageDigest not available") || verified.contains("Unable to parse the encoded bytes"),
                verified);
    }

    @Test
    void norCanTheJdksJarFile() throws Exception {
        try (JarFile jar = new JarFile(directory.resolve("signed.jar").toFile(), true)) {
            JarEntry entry = jar.getJarEntry("entry.txt");
            assertArrayEquals(ENTRY, jar.getInputStream(entry).readAllBytes());
            assertNull(entry.getCodeSigners(), "the JDK treats the entry as unsigned, ShangMi installed first or not");
        }
    }

    @Test
    void theSignatureBlockVerifiesAsCms() throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (FileInputStream in = new FileInputStream(directory.resolve("signer.p12").toFile())) {
            store.load(in, PASSWORD.toCharArray());
        }
        X509Certificate signer = (X509Certificate) store.getCertificate("signer");
        try (JarFile jar = new JarFile(directory.resolve("signed.jar").toFile(), false)) {
            byte[] block = read(jar, "META-INF/SIGNER.EC");
            byte[] signatureFile = read(jar, "META-INF/SIGNER.SF");
            byte[] manifest = read(jar, "META-INF/MANIFEST.MF");
            SignedMessage message = SignedMessage.read(block, signatureFile);
            List<VerifiedSigner> signers = message.verify();
            assertEquals(signer, signers.get(0).certificate());
            message.validate(signers.get(0), List.of(signer));

            MessageDigest sm3 = MessageDigest.getInstance("SM3", ShangMiProvider.NAME);
            Manifest signatures = new Manifest(new java.io.ByteArrayInputStream(signatureFile));
            assertEquals(base64(sm3.digest(manifest)), signatures.getMainAttributes().getValue("SM3-Digest-Manifest"));
            Attributes entry = new Manifest(new java.io.ByteArrayInputStream(manifest)).getAttributes("entry.txt");
            assertEquals(base64(sm3.digest(ENTRY)), entry.getValue("SM3-Digest"));

            byte[] changed = Arrays.copyOf(signatureFile, signatureFile.length);
            changed[changed.length - 3] ^= 1;
            org.junit.jupiter.api.Assertions.assertThrows(java.security.SignatureException.class,
                    () -> SignedMessage.read(block, changed).verify());
        }
    }

    private static String base64(byte[] digest) {
        return Base64.getEncoder().encodeToString(digest);
    }

    private static byte[] read(JarFile jar, String name) throws Exception {
        JarEntry entry = jar.getJarEntry(name);
        assertTrue(entry != null, "no " + name + " in the signed jar: " + names(jar));
        return jar.getInputStream(entry).readAllBytes();
    }

    private static List<String> names(JarFile jar) {
        List<String> names = new ArrayList<>();
        for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements();) {
            names.add(entries.nextElement().getName());
        }
        return names;
    }

    private static Manifest manifest() {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        return manifest;
    }

    /** A java.security file with ShangMi first and the JDK's providers moved down one place, as docs/pki.md writes it. */
    private static String shangMiFirst() throws Exception {
        Path jdkFile = Paths.get(System.getProperty("java.home"), "conf", "security", "java.security");
        StringBuilder file = new StringBuilder("security.provider.1=ShangMi\n");
        for (String line : Files.readAllLines(jdkFile)) {
            java.util.regex.Matcher provider = java.util.regex.Pattern.compile("^security\\.provider\\.(\\d+)=(.*)$").matcher(line);
            if (provider.matches()) {
                file.append("security.provider.").append(Integer.parseInt(provider.group(1)) + 1).append('=')
                        .append(provider.group(2)).append('\n');
            }
        }
        return Files.writeString(directory.resolve("shangmi.security"), file.toString()).toString();
    }

    /** The provider's and core's classes (directories in the build, jars when installed). */
    private static String classPath() throws Exception {
        List<String> entries = new ArrayList<>();
        for (Class<?> type : List.of(ShangMiProvider.class, Sm3Kdf.class)) {
            entries.add(Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Runs a tool of the JDK under test with the recipe's options in the temporary directory; returns its output. */
    private static String run(String tool, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", tool).toString());
        command.addAll(recipe);
        command.addAll(Arrays.asList(args));
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), tool + " did not finish");
        assertEquals(0, process.exitValue(), String.join(" ", command) + ":\n" + output);
        return output;
    }
}
