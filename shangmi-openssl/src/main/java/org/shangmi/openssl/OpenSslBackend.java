package org.shangmi.openssl;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * the module's name) and OpenSSL 3.0 or later. Algorithm objects are fetched once, at load.
 *
 * <p>SM4: the basic modes (ECB, CBC, CTR, CFB, OFB) go to libcrypto where it has them. GCM, CCM
 * and XTS, and any basic mode the library lacks, are served by the Java engines, so that a
 * provider bound to this backend offers every mode; {@link #details()} says which modes are whose.
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
        if (version < MIN_VERSION) {
            throw new BackendUnavailableException(versionText + " (" + LibCrypto.libraryName()
                    + ") is older than OpenSSL 3.0");
        }
        Set<Algorithm> offered = EnumSet.noneOf(Algorithm.class);
        List<String> missing = new ArrayList<>();
        try {
            sm3 = EvpMd.fetch("SM3");
            offered.add(Algorithm.SM3);
        } catch (OpenSslException | UnsatisfiedLinkError e) {
            missing.add("SM3: " + e.getMessage());
        }
        if (sm3 != null) {
            try {
                hmac = EvpMac.fetch("HMAC");
                hmacSm3Params = EvpMacCtx.digestParams(Arena.global(), sm3.name());
                offered.add(Algorithm.HMAC_SM3);
            } catch (OpenSslException | UnsatisfiedLinkError e) {
                missing.add("HmacSM3: " + e.getMessage());
            }
        }
        List<String> javaModes = new ArrayList<>();
        for (CipherMode mode : CipherMode.values()) {
            try {
                sm4.put(mode, EvpCipher.fetch("SM4-" + mode));
            } catch (OpenSslException | UnsatisfiedLinkError e) {
                javaModes.add(mode.name());
            }
        }
        if (!sm4.isEmpty()) {
            offered.add(Algorithm.SM4);
            javaModes.addAll(List.of("GCM", "CCM", "XTS"));
            details += "; SM4 " + String.join("/", javaModes) + " by the Java engines";
        } else {
            missing.add("SM4: libcrypto has none of its modes");
        }
        try (EvpPkeyCtx probe = EvpPkeyCtx.forAlgorithm("SM2")) {
            offered.add(Algorithm.SM2);
            details += "; SM2 public keys of given private keys by the Java engine";
        } catch (OpenSslException | UnsatisfiedLinkError e) {
            missing.add("SM2: " + e.getMessage());
        }
        if (!missing.isEmpty()) {
            details += "; not offered: " + String.join("; ", missing);
        }
        if (offered.isEmpty()) {
            throw new BackendUnavailableException(versionText + " offers none of SM3, HmacSM3, SM4, SM2: "
                    + String.join("; ", missing));
        }
        return Collections.unmodifiableSet(offered);
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
    public DigestEngine newDigest(Algorithm algorithm) {
        if (algorithm != Algorithm.SM3 || sm3 == null) {
            throw notOffered(algorithm);
        }
        return new OpenSslDigest(sm3, SM3_BLOCK_LENGTH);
    }

    @Override
    public MacEngine newMac(Algorithm algorithm) {
        if (algorithm != Algorithm.HMAC_SM3 || hmac == null) {
            throw notOffered(algorithm);
        }
        return new OpenSslHmac(Algorithm.HMAC_SM3.jcaName(), hmac, hmacSm3Params, sm3.size());
    }

    @Override
    public Sm2Engine newSm2() {
        return new OpenSslSm2(java.newSm2());
    }

    @Override
    public CipherEngine newSm4(CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        EvpCipher cipher = sm4.get(mode);
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

    private void requireSm4() {
        if (sm4.isEmpty()) {
            throw notOffered(Algorithm.SM4);
        }
    }

    private static UnsupportedOperationException notOffered(Algorithm algorithm) {
        return new UnsupportedOperationException("the OpenSSL backend does not offer " + algorithm.jcaName());
    }
}
