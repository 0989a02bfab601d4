package org.shangmi.provider;

import java.security.InvalidParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.ProviderException;
import java.security.Security;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.zuc.Zuc;
import org.shangmi.core.zuc.ZucSBoxLayer;
import org.shangmi.provider.spec.Sm2CiphertextFormat;

/**
 * The ShangMi security provider ("ShangMi"): SM2 (signatures, encryption, key exchange, keys),
 * SM3, HMAC-SM3 and PBKDF2WithHmacSM3 through the standard JCA classes.
 *
 * <p>Each algorithm is served by one backend, chosen by a {@link BackendChoice}:
 * {@code new ShangMiProvider()} reads it from the system properties {@code shangmi.backend} and
 * {@code shangmi.backend.<ALGORITHM>} (for example {@code shangmi.backend.SM3=java}), and
 * {@code new ShangMiProvider(BackendChoice.parse("SM4=vector,SM3=jni"))} takes it in code:
 * {@code auto} (the default), {@code java}, {@code ffm} (libcrypto through FFM), {@code jni}
 * (libcrypto through JNI), {@code openssl} (libcrypto through whichever of the two serves) or
 * {@code vector} (SM4 only), falling back to another backend if the one asked for is
 * unavailable: with a warning through {@link System.Logger} when the choice named it, a debug
 * message when it was {@code auto}'s preference. {@code new ShangMiProvider(Backend.JAVA)}
 * uses one backend for everything and registers only what it serves. HMAC key generation,
 * PBKDF2, the SM2 key factory and SM2 key exchange do not depend on a backend and are always
 * registered.
 *
 * <p>For Java's PKI it also serves the names the JDK looks up: {@code KeyFactory},
 * {@code AlgorithmParameters} and {@code KeyPairGenerator} "EC" for sm2p256v1 (every other curve
 * is refused, so that JCA fails over to SunEC, or for parameters delegated to it), and for
 * PKCS#12, PBES2 with SM4-CBC and {@code Mac "HmacPBESM3"}. Installed ahead of SunEC, it lets the
 * JDK's own {@code CertificateFactory}, PKIX validator, {@code PKCS12} keystore and keytool
 * handle SM2 keys and certificates: install it with {@link #install()} (or first in a
 * {@code java.security} file), not with {@code Security.addProvider}, which puts it last.
 */
public final class ShangMiProvider extends Provider {

    private static final long serialVersionUID = 1L;

    /** The provider's name, as passed to {@code getInstance(algorithm, "ShangMi")}. */
    public static final String NAME = "ShangMi";

    private static final String VERSION = "0.1";
    private static final String DESCRIPTION = "ShangMi SM2, SM3, HMAC-SM3, SM4, PBKDF2WithHmacSM3";
    private static final String SM3_OID = "1.2.156.10197.1.401";
    private static final String HMAC_SM3_OID = "1.2.156.10197.1.401.2";
    private static final String SM2_CURVE_OID = "1.2.156.10197.1.301";
    private static final String SM2_ENCRYPT_OID = "1.2.156.10197.1.301.3";
    /** GM/T 0006's sm2encrypt-with-sm3, Bouncy Castle's "SM2withSM3" cipher. */
    private static final String SM2_ENCRYPT_WITH_SM3_OID = "1.2.156.10197.1.301.3.2.1";
    /** GM/T 0006's SM2-2, the key exchange protocol. */
    private static final String SM2_KEY_EXCHANGE_OID = "1.2.156.10197.1.301.2";
    private static final String SM3_WITH_SM2_OID = "1.2.156.10197.1.501";
    /** SM4 key wrap without and with padding (RFC 3394, RFC 5649), as Bouncy Castle registers them. */
    private static final String SM4_WRAP_OID = "1.2.156.10197.1.104.11";
    private static final String SM4_WRAP_PAD_OID = "1.2.156.10197.1.104.12";
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();
    /**
     * Under {@code auto}, the longest SM3 message the Java engine hashes when libcrypto serves SM3
     * through FFM, and through JNI, because a native call would cost more than it saves; 0 where
     * libcrypto measured at least as fast from the shortest message up, as FFM did on an Intel Xeon
     * and an AMD EPYC. Through JNI on the AMD EPYC (JDK 17) Java led by 3-8 % for messages of one
     * block (up to 55 bytes with SM3's padding) and JNI by 8-13 % from 64 bytes; on the Intel Xeon
     * JNI and Java were level at 32 bytes. The figures are in docs/performance.md, "SM3 under auto".
     *
     * <p>HMAC-SM3 has no such threshold: TLCP's CBC records check their MAC in time that depends on
     * the record's length only through whole SM3 blocks, which holds only if one engine computes
     * every MAC; a threshold would hand MACs to two engines of different speeds by a length that
     * depends on the secret padding.
     */
    static final int SM3_JAVA_UP_TO_FFM = 0;
    static final int SM3_JAVA_UP_TO_JNI = 55;

