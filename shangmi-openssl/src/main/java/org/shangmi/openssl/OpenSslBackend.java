package org.shangmi.openssl;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
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

/**
 * The OpenSSL backend: the system's libcrypto 3.x through {@code java.lang.foreign}. It opens the
 * library named by the system property {@value #PATH_PROPERTY} (or {@value #LEGACY_PATH_PROPERTY}),
 * else the platform's soname; it needs native access ({@code --enable-native-access=ALL-UNNAMED}, or
 * the module's name) and OpenSSL 3.0 or later. Algorithm objects are fetched once, on first use
 * (a libcrypto built without an algorithm fails that algorithm's self-test, with OpenSSL's reason).
 *
 * <p>SM4: the basic modes (ECB, CBC, CTR, CFB, OFB) go to libcrypto where it has them. GCM, CCM
 * and XTS, and any basic mode the library lacks, are served by the Java engines, so that a
 * provider bound to this backend offers every mode; {@link #sm4ModesByJava()} names them.
 */
public final class OpenSslBackend implements BackendService {

    public static final String NAME = "openssl";
    /** The system property naming the libcrypto file to load. */
    public static final String PATH_PROPERTY = "shangmi.openssl.path";
    /** The same, under the name the seed system used. */
    public static final String LEGACY_PATH_PROPERTY = "jdk.openssl.cryptoLibPath";

    /** OpenSSL_version_num() of 3.0.0: 0xMNN00PP0. */
    private static final long MIN_VERSION = 0x30000000L;
    private static final int SM3_BLOCK_LENGTH = 64;

    private String details = "";
    private final JavaBackendService java = new JavaBackendService();
    private final Map<CipherMode, EvpCipher> sm4 = new EnumMap<>(CipherMode.class);
    private EvpMd sm3;
    private EvpMac hmac;
    private MemorySegment hmacSm3Params;

    /** Does no work; {@link #load()} does. */
    public OpenSslBackend() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public synchronized Set<Algorithm> load() throws BackendUnavailableException {
        Module module = OpenSslBackend.class.getModule();
        if (!module.isNativeAccessEnabled()) {
            String name = module.isNamed() ? module.getName() : "ALL-UNNAMED";
            throw new BackendUnavailableException("native access is not enabled for shangmi-openssl: start java with "
                    + "--enable-native-access=" + name);
        }
        String path = System.getProperty(PATH_PROPERTY);
        if (path == null) {
            path = System.getProperty(LEGACY_PATH_PROPERTY);
        }
        try {
            LibCrypto.open(path);
        } catch (IllegalArgumentException e) {
            throw new BackendUnavailableException(e.getMessage()
                    + (path == null ? "; name the file with -D" + PATH_PROPERTY + "=/path/to/libcrypto.so.3" : ""), e);
        }
        long version;
        String versionText;
        try {
            version = LibCrypto.openSslVersionNum();
            versionText = LibCrypto.openSslVersion(LibCrypto.OPENSSL_VERSION);
        } catch (UnsatisfiedLinkError e) {
            throw new BackendUnavailableException(LibCrypto.libraryName() + " is not libcrypto 3.x: " + e.getMessage(), e);
        }
        details = versionText + ", " + loadedPath();
        String loaded = "loaded " + details + (path == null ? ", found by its soname" : ", named by a system property");
        System.getLogger(OpenSslBackend.class.getName()).log(System.Logger.Level.DEBUG, loaded);
        if (version < MIN_VERSION) {
            throw new BackendUnavailableException(versionText + " (" + LibCrypto.libraryName()
                    + ") is older than OpenSSL 3.0");
        }
        // what libcrypto really has is found on first use: a fetch that fails makes that algorithm's
        // self-test fail, with OpenSSL's reason in the backend's status
        details += "; SM2 public keys of given private keys by the Java engine";
        return Collections.unmodifiableSet(EnumSet.allOf(Algorithm.class));
    }

    private synchronized EvpMd sm3() {
        if (sm3 == null) {
            sm3 = EvpMd.fetch("SM3");
        }
        return sm3;
    }

    private synchronized EvpMac hmac() {
        if (hmac == null) {
            hmacSm3Params = EvpMacCtx.digestParams(Arena.global(), sm3().name());
            hmac = EvpMac.fetch("HMAC");
        }
        return hmac;
    }

    /** libcrypto's SM4 in {@code mode}, or null if it has none (the Java engine serves it then). */
    private synchronized EvpCipher sm4(CipherMode mode) {
        if (!sm4.containsKey(mode)) {
            EvpCipher cipher = null;
            try {
                cipher = EvpCipher.fetch("SM4-" + mode);
            } catch (OpenSslException e) {
                // absent from this libcrypto
            }
            sm4.put(mode, cipher);
        }
        return sm4.get(mode);
    }

    /** The file the dynamic linker mapped, read from /proc/self/maps where there is one; else the name it was asked for. */
    private static String loadedPath() {
        Path maps = Path.of("/proc/self/maps");
        if (Files.isReadable(maps)) {
            try (Stream<String> lines = Files.lines(maps)) {
                return lines.map(line -> line.substring(line.indexOf('/') < 0 ? line.length() : line.indexOf('/')))
                        .filter(file -> file.contains("/libcrypto"))
                        .findFirst()
                        .orElse(LibCrypto.libraryName());
            } catch (IOException | RuntimeException e) {
                return LibCrypto.libraryName();
            }
        }
        return LibCrypto.libraryName();
    }

    @Override
    public String details() {
        return details;
    }

    @Override
    public List<String> sm4ModesByJava() {
        return BackendService.sm4ModesByJavaBeside(mode -> sm4(mode) != null);
    }

    @Override
    public DigestEngine newDigest(Algorithm algorithm) {
        if (algorithm != Algorithm.SM3) {
            throw notOffered(algorithm);
        }
        return new OpenSslDigest(sm3(), SM3_BLOCK_LENGTH);
    }

    @Override
    public MacEngine newMac(Algorithm algorithm) {
        if (algorithm != Algorithm.HMAC_SM3) {
            throw notOffered(algorithm);
        }
        EvpMac mac = hmac();
        return new OpenSslHmac(Algorithm.HMAC_SM3.jcaName(), mac, hmacSm3Params, sm3().size());
    }

    @Override
    public Sm2Engine newSm2() {
        return new OpenSslSm2(java.newSm2());
    }

    @Override
    public CipherEngine newSm4(CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        EvpCipher cipher = sm4(mode);
        if (cipher == null) {
            requireSm4();
            return java.newSm4(mode, encrypt, key, iv);
        }
        return new OpenSslSm4(cipher, mode, encrypt, key, iv);
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

    /** Refuses SM4 altogether when libcrypto has none of its modes (a build without SM4). */
    private void requireSm4() {
        for (CipherMode mode : CipherMode.values()) {
            if (sm4(mode) != null) {
                return;
            }
        }
        throw new UnsupportedOperationException(LibCrypto.libraryName() + " has no SM4");
    }

    private static UnsupportedOperationException notOffered(Algorithm algorithm) {
        return new UnsupportedOperationException("the OpenSSL backend does not offer " + algorithm.jcaName());
    }
}
