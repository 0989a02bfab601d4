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
 * certificate reply into an entry, and the chain is in the device for the next reader.
 */
class SdfKeytoolTest {

    @Test
    void keytoolListsAndInstallsACertificateReply() throws Exception {
        DevicePki pki = DevicePki.make();
        Path work = Files.createTempDirectory("sdf-keytool");
        Path configuration = Files.writeString(work.resolve("device.conf"),
                "library = " + SoftSdf.library() + "\nkey-indexes = 1\n");
        // a first chain through the API: keytool installs replies into entries that have a certificate
        try (ShangMiSdfProvider provider = (ShangMiSdfProvider) new ShangMiSdfProvider().configure(configuration.toString())) {
            Security.insertProviderAt(new ShangMiProvider(), 1);
            try {
                KeyStore store = KeyStore.getInstance("SDF", provider);
                store.load(null, null);
                char[] password = SoftSdf.PASSWORD.toCharArray();
                store.setKeyEntry("sign-1", store.getKey("sign-1", password), password,
                        new java.security.cert.Certificate[] {pki.certificate("sign")});
            } finally {
                Security.removeProvider(ShangMiProvider.NAME);
            }
        }
        Path security = work.resolve("shangmi.security");
        List<String> lines = new ArrayList<>(List.of("security.provider.1=ShangMi"));
        for (String line : Files.readAllLines(Path.of(System.getProperty("java.home"), "conf", "security", "java.security"))) {
            java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("^security\\.provider\\.([0-9]+)=(.*)$").matcher(line);
            if (matcher.matches()) {
                lines.add("security.provider." + (Integer.parseInt(matcher.group(1)) + 1) + "=" + matcher.group(2));
            }
        }
        Files.write(security, lines);
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

    /** The JDK's keytool on the device's store, in the device's directory; fails unless it exits 0. */
    private static String keytool(Path security, Path configuration, String... args) throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> entry.contains("shangmi-")).collect(Collectors.joining(File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-J-Djava.security.properties=" + security, "-J-cp", "-J" + classPath, "-J--enable-native-access=ALL-UNNAMED"));
        command.addAll(List.of(args));
        command.addAll(List.of("-keystore", "NONE", "-storetype", "SDF", "-addprovider", "ShangMiSDF", "-providerArg",
                configuration.toString(), "-storepass", SoftSdf.PASSWORD));
        Process process = new ProcessBuilder(command).directory(SoftSdf.device().toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + output);
        return output;
    }
}