    private final transient Backends backends = Backends.get();
    /** What this provider asks for; null when it was made for one backend. */
    private final transient BackendChoice choice;
    /** The backend of each algorithm, once chosen; a pinned provider chooses them all up front. */
    private final transient Map<Algorithm, Backend> assignments = new EnumMap<>(Algorithm.class);
    private final transient Set<Algorithm> resolved = EnumSet.noneOf(Algorithm.class);
    /** Why each chosen backend was chosen, for {@link #choiceReason}. */
    private final transient Map<Algorithm, String> reasons = new EnumMap<>(Algorithm.class);
    /** Set when auto chose libcrypto for SM3: the longest message the Java engine hashes instead. */
    private transient int sm3JavaUpTo = -1;

    /**
     * A provider whose backends are chosen by the {@code shangmi.backend*} system properties, read
     * once, now ({@link BackendChoice#fromSystemProperties()}).
     *
     * @throws ProviderException if a {@code shangmi.backend*} property names no backend
     */
    public ShangMiProvider() {
        this(fromSystemProperties());
    }

    /**
     * A provider whose backends are chosen by {@code choice}, for example
     * {@code new ShangMiProvider(BackendChoice.parse("SM4=vector,SM3=jni"))}. The choice for an
     * algorithm (loading a backend, self-testing the algorithm) waits for its first use, so that an
     * application that only hashes never pays for SM2's tests or OpenSSL's SM4.
     */
    public ShangMiProvider(BackendChoice choice) {
        super(NAME, VERSION, DESCRIPTION);
        this.choice = Objects.requireNonNull(choice, "choice");
        registerServices();
    }

    /**
     * Installs ShangMi first in this JVM's provider list, where the JDK's own PKI finds it: the
     * one way to install it. Behind SunEC the JDK cannot read SM2 keys, and says so in words that
     * hide the cause ({@code Unknown named curve: 1.2.156.10197.1.301}, or for the right
     * password {@code keystore password was incorrect}), because {@code AlgorithmParameters "EC"}
     * has no failover. {@code Security.addProvider} puts a provider last.
     *
     * <p>Idempotent: if a provider named {@value #NAME} is already first, nothing changes; if one
     * is installed at another position (by a {@code java.security} file, say), it is moved first;
     * otherwise a {@code new ShangMiProvider()} (backends from the system properties) is inserted
     * at position 1. The providers that were first move down one place and keep their order.
     *
     * @return the provider now first: the one found, or the new one
     * @throws SecurityException if a security manager forbids changing the provider list
     */
    public static Provider install() {
        synchronized (ShangMiProvider.class) {
            Provider[] installed = Security.getProviders();
            Provider existing = Security.getProvider(NAME);
            if (existing != null && installed.length > 0 && installed[0] == existing) {
                return existing;
            }
            Provider first = existing != null ? existing : new ShangMiProvider();
            if (existing != null) {
                Security.removeProvider(NAME);
            }
            Security.insertProviderAt(first, 1);
            return first;
        }
    }

    /**
     * Installs {@code provider} first in this JVM's provider list, as {@link #install()} does,
     * for an instance made with its own backends: any other provider named {@value #NAME} is
     * removed first. Nothing changes if {@code provider} is already first.
     *
     * @return {@code provider}
     * @throws SecurityException if a security manager forbids changing the provider list
     */
    public static ShangMiProvider install(ShangMiProvider provider) {
        Objects.requireNonNull(provider, "provider");
        synchronized (ShangMiProvider.class) {
            Provider[] installed = Security.getProviders();
            if (installed.length > 0 && installed[0] == provider) {
                return provider;
            }
            if (Security.getProvider(NAME) != null) {
                Security.removeProvider(NAME);
            }
            Security.insertProviderAt(provider, 1);
            return provider;
        }
    }

