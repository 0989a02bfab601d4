package org.shangmi.sdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.shangmi.provider.ShangMiProvider;

/**
 * keytool on the device's key store, as docs/devices.md shows it: the JDK's keytool with ShangMi
 * first (a {@code java.security} file) and ShangMiSDF added by name with the configuration as
 * {@code -providerArg}: {@code -list} shows the device's pairs, {@code -importcert} installs a
 * certificate reply into an entry, and the chain is in the device for the next reader; jarsigner
 * signs a JAR with the device's key.
 */
class SdfKeytoolTest {

    @Test
    void keytoolListsAndInstallsACertificateReply() throws Exception {
        DevicePki pki = DevicePki.make();
        Path work = Files.createTempDirectory("sdf-keytool");
        Path configuration = configuration(work);
        // a first chain through the API: keytool installs replies into entries that have a certificate
        setChain(configuration, pki, "sign");
        Path security = securityFile(work);
        Path reply = work.resolve("reply.pem");
        Files.writeString(reply, Files.readString(pki.directory.resolve("sign.pem")) + Files.readString(pki.directory.resolve("root.pem")));

        String listed = keytool(security, configuration, "-list");
        assertTrue(listed.contains("Your keystore contains 2 entries") && listed.contains("sign-1") && listed.contains("enc-1"), listed);
        String installed = keytool(security, configuration, "-importcert", "-alias", "sign-1", "-file", reply.toString(), "-noprompt");
        assertTrue(installed.contains("Certificate reply was installed in keystore"), installed);
        String shown = keytool(security, configuration, "-list", "-v", "-alias", "sign-1");
        assertTrue(shown.contains("Certificate chain length: 2"), shown);

        try (ShangMiSdfProvider provider = (ShangMiSdfProvider) new ShangMiSdfProvider().configure(configuration.toString())) {
            Security.insertProviderAt(new ShangMiProvider(), 1);
            try {
                KeyStore store = KeyStore.getInstance("SDF", provider);
                store.load(null, null);
                assertArrayEquals(pki.chain("sign"), store.getCertificateChain("sign-1"), "the reply, kept in the device");
            } finally {
                Security.removeProvider(ShangMiProvider.NAME);
            }
        }
    }

    /** A configuration file in {@code work} for SoftSDF, listing pair 1. */
    private static Path configuration(Path work) throws Exception {
        return Files.writeString(work.resolve("device.conf"), "library = " + SoftSdf.library() + "\nkey-indexes = 1\n");
    }

    /** Sets the chain of device pair 1's signing key through the API: the certificates of {@code names} in {@code pki}. */
    private static void setChain(Path configuration, DevicePki pki, String... names) throws Exception {
        try (ShangMiSdfProvider provider = (ShangMiSdfProvider) new ShangMiSdfProvider().configure(configuration.toString())) {
            Security.insertProviderAt(new ShangMiProvider(), 1);
            try {
                java.security.cert.Certificate[] chain = new java.security.cert.Certificate[names.length];
                for (int i = 0; i < names.length; i++) {
                    chain[i] = pki.certificate(names[i]);
                }
                KeyStore store = KeyStore.getInstance("SDF", provider);
                store.load(null, null);
                char[] password = SoftSdf.PASSWORD.toCharArray();
                store.setKeyEntry("sign-1", store.getKey("sign-1", password), password, chain);
            } finally {
                Security.removeProvider(ShangMiProvider.NAME);
            }
        }
    }

    /** A java.security file for the JDK's tools: ShangMi first, then the JDK's own providers. */
    private static Path securityFile(Path work) throws Exception {
        Path security = work.resolve("shangmi.security");
        List<String> lines = new ArrayList<>(List.of("security.provider.1=ShangMi"));
        for (String line : Files.readAllLines(Path.of(System.getProperty("java.home"), "conf", "security", "java.security"))) {
            java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("^security\\.provider\\.([0-9]+)=(.*)$").matcher(line);
            if (matcher.matches()) {
                lines.add("security.provider." + (Integer.parseInt(matcher.group(1)) + 1) + "=" + matcher.group(2));
            }
        }
        Files.write(security, lines);
        return security;
    }

