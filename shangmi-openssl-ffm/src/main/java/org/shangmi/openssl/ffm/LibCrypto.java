package org.shangmi.openssl.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.shangmi.core.libcrypto.LibcryptoBackend;
import org.shangmi.core.util.NativePaths;

/**
 * The only class that names C functions: libcrypto 3.x, bound through {@link Linker}. Each
 * function has one {@code static final} handle, with its C signature beside it, in a holder class
 * of its own, so that it is bound on its first call: binding costs milliseconds per function,
 * and a JVM that never signs never pays for the signing functions. The holders are grouped by section: core, digests, MACs, ciphers, public keys.
 *
 * <p>Calls that take Java arrays use {@link Linker.Option#critical(boolean) critical} handles,
 * which pass heap memory without copying and hold off GC safepoints while they run: callers keep
 * such calls short (at most {@link #heapChunk} bytes of an array). Every wrapper returns what C
 * returns; checking it is the caller's job ({@link OpenSslException#check}).
 */
final class LibCrypto {

    /**
     * {@code array[off..off+len)} in place, for a critical call: the engines of
     * {@link org.shangmi.core.libcrypto} hand C at most {@link LibcryptoBackend#CHUNK} bytes at once.
     *
     * @throws IndexOutOfBoundsException if the range is not in the array
     * @throws IllegalArgumentException if it is longer than a chunk
     */
    static MemorySegment heapChunk(byte[] array, int off, int len) {
        Objects.checkFromIndexSize(off, len, array.length);
        if (len > LibcryptoBackend.CHUNK) {
            throw new IllegalArgumentException(len + " bytes for one critical call, over " + LibcryptoBackend.CHUNK);
        }
        return MemorySegment.ofArray(array).asSlice(off, len);
    }

    /** OpenSSL_version() selectors. */
    static final int OPENSSL_VERSION = 0;

    /** OSSL_PARAM data types. */
    static final int OSSL_PARAM_UNSIGNED_INTEGER = 2;
    static final int OSSL_PARAM_UTF8_STRING = 4;
    static final int OSSL_PARAM_OCTET_STRING = 5;

    /** EVP_PKEY_fromdata() selections: EVP_PKEY_PRIVATE_KEY and EVP_PKEY_PUBLIC_KEY of evp.h. */
    static final int EVP_PKEY_PRIVATE_KEY = 0x85;
    static final int EVP_PKEY_PUBLIC_KEY = 0x86;

    private static final Linker LINKER = Linker.nativeLinker();
    private static volatile SymbolLookup library;
    private static volatile String libraryName;

    private LibCrypto() {
    }

    /**
     * Opens libcrypto: the file at {@code path} if given, else the platform's soname for 3.x
     * found by the dynamic linker. Idempotent once it succeeded.
     *
     * @throws IllegalArgumentException if the library cannot be opened (the message says where it looked)
     */
    static synchronized void open(String path) {
        if (library != null) {
            return;
        }
        List<String> candidates = new ArrayList<>();
        if (path != null && !path.isBlank()) {
            candidates.add(path);
        } else {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            if (os.contains("mac")) {
                candidates.add("libcrypto.3.dylib");
            } else if (os.contains("windows")) {
                candidates.add("libcrypto-3-x64.dll");
            } else {
                candidates.add("libcrypto.so.3");
            }
        }
        List<String> failures = new ArrayList<>();
        for (String candidate : candidates) {
            try {
                // a checked file by its open descriptor's name (/proc/self/fd/N): the String form
                // hands the name to dlopen as is, where the Path form would resolve it to the path
                library = candidate.equals(path)
                        ? SymbolLookup.libraryLookup(NativePaths.trusted(candidate).loadName(), Arena.global())
                        : SymbolLookup.libraryLookup(candidate, Arena.global());
                libraryName = candidate;
                return;
            } catch (IllegalArgumentException e) {
                failures.add(candidate + ": " + e.getMessage());
            }
        }
        throw new IllegalArgumentException("cannot open libcrypto (" + String.join("; ", failures) + ")");
    }

    /** The name or path the library was opened by. */
    static String libraryName() {
        return libraryName;
    }

    private static MethodHandle bind(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        SymbolLookup lookup = library;
        if (lookup == null) {
            throw new IllegalStateException("libcrypto is not open");
        }
        MemorySegment symbol = lookup.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libcrypto has no function " + name));
        return LINKER.downcallHandle(symbol, descriptor, options);
    }

