package org.shangmi.sdf;

import java.security.InvalidParameterException;
import java.security.Provider;
import java.security.ProviderException;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.shangmi.provider.ShangMiProvider;

/**
 * The JCA provider "ShangMiSDF": SM2 keys held in a GM/T 0018 (SDF) crypto device, through the
 * vendor's SDF library. Configured as SunPKCS11 is: the provider found by name (installed, or
 * through {@link java.util.ServiceLoader}) is a template with no services, and
 * {@link #configure(String)} returns a provider bound to one device (a configuration file, or its
 * text after {@code --}; see the module's documentation for the settings). A configured provider
 * is named "ShangMiSDF", or "ShangMiSDF-NAME" when the configuration names it, and offers:
 * <ul>
 * <li>{@code KeyStore "SDF"}: the device's key pairs, {@code sign-N} and {@code enc-N};
 * <li>{@code Signature "SM3withSM2"} and {@code "NONEwithSM2"}, and {@code Cipher "SM2"} for its {@link SdfPrivateKey}s
 *     (found by the JCA by the key's class; public-key work goes to the ShangMi provider);
 * <li>SM4 session keys in the device ({@link SdfSecretKey}): {@code KeyGenerator "SM4"} under a
 *     key-encryption key, {@code SecretKeyFactory "SM4"} from a wrap, {@code Cipher "SM4"} in CBC mode;
 * <li>{@code SecureRandom "SDF"}: the device's generator.
 * </ul>
 * {@link #close()} closes the device: its sessions, and every key loaded from it.
 */
public final class ShangMiSdfProvider extends Provider implements AutoCloseable {

    private static final long serialVersionUID = 1L;

    /** The name of the unconfigured provider. */
    public static final String NAME = "ShangMiSDF";

    private static final String VERSION = "0.1";

    private final transient SdfDevice device;

    /** The unconfigured provider: no services until {@link #configure(String)}. */
    public ShangMiSdfProvider() {
        super(NAME, VERSION, "ShangMi SDF provider (unconfigured: configure it with a device's configuration)");
        this.device = null;
    }

    /**
     * A provider bound to the device the configuration names.
     *
     * @param configuration a configuration file's name, or {@code --} followed by its text
     * @throws InvalidParameterException if the configuration is wrong or the device cannot be opened, saying why
     */
    public ShangMiSdfProvider(String configuration) {
        this(parse(configuration));
    }

    private static SdfConfig parse(String configuration) {
        try {
            return SdfConfig.parse(configuration);
        } catch (IllegalArgumentException e) {
            InvalidParameterException failure = new InvalidParameterException(e.getMessage());
            failure.initCause(e);
            throw failure;
        }
    }

    private ShangMiSdfProvider(SdfConfig config) {
        super(config.name == null ? NAME : NAME + "-" + config.name, VERSION,
                "ShangMi SDF provider for " + config.library);
        try {
            this.device = SdfDevice.open(config);
        } catch (SdfException e) {
            InvalidParameterException failure = new InvalidParameterException("the SDF device of " + config.library
                    + " does not open: " + e.getMessage());
            failure.initCause(e);
            throw failure;
        } catch (IllegalArgumentException | IllegalStateException e) {
            InvalidParameterException failure = new InvalidParameterException(e.getMessage());
            failure.initCause(e);
            throw failure;
        }
        Provider software = new ShangMiProvider();
        String keys = SdfPrivateKey.class.getName();
        register("KeyStore", "SDF", SdfKeyStoreSpi.class, Map.of(), () -> new SdfKeyStoreSpi(device, software));
        register("Signature", "SM3withSM2", SdfSignatureSpi.class,
                Map.of("SupportedKeyClasses", keys), () -> new SdfSignatureSpi(software, false));
        register("Signature", "NONEwithSM2", SdfSignatureSpi.class,
                Map.of("SupportedKeyClasses", keys), () -> new SdfSignatureSpi(software, true));
        register("Cipher", "SM2", SdfCipherSpi.class,
                Map.of("SupportedKeyClasses", keys, "SupportedModes", "DER|DER_C1C2C3|C1C3C2|C1C2C3",
                        "SupportedPaddings", "NOPADDING"), () -> new SdfCipherSpi(software));
        String secretKeys = SdfSecretKey.class.getName();
        register("Cipher", "SM4", SdfSm4CipherSpi.class, Map.of("SupportedKeyClasses", secretKeys, "SupportedModes", "CBC",
                "SupportedPaddings", "NOPADDING|PKCS5PADDING|PKCS7PADDING"), () -> new SdfSm4CipherSpi(device));
        register("Mac", "SM4-CBC-MAC", SdfMacSpi.class, Map.of("SupportedKeyClasses", secretKeys), SdfMacSpi::new);
        register("KeyGenerator", "SM4", SdfKeyGeneratorSpi.class, Map.of(), () -> new SdfKeyGeneratorSpi(device));
        register("SecretKeyFactory", "SM4", SdfSecretKeyFactorySpi.class, Map.of(), () -> new SdfSecretKeyFactorySpi(device));
        register("SecureRandom", "SDF", SdfRandomSpi.class, Map.of("ThreadSafe", "true"), () -> new SdfRandomSpi(device));
    }

    private void register(String type, String algorithm, Class<?> spi, Map<String, String> attributes, Supplier<Object> make) {
        putService(new Service(this, type, algorithm, spi.getName(), List.of(), attributes) {
            @Override
            public Object newInstance(Object parameter) {
                if (device.isClosed()) {
                    throw new ProviderException("the SDF device is closed (" + getProvider().getName() + ")");
                }
                return make.get();
            }
        });
    }

    /**
     * A provider bound to the device {@code configuration} names (a file, or {@code --} and the
     * text); only the unconfigured provider can be configured.
     */
    @Override
    public Provider configure(String configuration) {
        if (device != null) {
            throw new IllegalStateException(getName() + " is already configured");
        }
        return new ShangMiSdfProvider(configuration);
    }

    @Override
    public boolean isConfigured() {
        return device != null;
    }

    /** Closes the device: its sessions, and the access of every key loaded from it. Idempotent. */
    @Override
    public void close() {
        if (device != null) {
            device.close();
        }
    }
}