    private static BackendChoice fromSystemProperties() {
        try {
            return BackendChoice.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            throw new ProviderException(e.getMessage(), e);
        }
    }

    /**
     * A provider that uses {@code backend} for every algorithm it serves.
     *
     * @throws ProviderException if that backend is unavailable here; the message says why
     */
    public ShangMiProvider(Backend backend) {
        super(NAME, VERSION, DESCRIPTION + " ("
                + Objects.requireNonNull(backend, "backend").id() + " backend)");
        choice = null;
        BackendStatus status = backends.status(backend);
        if (!status.available()) {
            throw new ProviderException("the " + backend.id() + " backend is unavailable: " + status.problems());
        }
        for (Algorithm algorithm : Algorithm.values()) {
            if (backends.serving(backend, algorithm) != null) {
                assignments.put(algorithm, backend);
                reasons.put(algorithm, "this provider was made for the " + backend.id() + " backend");
            }
            resolved.add(algorithm);
        }
        registerServices();
    }

    /** Whether each backend loaded here, what it serves, and if not, why. */
    public static List<BackendStatus> backendStatus() {
        Backends backends = Backends.get();
        List<BackendStatus> result = new ArrayList<>();
        for (Backend backend : Backend.values()) {
            result.add(backends.status(backend));
        }
        return Collections.unmodifiableList(result);
    }

    /**
     * Waits at most {@code timeout} until {@code backend} serves at full speed. Only the vector
     * backend prepares after loading: it warms up on a thread of its own and meanwhile serves SM4
     * on the constant-time Java engine (the same results, more slowly). For benchmarks and tools
     * that time a backend; applications need not wait.
     *
     * @return true once it has loaded and is ready (whatever its self-tests found: the status says);
     *         false if it did not load, its warm-up failed, or the time ran out
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public static boolean awaitReady(Backend backend, Duration timeout) throws InterruptedException {
        return Backends.get().awaitReady(Objects.requireNonNull(backend, "backend"), Objects.requireNonNull(timeout, "timeout"));
    }

    /**
     * The backend serving {@code algorithm} (a JCA name such as {@code "SM3"}) in this provider, or
     * null if the algorithm is not served or does not depend on a backend.
     */
    public Backend backendFor(String algorithm) {
        Algorithm known = Algorithm.forJcaName(algorithm);
        return known == null ? null : resolve(known);
    }

    /**
     * Why {@link #backendFor} gives the backend it does for {@code algorithm}: the property or the
     * {@link BackendChoice} entry that asked for it, or {@code auto}'s preference and the measurement behind it, and the reason for
     * any fallback. Null when {@code backendFor} gives null.
     */
    public synchronized String choiceReason(String algorithm) {
        Algorithm known = Algorithm.forJcaName(algorithm);
        return known == null || resolve(known) == null ? null : reasons.get(known);
    }

    /** The backend serving {@code algorithm}, chosen on the first call; null if none can. */
    private synchronized Backend resolve(Algorithm algorithm) {
        if (resolved.add(algorithm)) {
            Backend chosen = choose(algorithm);
            if (chosen != null) {
                assignments.put(algorithm, chosen);
            }
        }
        return assignments.get(algorithm);
    }

    private Backend choose(Algorithm algorithm) {
        List<Backend> requested = choice.backends(algorithm);
        String asked = choice.origin(algorithm);
        for (Backend backend : requested) {
            if (backends.serving(backend, algorithm) != null) {
                reasons.put(algorithm, asked);
                return backend;
            }
        }
        boolean auto = requested.isEmpty();
        List<Backend> order = BackendChoice.autoOrder(algorithm);
        List<Backend> wanted = auto ? order.subList(0, 1) : requested;
        String preference = "auto, " + BackendChoice.autoPreference(algorithm);
        for (Backend candidate : order) {
            if (backends.serving(candidate, algorithm) != null) {
                if (wanted.contains(candidate)) {
                    reasons.put(algorithm, preference + smallSm3ByJava(algorithm, candidate));
                    return candidate;
                }
                List<String> said = new ArrayList<>();
                List<String> whyNot = new ArrayList<>();
                for (Backend backend : wanted) {
                    BackendStatus status = backends.status(backend);
                    String why = status.available() ? "it does not serve " + algorithm.jcaName() : status.problems();
                    said.add(status.available()
                            ? "the " + backend.id() + " backend does not serve " + algorithm.jcaName()
                            : "the " + backend.id() + " backend is unavailable (" + why + ")");
                    whyNot.add("the " + backend.id() + " backend cannot serve it: " + why);
                }
                // a backend asked for by name deserves one warning per request, however many
                // algorithms it names; auto's preference only a debug note (choiceReason and
                // `shangmi backends` say it to whoever asks)
                logOnce(auto ? System.Logger.Level.DEBUG : System.Logger.Level.WARNING,
                        (auto ? "auto" : asked) + ": " + String.join("; ", said) + "; the " + candidate.id()
                                + " backend serves instead");
                reasons.put(algorithm, (auto ? preference : asked) + "; but " + String.join("; ", whyNot)
                        + (auto ? smallSm3ByJava(algorithm, candidate) : ""));
                return candidate;
            }
        }
        return null;
    }