    private static MethodHandle critical(String name, FunctionDescriptor descriptor) {
        return bind(name, descriptor, Linker.Option.critical(true));
    }

    /** Wraps what a handle can throw (nothing but errors, for these signatures). */
    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    // ---------------------------------------------------------------- core: version, errors

    private static final class CoreVersionNum {
        // unsigned long OpenSSL_version_num(void)
        static final MethodHandle HANDLE = bind("OpenSSL_version_num", FunctionDescriptor.of(JAVA_LONG));
    }

    private static final class CoreVersion {
        // const char *OpenSSL_version(int t)
        static final MethodHandle HANDLE = bind("OpenSSL_version", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    }

    private static final class CoreErrGetError {
        // unsigned long ERR_get_error(void)
        static final MethodHandle HANDLE = bind("ERR_get_error", FunctionDescriptor.of(JAVA_LONG));
    }

    private static final class CoreErrErrorStringN {
        // void ERR_error_string_n(unsigned long e, char *buf, size_t len)
        static final MethodHandle HANDLE = critical("ERR_error_string_n",
                FunctionDescriptor.ofVoid(JAVA_LONG, ADDRESS, JAVA_LONG));
    }

    private static final class CoreErrClearError {
        // void ERR_clear_error(void)
        static final MethodHandle HANDLE = bind("ERR_clear_error", FunctionDescriptor.ofVoid());
    }