    /**
     * jarsigner signs a JAR with the device's key (SM3withSM2, SM3 digests): the signature block
     * is CMS SignedData over the signature file, which Bouncy Castle verifies with the
     * certificate's key, and the signature file carries the SM3 digest of the manifest. (The JDK
     * itself cannot verify such a JAR: its JAR verification reaches only its own providers.)
     */
    @Test
    void jarsignerSignsWithTheDeviceKey() throws Exception {
        DevicePki pki = DevicePki.make();
        Path work = Files.createTempDirectory("sdf-jarsigner");
        Path configuration = configuration(work);
        setChain(configuration, pki, "sign", "root");
        Path unsigned = work.resolve("app.jar");
        byte[] content = "signed in the device".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(unsigned),
                new java.util.jar.Manifest())) {
            out.putNextEntry(new java.util.zip.ZipEntry("a.txt"));
            out.write(content);
        }
        Path signed = work.resolve("signed.jar");
        String output = jdkTool("jarsigner", securityFile(work), configuration, "-sigalg", "SM3withSM2", "-digestalg", "SM3",
                "-signedjar", signed.toString(), unsigned.toString(), "sign-1");
        assertTrue(output.contains("jar signed."), output);

        byte[] manifest;
        byte[] signatureFile;
        byte[] block;
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(signed.toFile(), false)) {
            manifest = jar.getInputStream(jar.getEntry("META-INF/MANIFEST.MF")).readAllBytes();
            signatureFile = jar.getInputStream(jar.getEntry("META-INF/SIGN-1.SF")).readAllBytes();
            block = jar.getInputStream(jar.getEntry("META-INF/SIGN-1.EC")).readAllBytes();
        }
        java.security.MessageDigest sm3 = java.security.MessageDigest.getInstance("SM3", new ShangMiProvider());
        String manifestDigest = java.util.Base64.getEncoder().encodeToString(sm3.digest(manifest));
        assertTrue(new String(signatureFile, java.nio.charset.StandardCharsets.UTF_8)
                .contains("SM3-Digest-Manifest: " + manifestDigest), new String(signatureFile, java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(new String(manifest, java.nio.charset.StandardCharsets.UTF_8).contains("SM3-Digest: "
                + java.util.Base64.getEncoder().encodeToString(sm3.digest(content))));

        org.bouncycastle.cms.CMSSignedData cms = new org.bouncycastle.cms.CMSSignedData(
                new org.bouncycastle.cms.CMSProcessableByteArray(signatureFile), block);
        org.bouncycastle.cms.SignerInformation signer = cms.getSignerInfos().getSigners().iterator().next();
        assertEquals("1.2.156.10197.1.401", signer.getDigestAlgOID());
        assertEquals("1.2.156.10197.1.501", signer.getEncryptionAlgOID());
        org.bouncycastle.jce.provider.BouncyCastleProvider bc = new org.bouncycastle.jce.provider.BouncyCastleProvider();
        java.security.cert.X509Certificate certificate;
        try (java.io.InputStream in = Files.newInputStream(pki.directory.resolve("sign.pem"))) {
            certificate = (java.security.cert.X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509", bc)
                    .generateCertificate(in);
        }
        assertTrue(signer.verify(new org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder().setProvider(bc)
                .build(certificate)), "Bouncy Castle verifies the device's signature on the signature file");
        org.bouncycastle.cms.CMSSignedData tampered = new org.bouncycastle.cms.CMSSignedData(
                new org.bouncycastle.cms.CMSProcessableByteArray(Arrays.copyOf(signatureFile, signatureFile.length + 1)), block);
        org.bouncycastle.cms.SignerInformation other = tampered.getSignerInfos().getSigners().iterator().next();
        org.junit.jupiter.api.Assertions.assertThrows(org.bouncycastle.cms.CMSException.class, () -> other.verify(
                new org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder().setProvider(bc).build(certificate)),
                "another signature file does not verify");
    }

    /** The JDK's keytool on the device's store, in the device's directory; fails unless it exits 0. */
    private static String keytool(Path security, Path configuration, String... args) throws Exception {
        return jdkTool("keytool", security, configuration, args);
    }

    /**
     * A JDK tool with ShangMi first and ShangMiSDF added on {@code configuration}, the device's
     * store options before {@code args} (jarsigner's JAR and alias come last), run in the
     * device's directory; fails unless it exits 0.
     */
    private static String jdkTool(String tool, Path security, Path configuration, String... args) throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> entry.contains("shangmi-")).collect(Collectors.joining(File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", tool).toString(),
                "-J-Djava.security.properties=" + security, "-J-cp", "-J" + classPath, "-J--enable-native-access=ALL-UNNAMED"));
        command.addAll(List.of("-keystore", "NONE", "-storetype", "SDF", "-addprovider", "ShangMiSDF", "-providerArg",
                configuration.toString(), "-storepass", SoftSdf.PASSWORD));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(SoftSdf.device().toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + output);
        return output;
    }
}