    /**
     * When auto gives SM3 to libcrypto, notes that short messages stay with the Java engine and
     * returns the words that say so in the reason; else returns "".
     */
    private String smallSm3ByJava(Algorithm algorithm, Backend chosen) {
        if (algorithm != Algorithm.SM3 || backends.serving(Backend.JAVA, Algorithm.SM3) == null) {
            return "";
        }
        int upTo = switch (chosen) {
            case FFM -> SM3_JAVA_UP_TO_FFM;
            case JNI -> SM3_JAVA_UP_TO_JNI;
            default -> -1;
        };
        if (upTo <= 0) {
            return "";
        }
        sm3JavaUpTo = upTo;
        return "; messages of up to " + upTo + " bytes by the Java engine, where a native call costs more than it saves";
    }

    /** A new SM3 engine: the chosen backend's, behind a {@link ThresholdDigest} when auto chose libcrypto. */
    private DigestEngine newSm3() {
        BackendService service = service(Algorithm.SM3);
        int upTo;
        synchronized (this) {
            upTo = sm3JavaUpTo;
        }
        if (upTo <= 0) {
            return service.newDigest(Algorithm.SM3);
        }
        DigestEngine java = backends.serving(Backend.JAVA, Algorithm.SM3).newDigest(Algorithm.SM3);
        return new ThresholdDigest(java, () -> service.newDigest(Algorithm.SM3), upTo);
    }

    private static void logOnce(System.Logger.Level level, String message) {
        if (LOGGED.add(message)) {
            System.getLogger(ShangMiProvider.class.getName()).log(level, message);
        }
    }

