package org.shangmi.openssl.ffm;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.libcrypto.LibcryptoBackend;
import org.shangmi.core.libcrypto.LibcryptoDigest;
import org.shangmi.core.libcrypto.LibcryptoHmac;
import org.shangmi.core.libcrypto.LibcryptoSm2;
import org.shangmi.core.libcrypto.LibcryptoSm4;

/**
 * The system's libcrypto 3.x through {@code java.lang.foreign}, JDK 22 and later: the calls of a
 * {@link LibcryptoBackend}, which holds the library path, the checks and the division of work with
 * the Java engines. It needs native access ({@code --enable-native-access=org.shangmi.openssl.ffm},
 * or {@code ALL-UNNAMED} on the class path).
 */
public final class FfmBackend extends LibcryptoBackend {

    /** The backend's name. */
    public static final String NAME = "ffm";

    /** Does no work; {@link #load()} does. */
    public FfmBackend() {
        super(NAME, "shangmi-openssl-ffm");
    }

    @Override
    protected Library open(String path) throws BackendUnavailableException {
        try {
            LibCrypto.open(path);
        } catch (IllegalArgumentException e) {
            throw notFound(e.getMessage(), path, e);
        }
        try {
            return new Library(loadedPath(), LibCrypto.openSslVersionNum(), LibCrypto.openSslVersion(LibCrypto.OPENSSL_VERSION));
        } catch (UnsatisfiedLinkError e) {
            throw new BackendUnavailableException(LibCrypto.libraryName() + " is not libcrypto 3.x: " + e.getMessage(), e);
        }
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
    protected LibcryptoDigest.Calls<?> fetchSm3() {
        return new FfmDigest(EvpMd.fetch("SM3"));
    }

    @Override
    protected LibcryptoHmac.Calls<?> fetchHmac(String digest, int macLength) {
        return new FfmHmac(EvpMac.fetch("HMAC"), EvpMacCtx.digestParams(Arena.global(), digest), macLength);
    }

    @Override
    protected LibcryptoSm2<?> newSm2(Sm2Engine java) {
        return new FfmSm2(java);
    }

    @Override
    protected LibcryptoSm4.Calls<?> fetchSm4(CipherMode mode) {
        try {
            return new FfmSm4(EvpCipher.fetch("SM4-" + mode));
        } catch (OpenSslException e) {
            return null; // absent from this libcrypto
        }
    }
}
