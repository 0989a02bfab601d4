package org.shangmi.core.libcrypto;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CbcMessagesEngine;
import org.shangmi.core.backend.CcmEngine;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.backend.XtsEngine;
import org.shangmi.core.javabackend.JavaBackend;

/**
 * A backend on the system's libcrypto 3.x, whatever the binding: everything above the C calls,
 * which a subclass supplies (FFM in shangmi-openssl-ffm, JNI in shangmi-openssl-jni). Here: the
 * native-access check, the library named by {@value #PATH_PROPERTY} (or
 * {@value #LEGACY_PATH_PROPERTY}) else found by its soname, the version floor (OpenSSL 3.0), the
 * details line, and the division of work with the Java engines.
 *
 * <p>The division of work: SM2, SM3, HMAC-SM3 and SM4's basic modes (ECB, CBC, CTR, CFB, OFB) by
 * libcrypto; SM4's GCM, CCM and XTS, and any basic mode the library lacks (CFB8 in 3.0), by the
 * Java engines, so that a provider bound to a libcrypto backend offers every mode
 * ({@link #sm4ModesByJava()} names them); public keys of given private keys and SM2 on empty
 * messages by the Java engine ({@link LibcryptoSm2}). Algorithms are fetched on first use: a
 * library built without one fails that algorithm's self-test, with OpenSSL's reason.
 */
public abstract class LibcryptoBackend implements BackendService {

    /** The system property naming the libcrypto file to load. */
    public static final String PATH_PROPERTY = "shangmi.openssl.path";
    /** Tencent Kona's name for the same property, honoured when the first is unset. */
    public static final String LEGACY_PATH_PROPERTY = "jdk.openssl.cryptoLibPath";

    /**
     * The most bytes of an array one C call takes: a heap array is pinned for the length of a
     * call (JNI's critical arrays, FFM's heap segments), which holds the garbage collector off.
     */
    public static final int CHUNK = 16 * 1024;

    /** OpenSSL_version_num() of 3.0.0: 0xMNN00PP0. */
    private static final long MIN_VERSION = 0x30000000L;
    private static final int SM3_BLOCK_LENGTH = 64;
    /** EVP_MAX_MD_SIZE: no digest of libcrypto is longer, and the bindings' C buffers are this long. */
    private static final int MAX_DIGEST_LENGTH = 64;

    /**
     * What a binding found when it opened libcrypto: the file the dynamic linker mapped (or the
     * name it was asked for), and the library's version number and text.
     */
    public record Library(String file, long version, String versionText) {
    }

    private final String name;
    private final String artifact;
    private final JavaBackend java = new JavaBackend();
    /** Per mode, libcrypto's SM4 calls, or empty where the library has none; fetched on first use. */
    private final Map<CipherMode, Optional<LibcryptoSm4.Calls<?>>> sm4 = new EnumMap<>(CipherMode.class);
    private LibcryptoDigest.Calls<?> sm3;
    private LibcryptoHmac.Calls<?> hmacSm3;
    private String details = "";
    /** The library's file, once loaded. */
    private String file = "libcrypto";
    /** Set once {@link #load()} succeeded: no engine is made before, so no C call reaches an unopened library. */
    private volatile boolean loaded;

    /** {@code name} as in the {@code shangmi.backend} property; {@code artifact} names the module in messages. */
    protected LibcryptoBackend(String name, String artifact) {
        this.name = name;
        this.artifact = artifact;
    }

    /**
     * Opens libcrypto: the file at {@code path} (checked with {@code NativePaths.trusted}), or by
     * its soname if {@code path} is null.
     *
     * @throws BackendUnavailableException with the reason, if the binding or the library cannot load
     */
    protected abstract Library open(String path) throws BackendUnavailableException;

    /** libcrypto's SM3, as the calls of {@link LibcryptoDigest}. Called once, on first use. */
    protected abstract LibcryptoDigest.Calls<?> fetchSm3();

    /**
     * libcrypto's HMAC over the digest named {@code digest} (whose output is {@code macLength}
     * bytes), as the calls of {@link LibcryptoHmac}. Called once, on first use.
     */
    protected abstract LibcryptoHmac.Calls<?> fetchHmac(String digest, int macLength);

    /** A new SM2 engine; {@code java} serves what libcrypto cannot ({@link LibcryptoSm2}). */
    protected abstract LibcryptoSm2<?> newSm2(Sm2Engine java);

    /**
     * libcrypto's SM4 in {@code mode}, as the calls of {@link LibcryptoSm4}; null if the library
     * has none (the Java engine serves the mode then). Called once per mode.
     */
    protected abstract LibcryptoSm4.Calls<?> fetchSm4(CipherMode mode);