    /**
     * Registers every service this provider may serve: all of them when backends are chosen on
     * first use (the Java backend serves every algorithm), only those the pinned backend serves
     * otherwise. The services look their backend up when they make an SPI.
     */
    private void registerServices() {
        if (offers(Algorithm.SM3)) {
            register("MessageDigest", "SM3", DigestSpi.class, List.of("OID." + SM3_OID, SM3_OID),
                    () -> new DigestSpi(newSm3()));
        }
        List<String> hmacAliases = List.of("SM3HMac", "HMAC-SM3", "HMAC/SM3", "OID." + HMAC_SM3_OID, HMAC_SM3_OID);
        if (offers(Algorithm.HMAC_SM3)) {
            register("Mac", "HmacSM3", HmacSpi.class, hmacAliases,
                    () -> new HmacSpi(service(Algorithm.HMAC_SM3).newMac(Algorithm.HMAC_SM3)));
        }
        register("KeyGenerator", "HmacSM3", HmacKeyGeneratorSpi.class, hmacAliases,
                () -> new HmacKeyGeneratorSpi("HmacSM3"));
        if (offers(Algorithm.HMAC_SM3)) {
            register("Mac", HmacPbeSm3Spi.ALGORITHM, HmacPbeSm3Spi.class, List.of(),
                    () -> new HmacPbeSm3Spi(service(Algorithm.HMAC_SM3).newMac(Algorithm.HMAC_SM3)));
        }
        register("SecretKeyFactory", Pbkdf2KeyFactorySpi.ALGORITHM, Pbkdf2KeyFactorySpi.class, List.of(),
                Pbkdf2KeyFactorySpi::new);
        registerSm2();
        registerSm9();
        if (offers(Algorithm.SM4)) {
            register("Cipher", "SM4", Sm4CipherSpi.class, List.of(), () -> new Sm4CipherSpi(service(Algorithm.SM4), this));
            register("Cipher", "SM4/GCM/NoPadding", Sm4GcmCipherSpi.class, List.of(),
                    () -> new Sm4GcmCipherSpi(service(Algorithm.SM4), this));
            register("Cipher", "SM4/XTS/NoPadding", Sm4XtsCipherSpi.class, List.of(),
                    () -> new Sm4XtsCipherSpi(service(Algorithm.SM4), this));
            register("Cipher", "SM4/CCM/NoPadding", Sm4CcmCipherSpi.class, List.of(),
                    () -> new Sm4CcmCipherSpi(service(Algorithm.SM4), this));
            register("Mac", "SM4-CMAC", Sm4MacSpi.class, List.of("SM4CMAC"), () -> new Sm4MacSpi(service(Algorithm.SM4), false));
            register("Mac", "SM4-GMAC", Sm4MacSpi.class, List.of("SM4GMAC"), () -> new Sm4MacSpi(service(Algorithm.SM4), true));
            register("Cipher", "SM4WRAP", Sm4WrapCipherSpi.class,
                    List.of("SM4/KW/NoPadding", SM4_WRAP_OID, "OID." + SM4_WRAP_OID),
                    () -> new Sm4WrapCipherSpi(service(Algorithm.SM4), false, this));
            register("Cipher", "SM4WRAPPAD", Sm4WrapCipherSpi.class,
                    List.of("SM4/KWP/NoPadding", SM4_WRAP_PAD_OID, "OID." + SM4_WRAP_PAD_OID),
                    () -> new Sm4WrapCipherSpi(service(Algorithm.SM4), true, this));
        }
        register("KeyGenerator", "SM4", Sm4KeyGeneratorSpi.class, List.of("SM4-CMAC", "SM4CMAC", "SM4-GMAC", "SM4GMAC"),
                Sm4KeyGeneratorSpi::new);
        register("AlgorithmParameters", "SM4", Sm4ParametersSpi.class, List.of(), Sm4ParametersSpi::new);
        register("AlgorithmParameterGenerator", "SM4", Sm4ParameterGeneratorSpi.class, List.of(),
                () -> new Sm4ParameterGeneratorSpi(this));
        registerPbes2();
        registerZuc();
    }

    /**
     * ZUC, under Bouncy Castle's names, on the core's engines with the S-box layer of the backend
     * that serves SM4 where it has one (the vector backend), else the core's circuit.
     */
    private void registerZuc() {
        for (ZucVariant variant : ZucVariant.values()) {
            register("Cipher", variant.algorithm, ZucCipherSpi.class, List.of(),
                    () -> new ZucCipherSpi(variant, this, this::newZucSBoxLayer));
            register("KeyGenerator", variant.algorithm, ZucKeyGeneratorSpi.class, List.of(), () -> new ZucKeyGeneratorSpi(variant));
            register("AlgorithmParameters", variant.algorithm, ZucParametersSpi.class, List.of(), () -> new ZucParametersSpi(variant));
        }
        register("Mac", "ZUC-128", ZucMacSpi.class, List.of(), () -> new ZucMacSpi(ZucVariant.ZUC_128, 32, this::newZucSBoxLayer));
        register("Mac", "ZUC-256", ZucMacSpi.class, List.of("ZUC-256-128"),
                () -> new ZucMacSpi(ZucVariant.ZUC_256, 128, this::newZucSBoxLayer));
        register("Mac", "ZUC-256-64", ZucMacSpi.class, List.of(), () -> new ZucMacSpi(ZucVariant.ZUC_256, 64, this::newZucSBoxLayer));
        register("Mac", "ZUC-256-32", ZucMacSpi.class, List.of(), () -> new ZucMacSpi(ZucVariant.ZUC_256, 32, this::newZucSBoxLayer));
    }

    /**
     * An S-box layer for one ZUC engine: the SM4 backend's, if it has one (the vector backend's,
     * which runs the circuit itself until its warm-up passes), else the core's circuit. Every
     * layer gives the same results; only the speed differs.
     */
    ZucSBoxLayer newZucSBoxLayer() {
        if (offers(Algorithm.SM4)) {
            try {
                ZucSBoxLayer layer = service(Algorithm.SM4).newZucSBoxLayer();
                if (layer != null) {
                    return layer;
                }
            } catch (ProviderException e) {
                // no backend serves SM4 here: ZUC keeps the circuit, which serves every JVM
            }
        }
        return Zuc.CIRCUIT;
    }

