package org.shangmi.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shangmi.provider.Sm2PrivateKey;
import org.shangmi.sdf.SdfPrivateKey;
import org.shangmi.sdf.ShangMiSdfProvider;
import picocli.CommandLine.Option;

/**
 * Private keys in a crypto device (GM/T 0018, SDF), as GmSSL's {@code sdfsign -lib LIB -key N -pass P}
 * names them: {@code -sdf LIBRARY} (the vendor's library, or a ShangMiSDF configuration file) and a
 * key option of {@code sdf:N} (key pair N: its signing key, or its encryption key where the command
 * decrypts; {@code sdf:sign:N} and {@code sdf:enc:N} say which), with {@code -passin} for the key's
 * access password. The device's provider is installed for the command (after ShangMi), so that the
 * JCA finds its services for the key, and closed when the command ends.
 */
final class DeviceKeys {

    /** The {@code -sdf} option of the commands that take device keys; {@link Main} hands its value here. */
    static final class SdfOption {
        @Option(names = "-sdf", paramLabel = "LIBRARY",
                description = "A crypto device's SDF library (GM/T 0018), or a ShangMiSDF configuration file: "
                        + "then -key sdf:N names the device's key pair N (sdf:sign:N, sdf:enc:N), unlocked with -passin.")
        String source;
    }

    private static final Pattern NAME = Pattern.compile("sdf:(?:(sign|enc):)?([0-9]{1,5})");

    private DeviceKeys() {
    }

    /** Whether a key option names a device key. */
    static boolean names(Path key) {
        return key != null && key.toString().startsWith("sdf:");
    }

    /**
     * The device key {@code name} names: its signing key unless {@code decrypting} (or the name
     * says which).
     */
    static PrivateKey key(Main main, Path name, boolean decrypting) throws GeneralSecurityException, IOException {
        Matcher matcher = NAME.matcher(name.toString());
        if (!matcher.matches()) {
            throw new InvalidKeyException(name + ": a device key is sdf:N, sdf:sign:N or sdf:enc:N");
        }
        boolean signing = matcher.group(1) == null ? !decrypting : matcher.group(1).equals("sign");
        int index = Integer.parseInt(matcher.group(2));
        Provider device = main.device(index);
        KeyStore store = KeyStore.getInstance("SDF", device);
        store.load(null, null);
        String alias = (signing ? "sign-" : "enc-") + index;
        if (!store.containsAlias(alias)) {
            throw new InvalidKeyException(name + ": the device has no " + (signing ? "signing" : "encryption") + " key " + index);
        }
        if (main.passin() == null) {
            throw new InvalidKeyException(name + ": give the device key's access password with -passin");
        }
        char[] password = Passwords.read(main, main.passin(), "-passin");
        try {
            return (PrivateKey) store.getKey(alias, password);
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    /** The provider of {@code -sdf}, configured and installed after ShangMi (the JCA then finds it for device keys). */
    static ShangMiSdfProvider open(Main main, String source, int index) throws IOException {
        String configuration;
        Path path = Path.of(source).toAbsolutePath();
        if (isLibrary(path)) {
            configuration = "--library=" + path + "\\nkey-indexes=" + index;
        } else {
            configuration = path.toString();
        }
        main.installedFirst();
        ShangMiSdfProvider provider = (ShangMiSdfProvider) new ShangMiSdfProvider().configure(configuration);
        Security.addProvider(provider);
        return provider;
    }

    /** Whether the file is a shared library (ELF), not a configuration. */
    private static boolean isLibrary(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new IOException("-sdf: no file " + path);
        }
        try (InputStream in = Files.newInputStream(path)) {
            byte[] magic = in.readNBytes(4);
            return Arrays.equals(magic, new byte[] {0x7f, 'E', 'L', 'F'});
        }
    }

    /** The provider to sign or decrypt with {@code key}: the device's for its keys, else ShangMi. */
    static Provider providerFor(Main main, PrivateKey key) {
        return key instanceof SdfPrivateKey ? main.openDevice() : main.provider();
    }

    /** The public key of an SM2 private key, in the device or in memory. */
    static PublicKey publicKey(PrivateKey key) throws InvalidKeyException {
        if (key instanceof SdfPrivateKey device) {
            return device.getPublicKey();
        }
        if (key instanceof Sm2PrivateKey sm2) {
            return sm2.getPublicKey();
        }
        throw new InvalidKeyException("not an SM2 private key: " + key.getAlgorithm());
    }
}
