package org.shangmi.bench.binding;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The FFM API (java.lang.foreign). With {@code critical}, the Java arrays go to C in place as heap
 * segments ({@code Linker.Option.critical(true)}: no copy, the collector held off for the call);
 * without, they are copied through native buffers allocated once, around ordinary calls.
 */
final class FfmBinding implements NativeBinding {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final ValueLayout ADDRESS = ValueLayout.ADDRESS;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;

    private final boolean critical;
    private final MethodHandle versionNum;
    private final MethodHandle digest;
    private final MethodHandle keyPairFunction;
    private final MethodHandle sealFunction;
    private final MethodHandle openFunction;
    private final MemorySegment sm3;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment input;
    private final MemorySegment output;
    private final MemorySegment publicKeyBuffer;
    private final MemorySegment secretKeyBuffer;

    FfmBinding(boolean critical) {
        this.critical = critical;
        SymbolLookup crypto = SymbolLookup.libraryLookup(LIBCRYPTO, Arena.global());
        SymbolLookup sodium = SymbolLookup.libraryLookup(LIBSODIUM, Arena.global());
        Linker.Option[] options = critical ? new Linker.Option[] {Linker.Option.critical(true)} : new Linker.Option[0];
        versionNum = LINKER.downcallHandle(crypto.findOrThrow("OpenSSL_version_num"), FunctionDescriptor.of(LONG));
        MethodHandle fetch = LINKER.downcallHandle(crypto.findOrThrow("EVP_MD_fetch"),
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        digest = LINKER.downcallHandle(crypto.findOrThrow("EVP_Digest"),
                FunctionDescriptor.of(INT, ADDRESS, LONG, ADDRESS, ADDRESS, ADDRESS, ADDRESS), options);
        MethodHandle init = LINKER.downcallHandle(sodium.findOrThrow("sodium_init"), FunctionDescriptor.of(INT));
        keyPairFunction = LINKER.downcallHandle(sodium.findOrThrow("crypto_box_keypair"),
                FunctionDescriptor.of(INT, ADDRESS, ADDRESS), options);
        sealFunction = LINKER.downcallHandle(sodium.findOrThrow("crypto_box_seal"),
                FunctionDescriptor.of(INT, ADDRESS, ADDRESS, LONG, ADDRESS), options);
        openFunction = LINKER.downcallHandle(sodium.findOrThrow("crypto_box_seal_open"),
                FunctionDescriptor.of(INT, ADDRESS, ADDRESS, LONG, ADDRESS, ADDRESS), options);
        input = arena.allocate(MAX_MESSAGE + SEAL_OVERHEAD);
        output = arena.allocate(MAX_MESSAGE + SEAL_OVERHEAD);
        publicKeyBuffer = arena.allocate(KEY_BYTES);
        secretKeyBuffer = arena.allocate(KEY_BYTES);
        try {
            sm3 = (MemorySegment) fetch.invokeExact(MemorySegment.NULL, arena.allocateFrom("SM3"), MemorySegment.NULL);
            if (sm3.equals(MemorySegment.NULL) || (int) init.invokeExact() < 0) {
                throw new IllegalStateException("EVP_MD_fetch(SM3) or sodium_init failed");
            }
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    @Override
    public String name() {
        return critical ? "FFM-critical" : "FFM-copying";
    }

    @Override
    public long versionNumber() {
        try {
            return (long) versionNum.invokeExact();
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    @Override
    public void sm3(byte[] in, int length, byte[] out) {
        NativeBinding.checkSm3(in, length, out);
        int result;
        try {
            if (critical) {
                result = (int) digest.invokeExact(MemorySegment.ofArray(in), (long) length, MemorySegment.ofArray(out),
                        MemorySegment.NULL, sm3, MemorySegment.NULL);
            } else {
                MemorySegment.copy(in, 0, input, ValueLayout.JAVA_BYTE, 0, length);
                result = (int) digest.invokeExact(input, (long) length, output, MemorySegment.NULL, sm3, MemorySegment.NULL);
                MemorySegment.copy(output, ValueLayout.JAVA_BYTE, 0, out, 0, DIGEST_BYTES);
            }
        } catch (Throwable e) {
            throw rethrow(e);
        }
        if (result != 1) {
            throw new IllegalStateException("EVP_Digest failed");
        }
    }

    @Override
    public void keyPair(byte[] publicKey, byte[] secretKey) {
        if (publicKey.length < KEY_BYTES || secretKey.length < KEY_BYTES) {
            throw new IllegalArgumentException("keys are 32 bytes");
        }
        int result;
        try {
            result = (int) keyPairFunction.invokeExact(publicKeyBuffer, secretKeyBuffer);
        } catch (Throwable e) {
            throw rethrow(e);
        }
        MemorySegment.copy(publicKeyBuffer, ValueLayout.JAVA_BYTE, 0, publicKey, 0, KEY_BYTES);
        MemorySegment.copy(secretKeyBuffer, ValueLayout.JAVA_BYTE, 0, secretKey, 0, KEY_BYTES);
        if (result != 0) {
            throw new IllegalStateException("crypto_box_keypair failed");
        }
    }

    @Override
    public void seal(byte[] ciphertext, byte[] message, int length, byte[] publicKey) {
        NativeBinding.checkSeal(ciphertext, message, length, publicKey);
        int result;
        try {
            if (critical) {
                result = (int) sealFunction.invokeExact(MemorySegment.ofArray(ciphertext), MemorySegment.ofArray(message),
                        (long) length, MemorySegment.ofArray(publicKey));
            } else {
                MemorySegment.copy(message, 0, input, ValueLayout.JAVA_BYTE, 0, length);
                MemorySegment.copy(publicKey, 0, publicKeyBuffer, ValueLayout.JAVA_BYTE, 0, KEY_BYTES);
                result = (int) sealFunction.invokeExact(output, input, (long) length, publicKeyBuffer);
                MemorySegment.copy(output, ValueLayout.JAVA_BYTE, 0, ciphertext, 0, length + SEAL_OVERHEAD);
            }
        } catch (Throwable e) {
            throw rethrow(e);
        }
        if (result != 0) {
            throw new IllegalStateException("crypto_box_seal failed");
        }
    }

    @Override
    public boolean open(byte[] message, byte[] ciphertext, int length, byte[] publicKey, byte[] secretKey) {
        NativeBinding.checkOpen(message, ciphertext, length, publicKey, secretKey);
        try {
            if (critical) {
                return (int) openFunction.invokeExact(MemorySegment.ofArray(message), MemorySegment.ofArray(ciphertext),
                        (long) length, MemorySegment.ofArray(publicKey), MemorySegment.ofArray(secretKey)) == 0;
            }
            MemorySegment.copy(ciphertext, 0, input, ValueLayout.JAVA_BYTE, 0, length);
            MemorySegment.copy(publicKey, 0, publicKeyBuffer, ValueLayout.JAVA_BYTE, 0, KEY_BYTES);
            MemorySegment.copy(secretKey, 0, secretKeyBuffer, ValueLayout.JAVA_BYTE, 0, KEY_BYTES);
            boolean opened = (int) openFunction.invokeExact(output, input, (long) length, publicKeyBuffer, secretKeyBuffer) == 0;
            MemorySegment.copy(output, ValueLayout.JAVA_BYTE, 0, message, 0, length - SEAL_OVERHEAD);
            secretKeyBuffer.fill((byte) 0);
            return opened;
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    @Override
    public void close() {
        secretKeyBuffer.fill((byte) 0);
        arena.close();
    }

    private static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(e);
    }
}