    /**
     * PBES2 with SM4-CBC, for the JDK's PKCS12 keystore and {@code EncryptedPrivateKeyInfo}: the
     * parameters (every other PBES2 scheme delegated to SunJCE) and a cipher per PRF. The PBES2 OID
     * is an alias of the HMAC-SM3 scheme's parameters so that the JDK's keystore, which maps a
     * protection algorithm's name to an OID through provider aliases, can write that scheme.
     */
    private void registerPbes2() {
        register("AlgorithmParameters", "PBES2", Pbes2ParametersSpi.class, List.of(), () -> new Pbes2ParametersSpi(null));
        for (Pbes2.Prf prf : Pbes2.Prf.values()) {
            // Kona's name for the HMAC-SM3 scheme, with the key length as the JDK writes AES_128
            List<String> names = prf == Pbes2.Prf.HMAC_SM3 ? List.of(prf.cipherName() + "_128") : List.of();
            List<String> aliases = new ArrayList<>(names);
            if (prf == Pbes2.Prf.HMAC_SM3) {
                aliases.add("OID." + Pbes2.PBES2_OID);
            }
            register("AlgorithmParameters", prf.cipherName(), Pbes2ParametersSpi.class, aliases,
                    () -> new Pbes2ParametersSpi(prf));
            register("SecretKeyFactory", prf.cipherName(), PbeKeyFactorySpi.class, names,
                    () -> new PbeKeyFactorySpi(prf.cipherName()));
            if (offers(Algorithm.SM4)) {
                register("Cipher", prf.cipherName(), Pbes2CipherSpi.class, names,
                        () -> new Pbes2CipherSpi(prf, service(Algorithm.SM4), this));
            }
        }
    }

    private void registerSm2() {
        register("KeyFactory", "SM2", Sm2KeyFactorySpi.class, List.of("OID." + SM2_CURVE_OID, SM2_CURVE_OID),
                Sm2KeyFactorySpi::new);
        // the "EC" services serve sm2p256v1 and refuse (or, for parameters, delegate) every other
        // curve, so that the JDK reads SM2 keys and installing ShangMi changes nothing for P-256
        register("KeyFactory", "EC", Sm2KeyFactorySpi.class, List.of(), Sm2KeyFactorySpi::new);
        register("AlgorithmParameters", "EC", EcParametersSpi.class, List.of(), EcParametersSpi::new);
        register("KeyAgreement", "SM2", Sm2KeyAgreementSpi.class, List.of("OID." + SM2_KEY_EXCHANGE_OID, SM2_KEY_EXCHANGE_OID),
                Sm2KeyAgreementSpi::new);
        register("KeyAgreement", "ECDH", Sm2EcdhKeyAgreementSpi.class, List.of(), Sm2EcdhKeyAgreementSpi::new);
        if (!offers(Algorithm.SM2)) {
            return;
        }
        register("KeyPairGenerator", "SM2", Sm2KeyPairGeneratorSpi.class, List.of(),
                () -> new Sm2KeyPairGeneratorSpi(service(Algorithm.SM2).newSm2(), false));
        register("KeyPairGenerator", "EC", Sm2KeyPairGeneratorSpi.class, List.of(),
                () -> new Sm2KeyPairGeneratorSpi(service(Algorithm.SM2).newSm2(), true));
        // Kona names SM2 encryption by the curve's OID too
        register("Cipher", "SM2", Sm2CipherSpi.class,
                List.of("OID." + SM2_ENCRYPT_OID, SM2_ENCRYPT_OID, "OID." + SM2_CURVE_OID, SM2_CURVE_OID),
                () -> new Sm2CipherSpi(service(Algorithm.SM2).newSm2()));
        // Bouncy Castle's name and OID for SM2 encryption with SM3, whose ciphertext there is raw C1C2C3
        register("Cipher", "SM2withSM3", Sm2CipherSpi.class, List.of("OID." + SM2_ENCRYPT_WITH_SM3_OID, SM2_ENCRYPT_WITH_SM3_OID),
                () -> new Sm2CipherSpi(service(Algorithm.SM2).newSm2(), Sm2CiphertextFormat.C1C2C3));
        register("Signature", "NONEwithSM2", Sm2SignatureSpi.class, List.of(),
                () -> new Sm2SignatureSpi(service(Algorithm.SM2).newSm2(), null, Sm2SignatureSpi.Variant.NONE_DER));
        if (offers(Algorithm.SM3)) {
            register("Signature", "SM3withSM2", Sm2SignatureSpi.class,
                    List.of("SM2", "OID." + SM3_WITH_SM2_OID, SM3_WITH_SM2_OID),
                    () -> new Sm2SignatureSpi(service(Algorithm.SM2).newSm2(), newSm3(),
                            Sm2SignatureSpi.Variant.SM3_DER));
            register("Signature", "SM3withSM2inP1363Format", Sm2SignatureSpi.class, List.of(),
                    () -> new Sm2SignatureSpi(service(Algorithm.SM2).newSm2(), newSm3(),
                            Sm2SignatureSpi.Variant.SM3_P1363));
        }
    }

