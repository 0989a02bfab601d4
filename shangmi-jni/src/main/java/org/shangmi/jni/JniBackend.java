package org.shangmi.jni;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CcmEngine;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.JavaBackendService;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.backend.XtsEngine;
import org.shangmi.core.util.NativePaths;

/**
 * The system's libcrypto 3.x through JNI, for every JDK from 17: libshangmi-jni (built from
 * src/main/c with this module) opens libcrypto at run time, at the path in
 * {@value #PATH_PROPERTY} (or {@value #LEGACY_PATH_PROPERTY}) if set, else by its soname. The same
 * EVP calls as the FFM backend ({@code shangmi-openssl}), with the same division of work: SM2,
 * SM3, HMAC-SM3 and SM4's basic modes by libcrypto; SM4's GCM, CCM and XTS, and any basic mode the
 * library lacks (CFB8 in 3.0), by the Java engines, so that a provider bound to this backend
 * offers every mode ({@link #sm4ModesByJava()} names them); public keys of given private keys and SM2 on empty messages by the Java
 * engine, as libcrypto 3.0 has no call for the first and fails on the second.
 */
public final class JniBackend implements BackendService {

    /** The backend's name. */
    public static final String NAME = "jni";
    /** The system property naming the libcrypto file, shared with the FFM backend. */
    public static final String PATH_PROPERTY = "shangmi.openssl.path";
    /** Tencent Kona's name for the same property, honoured when the first is unset. */
    public static final String LEGACY_PATH_PROPERTY = "jdk.openssl.cryptoLibPath";

    /** OpenSSL_version_num() of 3.0.0: 0xMNN00PP0. */
    private static final long MIN_VERSION = 0x30000000L;
    private static final int SM3_BLOCK = 64;

    private String details = "not loaded";
    private final JavaBackendService java = new JavaBackendService();
    /** Per mode, libcrypto's SM4 or 0 if it has none; fetched on first use. */
    private final Map<CipherMode, Long> sm4 = new EnumMap<>(CipherMode.class);
    private long sm3;
    private int sm3Length;
    private long hmac;

    /** Does nothing: {@link #load} does the work. */
    public JniBackend() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public synchronized Set<Algorithm> load() throws BackendUnavailableException {
        String denied = nativeAccessDenied();
        if (denied != null) {
            throw new BackendUnavailableException(denied);
        }
        try {
            NativeLibrary.load();
        } catch (IllegalStateException | IllegalArgumentException | UnsatisfiedLinkError e) {
            throw new BackendUnavailableException("libshangmi-jni cannot load: " + e.getMessage(), e);
        }
        String path = System.getProperty(PATH_PROPERTY);
        if (path == null) {
            path = System.getProperty(LEGACY_PATH_PROPERTY);
        }
        String library;
        String loadName;
        try {
            NativePaths.Library checked = path == null ? null : NativePaths.trusted(path);
            library = checked == null ? "libcrypto.so.3" : checked.file().toString();
            // the checked file's open descriptor (/proc/self/fd/N), which dlopen takes as is
            loadName = checked == null ? library : checked.loadName();
        } catch (IllegalArgumentException e) {
            throw new BackendUnavailableException("cannot open libcrypto (" + path + ": " + e.getMessage() + ")", e);
        }
        String failure = NativeCrypto.open(loadName);
        if (failure != null) {
            throw new BackendUnavailableException("cannot open libcrypto (" + library + ": " + failure + ")"
                    + (path == null ? "; name the file with -D" + PATH_PROPERTY + "=/path/to/libcrypto.so.3" : ""));
        }
        long version = NativeCrypto.versionNumber();
        if (version < MIN_VERSION) {
            throw new BackendUnavailableException(library + " is older than OpenSSL 3.0 (version number 0x"
                    + Long.toHexString(version) + ")");
        }
        try {
            sm3 = NativeCrypto.mdFetch("SM3");
            sm3Length = NativeCrypto.mdSize(sm3);
        } catch (JniException e) {
            throw new BackendUnavailableException(library + " has no SM3: " + e.getMessage(), e);
        }
        // the dynamic linker knows a file named by the property by its descriptor's name
        String file = path == null ? NativeCrypto.libraryFile() : library;
        details = NativeCrypto.versionText() + ", " + (file != null ? file : library)
                + "; SM2 public keys of given private keys by the Java engine";
        // HMAC and SM4 are fetched on first use: a libcrypto without them fails their self-tests,
        // with OpenSSL's reason in the backend's status
        return Collections.unmodifiableSet(EnumSet.allOf(Algorithm.class));
    }