    static long openSslVersionNum() {
        try {
            return (long) CoreVersionNum.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String openSslVersion(int type) {
        try {
            MemorySegment text = (MemorySegment) CoreVersion.HANDLE.invokeExact(type);
            return text.equals(MemorySegment.NULL) ? "" : text.reinterpret(4096).getString(0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long errGetError() {
        try {
            return (long) CoreErrGetError.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void errErrorStringN(long error, byte[] buffer) {
        try {
            CoreErrErrorStringN.HANDLE.invokeExact(error, MemorySegment.ofArray(buffer), (long) buffer.length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void errClearError() {
        try {
            CoreErrClearError.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---------------------------------------------------------------- message digests

    private static final class MdFetch {
        // EVP_MD *EVP_MD_fetch(OSSL_LIB_CTX *ctx, const char *algorithm, const char *properties)
        static final MethodHandle HANDLE = bind("EVP_MD_fetch", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    private static final class MdFree {
        // void EVP_MD_free(EVP_MD *md)
        static final MethodHandle HANDLE = bind("EVP_MD_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class MdGetSize {
        // int EVP_MD_get_size(const EVP_MD *md)
        static final MethodHandle HANDLE = bind("EVP_MD_get_size", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static final class MdCtxNew {
        // EVP_MD_CTX *EVP_MD_CTX_new(void)
        static final MethodHandle HANDLE = bind("EVP_MD_CTX_new", FunctionDescriptor.of(ADDRESS));
    }

    private static final class MdCtxFree {
        // void EVP_MD_CTX_free(EVP_MD_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_MD_CTX_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class MdCtxCopy {
        // int EVP_MD_CTX_copy_ex(EVP_MD_CTX *out, const EVP_MD_CTX *in)
        static final MethodHandle HANDLE = bind("EVP_MD_CTX_copy_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    private static final class MdInit {
        // int EVP_DigestInit_ex2(EVP_MD_CTX *ctx, const EVP_MD *type, const OSSL_PARAM params[])
        static final MethodHandle HANDLE = bind("EVP_DigestInit_ex2",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    }

    private static final class MdUpdate {
        // int EVP_DigestUpdate(EVP_MD_CTX *ctx, const void *d, size_t cnt)
        static final MethodHandle HANDLE = critical("EVP_DigestUpdate",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    }

    private static final class MdFinal {
        // int EVP_DigestFinal_ex(EVP_MD_CTX *ctx, unsigned char *md, unsigned int *s)
        static final MethodHandle HANDLE = critical("EVP_DigestFinal_ex",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    }

    static MemorySegment evpMdFetch(MemorySegment name) {
        try {
            return (MemorySegment) MdFetch.HANDLE.invokeExact(MemorySegment.NULL, name, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void evpMdFree(MemorySegment md) {
        try {
            MdFree.HANDLE.invokeExact(md);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int evpMdGetSize(MemorySegment md) {
        try {
            return (int) MdGetSize.HANDLE.invokeExact(md);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment evpMdCtxNew() {
        try {
            return (MemorySegment) MdCtxNew.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void evpMdCtxFree(MemorySegment ctx) {
        try {
            MdCtxFree.HANDLE.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int evpMdCtxCopyEx(MemorySegment out, MemorySegment in) {
        try {
            return (int) MdCtxCopy.HANDLE.invokeExact(out, in);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int evpDigestInitEx2(MemorySegment ctx, MemorySegment md) {
        try {
            return (int) MdInit.HANDLE.invokeExact(ctx, md, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code data} may be a heap segment (the handle is critical); at most {@link LibcryptoBackend#CHUNK} bytes. */
    static int evpDigestUpdate(MemorySegment ctx, MemorySegment data, long length) {
        try {
            return (int) MdUpdate.HANDLE.invokeExact(ctx, data, length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code out} may be a heap segment; the length is not reported back. */
    static int evpDigestFinalEx(MemorySegment ctx, MemorySegment out) {
        try {
            return (int) MdFinal.HANDLE.invokeExact(ctx, out, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---------------------------------------------------------------- MACs

    private static final class MacFetch {
        // EVP_MAC *EVP_MAC_fetch(OSSL_LIB_CTX *libctx, const char *algorithm, const char *properties)
        static final MethodHandle HANDLE = bind("EVP_MAC_fetch", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    private static final class MacFree {
        // void EVP_MAC_free(EVP_MAC *mac)
        static final MethodHandle HANDLE = bind("EVP_MAC_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class MacCtxNew {
        // EVP_MAC_CTX *EVP_MAC_CTX_new(EVP_MAC *mac)
        static final MethodHandle HANDLE = bind("EVP_MAC_CTX_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    private static final class MacCtxFree {
        // void EVP_MAC_CTX_free(EVP_MAC_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_MAC_CTX_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class MacCtxDup {
        // EVP_MAC_CTX *EVP_MAC_CTX_dup(const EVP_MAC_CTX *src)
        static final MethodHandle HANDLE = bind("EVP_MAC_CTX_dup", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    private static final class MacInit {
        // int EVP_MAC_init(EVP_MAC_CTX *ctx, const unsigned char *key, size_t keylen, const OSSL_PARAM params[])
        static final MethodHandle HANDLE = critical("EVP_MAC_init",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    }

    private static final class MacUpdate {
        // int EVP_MAC_update(EVP_MAC_CTX *ctx, const unsigned char *data, size_t datalen)
        static final MethodHandle HANDLE = critical("EVP_MAC_update",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    }

    private static final class MacFinal {
        // int EVP_MAC_final(EVP_MAC_CTX *ctx, unsigned char *out, size_t *outl, size_t outsize)
        static final MethodHandle HANDLE = critical("EVP_MAC_final",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    }

    static MemorySegment evpMacFetch(MemorySegment name) {
        try {
            return (MemorySegment) MacFetch.HANDLE.invokeExact(MemorySegment.NULL, name, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void evpMacFree(MemorySegment mac) {
        try {
            MacFree.HANDLE.invokeExact(mac);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment evpMacCtxNew(MemorySegment mac) {
        try {
            return (MemorySegment) MacCtxNew.HANDLE.invokeExact(mac);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void evpMacCtxFree(MemorySegment ctx) {
        try {
            MacCtxFree.HANDLE.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment evpMacCtxDup(MemorySegment ctx) {
        try {
            return (MemorySegment) MacCtxDup.HANDLE.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code key} may be a heap segment; a NULL key re-initialises with the key already set. The
     * params array must be native memory (OpenSSL keeps no pointer into it after the call).
     */
    static int evpMacInit(MemorySegment ctx, MemorySegment key, long keyLength, MemorySegment params) {
        try {
            return (int) MacInit.HANDLE.invokeExact(ctx, key, keyLength, params);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int evpMacUpdate(MemorySegment ctx, MemorySegment data, long length) {
        try {
            return (int) MacUpdate.HANDLE.invokeExact(ctx, data, length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code out} and {@code outLength} (one size_t) may be heap segments. */
    static int evpMacFinal(MemorySegment ctx, MemorySegment out, MemorySegment outLength, long outSize) {
        try {
            return (int) MacFinal.HANDLE.invokeExact(ctx, out, outLength, outSize);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---------------------------------------------------------------- ciphers

    private static final class CipherFetch {
        // EVP_CIPHER *EVP_CIPHER_fetch(OSSL_LIB_CTX *ctx, const char *algorithm, const char *properties)
        static final MethodHandle HANDLE = bind("EVP_CIPHER_fetch",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    private static final class CipherFree {
        // void EVP_CIPHER_free(EVP_CIPHER *cipher)
        static final MethodHandle HANDLE = bind("EVP_CIPHER_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class CipherCtxNew {
        // EVP_CIPHER_CTX *EVP_CIPHER_CTX_new(void)
        static final MethodHandle HANDLE = bind("EVP_CIPHER_CTX_new", FunctionDescriptor.of(ADDRESS));
    }

    private static final class CipherCtxFree {
        // void EVP_CIPHER_CTX_free(EVP_CIPHER_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_CIPHER_CTX_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class CipherInit {
        // int EVP_CipherInit_ex2(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *type, const unsigned char *key,
        //                        const unsigned char *iv, int enc, const OSSL_PARAM params[])
        static final MethodHandle HANDLE = critical("EVP_CipherInit_ex2",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
    }

    private static final class CipherSetPadding {
        // int EVP_CIPHER_CTX_set_padding(EVP_CIPHER_CTX *ctx, int padding)
        static final MethodHandle HANDLE = bind("EVP_CIPHER_CTX_set_padding",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    }

    private static final class CipherUpdate {
        // int EVP_CipherUpdate(EVP_CIPHER_CTX *ctx, unsigned char *out, int *outl, const unsigned char *in, int inl)
        static final MethodHandle HANDLE = critical("EVP_CipherUpdate",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
    }

    static MemorySegment evpCipherFetch(MemorySegment name) {
        try {
            return (MemorySegment) CipherFetch.HANDLE.invokeExact(MemorySegment.NULL, name, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void evpCipherFree(MemorySegment cipher) {
        try {
            CipherFree.HANDLE.invokeExact(cipher);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment evpCipherCtxNew() {
        try {
            return (MemorySegment) CipherCtxNew.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void evpCipherCtxFree(MemorySegment ctx) {
        try {
            CipherCtxFree.HANDLE.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code key} and {@code iv} may be heap segments or NULL (keep the current one). */
    static int evpCipherInitEx2(MemorySegment ctx, MemorySegment cipher, MemorySegment key, MemorySegment iv, int encrypt) {
        try {
            return (int) CipherInit.HANDLE.invokeExact(ctx, cipher, key, iv, encrypt, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int evpCipherCtxSetPadding(MemorySegment ctx, int padding) {
        try {
            return (int) CipherSetPadding.HANDLE.invokeExact(ctx, padding);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code out}, {@code outLength} (one int) and {@code in} may be heap segments. */
    static int evpCipherUpdate(MemorySegment ctx, MemorySegment out, MemorySegment outLength, MemorySegment in, int inLength) {
        try {
            return (int) CipherUpdate.HANDLE.invokeExact(ctx, out, outLength, in, inLength);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---------------------------------------------------------------- public keys (SM2)

    private static final class PkeyCtxNewFromName {
        // EVP_PKEY_CTX *EVP_PKEY_CTX_new_from_name(OSSL_LIB_CTX *libctx, const char *name, const char *propquery)
        static final MethodHandle HANDLE = bind("EVP_PKEY_CTX_new_from_name",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    private static final class PkeyCtxNewFromPkey {
        // EVP_PKEY_CTX *EVP_PKEY_CTX_new_from_pkey(OSSL_LIB_CTX *libctx, EVP_PKEY *pkey, const char *propquery)
        static final MethodHandle HANDLE = bind("EVP_PKEY_CTX_new_from_pkey",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    private static final class PkeyCtxFree {
        // void EVP_PKEY_CTX_free(EVP_PKEY_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_PKEY_CTX_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class PkeyCtxSetParams {
        // int EVP_PKEY_CTX_set_params(EVP_PKEY_CTX *ctx, const OSSL_PARAM *params)
        static final MethodHandle HANDLE = bind("EVP_PKEY_CTX_set_params",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    private static final class PkeyFree {
        // void EVP_PKEY_free(EVP_PKEY *pkey)
        static final MethodHandle HANDLE = bind("EVP_PKEY_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class PkeyFromdataInit {
        // int EVP_PKEY_fromdata_init(EVP_PKEY_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_PKEY_fromdata_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static final class PkeyFromdata {
        // int EVP_PKEY_fromdata(EVP_PKEY_CTX *ctx, EVP_PKEY **ppkey, int selection, OSSL_PARAM params[])
        static final MethodHandle HANDLE = critical("EVP_PKEY_fromdata",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
    }

    private static final class PkeyKeygenInit {
        // int EVP_PKEY_keygen_init(EVP_PKEY_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_PKEY_keygen_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static final class PkeyGenerate {
        // int EVP_PKEY_generate(EVP_PKEY_CTX *ctx, EVP_PKEY **ppkey)
        static final MethodHandle HANDLE = bind("EVP_PKEY_generate", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    private static final class PkeyGetBnParam {
        // int EVP_PKEY_get_bn_param(const EVP_PKEY *pkey, const char *key_name, BIGNUM **bn)
        static final MethodHandle HANDLE = bind("EVP_PKEY_get_bn_param",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    }

    private static final class PkeyGetOctetStringParam {
        // int EVP_PKEY_get_octet_string_param(const EVP_PKEY *pkey, const char *key_name, unsigned char *buf,
        //                                     size_t max_buf_sz, size_t *out_len)
        static final MethodHandle HANDLE = critical("EVP_PKEY_get_octet_string_param",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    }

    private static final class PkeyBnBn2binpad {
        // int BN_bn2binpad(const BIGNUM *a, unsigned char *to, int tolen)
        static final MethodHandle HANDLE = critical("BN_bn2binpad",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    }

    private static final class PkeyBnClearFree {
        // void BN_clear_free(BIGNUM *a)
        static final MethodHandle HANDLE = bind("BN_clear_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class PkeySignInit {
        // int EVP_PKEY_sign_init(EVP_PKEY_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_PKEY_sign_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static final class PkeyVerifyInit {
        // int EVP_PKEY_verify_init(EVP_PKEY_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_PKEY_verify_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static final class PkeyEncryptInit {
        // int EVP_PKEY_encrypt_init(EVP_PKEY_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_PKEY_encrypt_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static final class PkeyDecryptInit {
        // int EVP_PKEY_decrypt_init(EVP_PKEY_CTX *ctx)
        static final MethodHandle HANDLE = bind("EVP_PKEY_decrypt_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static final class PkeySign {
        // int EVP_PKEY_sign(EVP_PKEY_CTX *ctx, unsigned char *sig, size_t *siglen, const unsigned char *tbs, size_t tbslen)
        // not critical: it draws on OpenSSL's random generator, which may block
        static final MethodHandle HANDLE = bind("EVP_PKEY_sign",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    }

    private static final class PkeyEncrypt {
        // int EVP_PKEY_encrypt(EVP_PKEY_CTX *ctx, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen)
        // not critical: the message has any length, and it draws on OpenSSL's random generator
        static final MethodHandle HANDLE = bind("EVP_PKEY_encrypt",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    }

    private static final class PkeyDecrypt {
        // int EVP_PKEY_decrypt(EVP_PKEY_CTX *ctx, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen)
        // not critical: the ciphertext has any length
        static final MethodHandle HANDLE = bind("EVP_PKEY_decrypt",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    }

    private static final class PkeyVerify {
        // int EVP_PKEY_verify(EVP_PKEY_CTX *ctx, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen)
        static final MethodHandle HANDLE = critical("EVP_PKEY_verify",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
    }

    static MemorySegment evpPkeyCtxNewFromName(MemorySegment name) {
        try {
            return (MemorySegment) PkeyCtxNewFromName.HANDLE.invokeExact(MemorySegment.NULL, name, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment evpPkeyCtxNewFromPkey(MemorySegment pkey) {
        try {
            return (MemorySegment) PkeyCtxNewFromPkey.HANDLE.invokeExact(MemorySegment.NULL, pkey, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void evpPkeyCtxFree(MemorySegment ctx) {
        try {
            PkeyCtxFree.HANDLE.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int evpPkeyCtxSetParams(MemorySegment ctx, MemorySegment params) {
        try {
            return (int) PkeyCtxSetParams.HANDLE.invokeExact(ctx, params);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void evpPkeyFree(MemorySegment pkey) {
        try {
            PkeyFree.HANDLE.invokeExact(pkey);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int evpPkeyFromdataInit(MemorySegment ctx) {
        try {
            return (int) PkeyFromdataInit.HANDLE.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code result} (one pointer) may be a heap segment; {@code params} is native memory. */
    static int evpPkeyFromdata(MemorySegment ctx, MemorySegment result, int selection, MemorySegment params) {
        try {
            return (int) PkeyFromdata.HANDLE.invokeExact(ctx, result, selection, params);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int evpPkeyKeygenInit(MemorySegment ctx) {
        try {
            return (int) PkeyKeygenInit.HANDLE.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code result} is native memory for one pointer. */
    static int evpPkeyGenerate(MemorySegment ctx, MemorySegment result) {
        try {
            return (int) PkeyGenerate.HANDLE.invokeExact(ctx, result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code result} is native memory for one pointer; the BIGNUM it receives is the caller's to free. */
    static int evpPkeyGetBnParam(MemorySegment pkey, MemorySegment name, MemorySegment result) {
        try {
            return (int) PkeyGetBnParam.HANDLE.invokeExact(pkey, name, result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code buffer} and {@code length} (one size_t) may be heap segments; {@code name} is native. */
    static int evpPkeyGetOctetStringParam(MemorySegment pkey, MemorySegment name, MemorySegment buffer, long capacity,
            MemorySegment length) {
        try {
            return (int) PkeyGetOctetStringParam.HANDLE.invokeExact(pkey, name, buffer, capacity, length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code out} may be a heap segment of {@code length} bytes. */
    static int bnBn2binpad(MemorySegment bn, MemorySegment out, int length) {
        try {
            return (int) PkeyBnBn2binpad.HANDLE.invokeExact(bn, out, length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void bnClearFree(MemorySegment bn) {
        try {
            PkeyBnClearFree.HANDLE.invokeExact(bn);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The EVP_PKEY_*_init of an operation: sign, verify, encrypt or decrypt. */
    static int evpPkeyOperationInit(PkeyOperation operation, MemorySegment ctx) {
        try {
            return switch (operation) {
                case SIGN -> (int) PkeySignInit.HANDLE.invokeExact(ctx);
                case VERIFY -> (int) PkeyVerifyInit.HANDLE.invokeExact(ctx);
                case ENCRYPT -> (int) PkeyEncryptInit.HANDLE.invokeExact(ctx);
                case DECRYPT -> (int) PkeyDecryptInit.HANDLE.invokeExact(ctx);
            };
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The operations over one EVP_PKEY_CTX, with the names of their C functions (for messages). */
    enum PkeyOperation {
        SIGN("EVP_PKEY_sign"), VERIFY("EVP_PKEY_verify"), ENCRYPT("EVP_PKEY_encrypt"), DECRYPT("EVP_PKEY_decrypt");

        private final String function;

        PkeyOperation(String function) {
            this.function = function;
        }

        String function() {
            return function;
        }

        String initFunction() {
            return function + "_init";
        }
    }

    /**
     * EVP_PKEY_sign, EVP_PKEY_encrypt or EVP_PKEY_decrypt: all write {@code out} (capacity in
     * {@code outLength}, one size_t, which receives the length written) from {@code in}. Not
     * critical calls, so every segment is in native memory.
     */
    static int evpPkeyTransform(PkeyOperation operation, MemorySegment ctx, MemorySegment out, MemorySegment outLength,
            MemorySegment in, long inLength) {
        try {
            return switch (operation) {
                case SIGN -> (int) PkeySign.HANDLE.invokeExact(ctx, out, outLength, in, inLength);
                case ENCRYPT -> (int) PkeyEncrypt.HANDLE.invokeExact(ctx, out, outLength, in, inLength);
                case DECRYPT -> (int) PkeyDecrypt.HANDLE.invokeExact(ctx, out, outLength, in, inLength);
                case VERIFY -> throw new IllegalArgumentException("verify writes nothing");
            };
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Returns 1 for a valid signature, 0 for an invalid one, less for an error. Segments may be on the heap. */
    static int evpPkeyVerify(MemorySegment ctx, MemorySegment signature, long signatureLength, MemorySegment digest,
            long digestLength) {
        try {
            return (int) PkeyVerify.HANDLE.invokeExact(ctx, signature, signatureLength, digest, digestLength);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
