package org.shangmi.openssl.jni;

import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.libcrypto.LibcryptoBackend;
import org.shangmi.core.libcrypto.LibcryptoDigest;
import org.shangmi.core.libcrypto.LibcryptoHmac;
import org.shangmi.core.libcrypto.LibcryptoSm2;
import org.shangmi.core.libcrypto.LibcryptoSm4;
import org.shangmi.core.util.NativePaths;

/**
 * The system's libcrypto 3.x through JNI, for every JDK from 17: the calls of a
 * {@link LibcryptoBackend}, which holds the library path, the checks and the division of work with
 * the Java engines. libshangmi-jni (built from src/main/c with this module) opens libcrypto at run
 * time, so neither is needed to build or to load the Java classes.
 */
public final class JniBackend extends LibcryptoBackend {

    /** The backend's name. */
    public static final String NAME = "jni";

    /** Does nothing: {@link #load} does the work. */
    public JniBackend() {
        super(NAME, "shangmi-openssl-jni");
    }

    @Override
    protected Library open(String path) throws BackendUnavailableException {
        try {
            NativeLibrary.load();
        } catch (IllegalStateException | IllegalArgumentException | UnsatisfiedLinkError e) {
            throw new BackendUnavailableException("libshangmi-jni cannot load: " + e.getMessage(), e);
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
            throw notFound("cannot open libcrypto (" + library + ": " + failure + ")", path, null);
        }
        // the dynamic linker knows a file named by the property by its descriptor's name
        String file = path == null ? NativeCrypto.libraryFile() : library;
        return new Library(file != null ? file : library, NativeCrypto.versionNumber(), NativeCrypto.versionText());
    }

    @Override
    protected LibcryptoDigest.Calls<?> fetchSm3() {
        return new JniDigest(NativeCrypto.mdFetch("SM3"));
    }

    @Override
    protected LibcryptoHmac.Calls<?> fetchHmac(String digest, int macLength) {
        return new JniHmac(NativeCrypto.macFetch("HMAC"), digest);
    }

    @Override
    protected LibcryptoSm2<?> newSm2(Sm2Engine java) {
        return new JniSm2(java);
    }

    @Override
    protected LibcryptoSm4.Calls<?> fetchSm4(CipherMode mode) {
        try {
            return new JniSm4(NativeCrypto.cipherFetch("SM4-" + mode));
        } catch (JniException e) {
            return null; // absent from this libcrypto
        }
    }
}