    private synchronized long hmac() {
        if (hmac == 0) {
            hmac = NativeCrypto.macFetch("HMAC");
        }
        return hmac;
    }

    /** libcrypto's SM4 in {@code mode}, or 0 if it has none (the Java engine serves it then). */
    private synchronized long sm4(CipherMode mode) {
        Long cipher = sm4.get(mode);
        if (cipher == null) {
            try {
                cipher = NativeCrypto.cipherFetch("SM4-" + mode);
            } catch (JniException e) {
                cipher = 0L; // absent from this libcrypto
            }
            sm4.put(mode, cipher);
        }
        return cipher;
    }

    /** Refuses SM4 altogether when libcrypto has none of its modes (a build without SM4). */
    private void requireSm4() {
        for (CipherMode mode : CipherMode.values()) {
            if (sm4(mode) != 0) {
                return;
            }
        }
        throw new UnsupportedOperationException("libcrypto has no SM4");
    }

    /**
     * Why native code may not be loaded here, or null. From JDK 22, {@code System.load} is a
     * restricted method: without native access the JVM prints a warning (and later releases may
     * refuse), so the backend declines with the reason instead. Before JDK 22 nothing restricts it.
     */
    private static String nativeAccessDenied() {
        Module module = JniBackend.class.getModule();
        try {
            Method enabled = Module.class.getMethod("isNativeAccessEnabled");
            if (!Boolean.TRUE.equals(enabled.invoke(module))) {
                return "native access is not enabled for shangmi-jni: start java with --enable-native-access="
                        + (module.isNamed() ? module.getName() : "ALL-UNNAMED");
            }
            return null;
        } catch (NoSuchMethodException e) {
            return null; // JDK 17 to 21
        } catch (ReflectiveOperationException e) {
            return "cannot tell whether native access is enabled: " + e;
        }
    }

    @Override
    public synchronized String details() {
        return details;
    }

    @Override
    public List<String> sm4ModesByJava() {
        return BackendService.sm4ModesByJavaBeside(mode -> sm4(mode) != 0);
    }

    @Override
    public DigestEngine newDigest(Algorithm algorithm) {
        if (algorithm != Algorithm.SM3 || sm3 == 0) {
            throw notOffered(algorithm);
        }
        return new JniDigest("SM3", sm3, sm3Length, SM3_BLOCK);
    }

    @Override
    public MacEngine newMac(Algorithm algorithm) {
        if (algorithm != Algorithm.HMAC_SM3 || sm3 == 0) {
            throw notOffered(algorithm);
        }
        return new JniMac(Algorithm.HMAC_SM3.jcaName(), hmac(), "SM3", sm3Length);
    }

    @Override
    public Sm2Engine newSm2() {
        if (sm3 == 0) {
            throw notOffered(Algorithm.SM2);
        }
        return new JniSm2(java.newSm2());
    }

    @Override
    public CipherEngine newSm4(CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        long cipher = sm4(mode);
        if (cipher == 0) {
            requireSm4();
            return java.newSm4(mode, encrypt, key, iv);
        }
        return new JniSm4(cipher, mode, encrypt, key, iv);
    }

    @Override
    public AeadEngine newSm4Gcm(byte[] key, byte[] iv, int tagLength) {
        requireSm4();
        return java.newSm4Gcm(key, iv, tagLength);
    }

    @Override
    public XtsEngine newSm4Xts(byte[] key, boolean ieee) {
        requireSm4();
        return java.newSm4Xts(key, ieee);
    }

    @Override
    public CcmEngine newSm4Ccm(byte[] key) {
        requireSm4();
        return java.newSm4Ccm(key);
    }

    private static UnsupportedOperationException notOffered(Algorithm algorithm) {
        return new UnsupportedOperationException("the JNI backend does not offer " + algorithm.jcaName());
    }
}