    /** The exception {@link #open} throws when libcrypto is not where it was looked for. */
    protected static BackendUnavailableException notFound(String reason, String path, Throwable cause) {
        return new BackendUnavailableException(reason
                + (path == null ? "; name the file with -D" + PATH_PROPERTY + "=/path/to/libcrypto.so.3" : ""), cause);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final synchronized Set<Algorithm> load() throws BackendUnavailableException {
        String denied = nativeAccessDenied();
        if (denied != null) {
            throw new BackendUnavailableException(denied);
        }
        String path = System.getProperty(PATH_PROPERTY);
        if (path == null) {
            path = System.getProperty(LEGACY_PATH_PROPERTY);
        }
        if (path != null && path.isBlank()) {
            path = null; // an empty property names no file: the soname, as when it is unset
        }
        Library library = open(path);
        if (library.version() < MIN_VERSION) {
            throw new BackendUnavailableException(library.versionText() + " (" + library.file()
                    + ") is older than OpenSSL 3.0 (version number 0x" + Long.toHexString(library.version()) + ")");
        }
        file = library.file();
        details = library.versionText() + ", " + library.file();
        System.getLogger(getClass().getName()).log(System.Logger.Level.DEBUG, "loaded " + details
                + (path == null ? ", found by its soname" : ", named by a system property"));
        details += "; SM2 public keys of given private keys by the Java engine";
        loaded = true;
        return Collections.unmodifiableSet(EnumSet.allOf(Algorithm.class));
    }

    /**
     * Why native code may not be called here, or null. From JDK 22 native access is restricted:
     * without it the JVM warns (and later releases may refuse), so the backend declines with the
     * reason instead. Before JDK 22 nothing restricts it.
     */
    private String nativeAccessDenied() {
        if (Runtime.version().feature() < 22) {
            return null; // JDK 21's method of that name belongs to the FFM preview, not to JNI
        }
        Module module = getClass().getModule();
        try {
            Method enabled = Module.class.getMethod("isNativeAccessEnabled");
            if (!Boolean.TRUE.equals(enabled.invoke(module))) {
                return "native access is not enabled for " + artifact + ": start java with --enable-native-access="
                        + (module.isNamed() ? module.getName() : "ALL-UNNAMED");
            }
            return null;
        } catch (NoSuchMethodException e) {
            return null;
        } catch (ReflectiveOperationException e) {
            return "cannot tell whether native access is enabled: " + e;
        }
    }

    @Override
    public final synchronized String details() {
        return details;
    }

    private void requireLoaded() {
        if (!loaded) {
            throw new IllegalStateException("the " + name + " backend is not loaded: call load() first, and make engines only if it succeeded");
        }
    }

    /** libcrypto's SM4 in {@code mode}, or null if it has none. */
    private synchronized LibcryptoSm4.Calls<?> sm4(CipherMode mode) {
        requireLoaded();
        return sm4.computeIfAbsent(mode, m -> Optional.ofNullable(fetchSm4(m))).orElse(null);
    }

    @Override
    public final List<String> sm4ModesByJava() {
        return BackendService.sm4ModesByJavaBeside(mode -> sm4(mode) != null);
    }

    private synchronized LibcryptoDigest.Calls<?> sm3() {
        requireLoaded();
        if (sm3 == null) {
            LibcryptoDigest.Calls<?> calls = fetchSm3();
            int length = calls.digestLength();
            if (length < 1 || length > MAX_DIGEST_LENGTH) {
                throw new LibcryptoException("libcrypto's SM3 reports a digest of " + length + " bytes");
            }
            sm3 = calls;
        }
        return sm3;
    }

    private synchronized LibcryptoHmac.Calls<?> hmacSm3() {
        if (hmacSm3 == null) {
            hmacSm3 = fetchHmac(Algorithm.SM3.jcaName(), sm3().digestLength());
        }
        return hmacSm3;
    }

    @Override
    public final DigestEngine newDigest(Algorithm algorithm) {
        if (algorithm != Algorithm.SM3) {
            throw notOffered(algorithm);
        }
        LibcryptoDigest.Calls<?> calls = sm3();
        return new LibcryptoDigest<>(algorithm.jcaName(), calls.digestLength(), SM3_BLOCK_LENGTH, calls);
    }

    @Override
    public final MacEngine newMac(Algorithm algorithm) {
        if (algorithm != Algorithm.HMAC_SM3) {
            throw notOffered(algorithm);
        }
        LibcryptoHmac.Calls<?> calls = hmacSm3();
        return new LibcryptoHmac<>(algorithm.jcaName(), sm3().digestLength(), calls);
    }

    @Override
    public final Sm2Engine newSm2() {
        requireLoaded();
        return newSm2(java.newSm2());
    }

    @Override
    public final CipherEngine newSm4(CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        LibcryptoSm4.Calls<?> calls = sm4(mode);
        if (calls == null) {
            requireSm4();
            return java.newSm4(mode, encrypt, key, iv);
        }
        return new LibcryptoSm4<>(calls, mode, encrypt, key, iv);
    }

    @Override
    public final AeadEngine newSm4Gcm(byte[] key, byte[] iv, int tagLength) {
        requireSm4();
        return java.newSm4Gcm(key, iv, tagLength);
    }

    @Override
    public final XtsEngine newSm4Xts(byte[] key, boolean ieee) {
        requireSm4();
        return java.newSm4Xts(key, ieee);
    }

    @Override
    public final CcmEngine newSm4Ccm(byte[] key) {
        requireSm4();
        return java.newSm4Ccm(key);
    }

    /** The Java engine's: libcrypto has no call that runs several CBC chains at once. */
    @Override
    public final CbcMessagesEngine newSm4CbcMessages(byte[] key) {
        requireSm4();
        return java.newSm4CbcMessages(key);
    }

    /** Refuses SM4 altogether when libcrypto has none of its modes (a build without SM4). */
    private void requireSm4() {
        for (CipherMode mode : CipherMode.values()) {
            if (sm4(mode) != null) {
                return;
            }
        }
        throw new UnsupportedOperationException(file + " has no SM4");
    }

    private UnsupportedOperationException notOffered(Algorithm algorithm) {
        return new UnsupportedOperationException("the " + name + " backend does not offer " + algorithm.jcaName());
    }
}