    /** SM9 runs on the Java engines alone: its services do not depend on the backends. */
    private void registerSm9() {
        register("KeyPairGenerator", "SM9", Sm9KeyPairGeneratorSpi.class, List.of(), Sm9KeyPairGeneratorSpi::new);
        register("KeyFactory", "SM9", Sm9KeyFactorySpi.class,
                List.of("OID." + Sm9Keys.SM9_OID, Sm9Keys.SM9_OID), Sm9KeyFactorySpi::new);
        register("Signature", "SM9", Sm9SignatureSpi.class,
                List.of("OID." + Sm9Keys.SM9_SIGN_OID, Sm9Keys.SM9_SIGN_OID), Sm9SignatureSpi::new);
        register("Cipher", "SM9", Sm9CipherSpi.class,
                List.of("OID." + Sm9Keys.SM9_ENCRYPT_OID, Sm9Keys.SM9_ENCRYPT_OID), Sm9CipherSpi::new);
        register("KeyAgreement", "SM9", Sm9KeyAgreementSpi.class,
                List.of("OID." + Sm9Keys.SM9_EXCHANGE_OID, Sm9Keys.SM9_EXCHANGE_OID), Sm9KeyAgreementSpi::new);
        if (Sm9Kem.available()) {
            register("KEM", "SM9", Sm9Kem.class, List.of(), Sm9Kem::newSpi);
        }
    }

    /** Whether to register {@code algorithm}'s services: always, unless the backend is pinned and lacks it. */
    private synchronized boolean offers(Algorithm algorithm) {
        return !resolved.contains(algorithm) || assignments.containsKey(algorithm);
    }

    /**
     * The backend service for {@code algorithm}, chosen on first use.
     *
     * @throws ProviderException if no backend can serve it here (none loads, or its self-test failed)
     */
    private BackendService service(Algorithm algorithm) {
        Backend backend = resolve(algorithm);
        BackendService service = backend == null ? null : backends.serving(backend, algorithm);
        if (service == null) {
            throw new ProviderException("no backend can serve " + algorithm.jcaName() + " here: " + backendStatus());
        }
        return service;
    }

    private void register(String type, String algorithm, Class<?> spi, List<String> aliases, Supplier<Object> factory) {
        putService(new EngineService(this, type, algorithm, spi.getName(), aliases, factory));
    }

    /** A service that builds its SPI through a factory instead of reflection. */
    private static final class EngineService extends Service {

        private final Supplier<Object> factory;

        EngineService(Provider provider, String type, String algorithm, String className, List<String> aliases,
                Supplier<Object> factory) {
            super(provider, type, algorithm, className, aliases, null);
            this.factory = factory;
        }

        @Override
        public Object newInstance(Object constructorParameter) throws NoSuchAlgorithmException {
            if (constructorParameter != null) {
                throw new InvalidParameterException(getType() + "." + getAlgorithm() + " takes no constructor parameter");
            }
            return factory.get();
        }

        /**
         * False for a key without an encoding format that is no {@code ECKey}: a token's or a
         * device's key, which only its own provider can use. The JCA then passes such a key to
         * that provider without trying this one first, so that a failure reports that provider's
         * reason rather than this one's refusal.
         */
        @Override
        public boolean supportsParameter(Object parameter) {
            if (parameter instanceof java.security.Key key && key.getFormat() == null
                    && !(key instanceof java.security.interfaces.ECKey)) {
                return false;
            }
            return super.supportsParameter(parameter);
        }
    }
}
