package org.shangmi.sdf;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The FFM binding (JDK 22 and later): one downcall handle per C function of one vendor library,
 * made when the library is opened (the library is per configuration, so the handles are this
 * object's, not static). Each call copies its arrays into memory of a confined arena, calls, copies
 * the outputs back and zeros the arena's memory before it is freed. See {@link SdfBinding}.
 */
final class FfmSdfBinding implements SdfBinding {

    private static final Linker LINKER = Linker.nativeLinker();

    private final SymbolLookup library;
    private final MethodHandle openDevice;
    private final MethodHandle closeDevice;
    private final MethodHandle openSession;
    private final MethodHandle closeSession;
    private final MethodHandle getDeviceInfo;
    private final MethodHandle generateRandom;
    private final MethodHandle getPrivateKeyAccessRight;
    private final MethodHandle releasePrivateKeyAccessRight;
    private final MethodHandle exportSignPublicKeyEcc;
    private final MethodHandle exportEncPublicKeyEcc;
    private final MethodHandle internalSignEcc;
    private final MethodHandle internalDecryptEcc;
    private final MethodHandle generateKeyWithKek;
    private final MethodHandle importKeyWithKek;
    private final MethodHandle importKeyWithIskEcc;
    private final MethodHandle destroyKey;
    private final MethodHandle encrypt;
    private final MethodHandle decrypt;
    private final MethodHandle calculateMac;
    private final MethodHandle createFile;
    private final MethodHandle readFile;
    private final MethodHandle writeFile;
    private final MethodHandle deleteFile;

    FfmSdfBinding(String loadName) {
        // the library stays mapped for the life of the process: handles made from it may be held anywhere
        library = SymbolLookup.libraryLookup(loadName, Arena.global());
        // int SDF_OpenDevice(void **phDeviceHandle)
        openDevice = find("OpenDevice", ADDRESS);
        // int SDF_CloseDevice(void *hDeviceHandle)
        closeDevice = find("CloseDevice", ADDRESS);
        // int SDF_OpenSession(void *hDeviceHandle, void **phSessionHandle)
        openSession = find("OpenSession", ADDRESS, ADDRESS);
        // int SDF_CloseSession(void *hSessionHandle)
        closeSession = find("CloseSession", ADDRESS);
        // int SDF_GetDeviceInfo(void *hSessionHandle, DEVICEINFO *pstDeviceInfo)
        getDeviceInfo = find("GetDeviceInfo", ADDRESS, ADDRESS);
        // int SDF_GenerateRandom(void *hSessionHandle, unsigned int uiLength, unsigned char *pucRandom)
        generateRandom = find("GenerateRandom", ADDRESS, JAVA_INT, ADDRESS);
        // int SDF_GetPrivateKeyAccessRight(void *hSessionHandle, unsigned int uiKeyIndex, unsigned char *pucPassword, unsigned int uiPwdLength)
        getPrivateKeyAccessRight = find("GetPrivateKeyAccessRight", ADDRESS, JAVA_INT, ADDRESS, JAVA_INT);
        // int SDF_ReleasePrivateKeyAccessRight(void *hSessionHandle, unsigned int uiKeyIndex)
        releasePrivateKeyAccessRight = find("ReleasePrivateKeyAccessRight", ADDRESS, JAVA_INT);
        // int SDF_ExportSignPublicKey_ECC(void *hSessionHandle, unsigned int uiKeyIndex, ECCrefPublicKey *pucPublicKey)
        exportSignPublicKeyEcc = find("ExportSignPublicKey_ECC", ADDRESS, JAVA_INT, ADDRESS);
        // int SDF_ExportEncPublicKey_ECC(void *hSessionHandle, unsigned int uiKeyIndex, ECCrefPublicKey *pucPublicKey)
        exportEncPublicKeyEcc = find("ExportEncPublicKey_ECC", ADDRESS, JAVA_INT, ADDRESS);
        // int SDF_InternalSign_ECC(void *hSessionHandle, unsigned int uiISKIndex, unsigned char *pucData, unsigned int uiDataLength, ECCSignature *pucSignature)
        internalSignEcc = find("InternalSign_ECC", ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS);
        // int SDF_InternalDecrypt_ECC(void *hSessionHandle, unsigned int uiISKIndex, unsigned int uiAlgID, ECCCipher *pucEncData, unsigned char *pucData, unsigned int *puiDataLength)
        internalDecryptEcc = find("InternalDecrypt_ECC", ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
        // int SDF_GenerateKeyWithKEK(void *hSessionHandle, unsigned int uiKeyBits, unsigned int uiAlgID, unsigned int uiKEKIndex, unsigned char *pucKey, unsigned int *puiKeyLength, void **phKeyHandle)
        generateKeyWithKek = find("GenerateKeyWithKEK", ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
        // int SDF_ImportKeyWithKEK(void *hSessionHandle, unsigned int uiAlgID, unsigned int uiKEKIndex, unsigned char *pucKey, unsigned int puiKeyLength, void **phKeyHandle)
        importKeyWithKek = find("ImportKeyWithKEK", ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS);
        // int SDF_ImportKeyWithISK_ECC(void *hSessionHandle, unsigned int uiISKIndex, ECCCipher *pucKey, void **phKeyHandle)
        importKeyWithIskEcc = find("ImportKeyWithISK_ECC", ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
        // int SDF_DestroyKey(void *hSessionHandle, void *hKeyHandle)
        destroyKey = find("DestroyKey", ADDRESS, ADDRESS);
        // int SDF_Encrypt(void *hSessionHandle, void *hKeyHandle, unsigned int uiAlgID, unsigned char *pucIV, unsigned char *pucData, unsigned int uiDataLength, unsigned char *pucEncData, unsigned int *puiEncDataLength)
        encrypt = find("Encrypt", ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
        // int SDF_Decrypt(the same)
        decrypt = find("Decrypt", ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
        // int SDF_CalculateMAC(void *hSessionHandle, void *hKeyHandle, unsigned int uiAlgID, unsigned char *pucIV, unsigned char *pucData, unsigned int uiDataLength, unsigned char *pucMAC, unsigned int *puiMACLength)
        calculateMac = find("CalculateMAC", ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
        // int SDF_CreateFile(void *hSessionHandle, unsigned char *pucFileName, unsigned int uiNameLen, unsigned int uiFileSize)
        createFile = find("CreateFile", ADDRESS, ADDRESS, JAVA_INT, JAVA_INT);
        // int SDF_ReadFile(void *hSessionHandle, unsigned char *pucFileName, unsigned int uiNameLen, unsigned int uiOffset, unsigned int *puiReadLength, unsigned char *pucBuffer)
        readFile = find("ReadFile", ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS);
        // int SDF_WriteFile(void *hSessionHandle, unsigned char *pucFileName, unsigned int uiNameLen, unsigned int uiOffset, unsigned int uiWriteLength, unsigned char *pucBuffer)
        writeFile = find("WriteFile", ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS);
        // int SDF_DeleteFile(void *hSessionHandle, unsigned char *pucFileName, unsigned int uiNameLen)
        deleteFile = find("DeleteFile", ADDRESS, ADDRESS, JAVA_INT);
    }

    /** The downcall for {@code SDF_name}, or null when the library does not export it. */
    private MethodHandle find(String name, java.lang.foreign.MemoryLayout... arguments) {
        Optional<MemorySegment> symbol = library.find("SDF_" + name);
        return symbol.map(address -> LINKER.downcallHandle(address, FunctionDescriptor.of(JAVA_INT, arguments))).orElse(null);
    }

    @Override
    public String name() {
        return "FFM";
    }

    @Override
    public boolean exports(String name) {
        return library.find("SDF_" + name).isPresent();
    }

    /** Calls a handle that takes and returns what its C function does; a missing function is SDR_NOTSUPPORT. */
    private static int call(MethodHandle handle, Object... arguments) {
        if (handle == null) {
            return SdfError.SDR_NOTSUPPORT.code;
        }
        try {
            return (int) handle.invokeWithArguments(arguments);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static MemorySegment handle(long value) {
        return MemorySegment.ofAddress(value);
    }

    /** A copy of {@code bytes[off..off+len)} in the arena (at least one byte, so that no pointer is NULL). */
    private static MemorySegment in(Arena arena, byte[] bytes, int off, int len) {
        if (len < 0 || off < 0 || (bytes != null && off > bytes.length - len)) {
            throw new IllegalArgumentException("a buffer range out of bounds");
        }
        MemorySegment segment = arena.allocate(Math.max(len, 1));
        if (bytes != null && len > 0) {
            MemorySegment.copy(bytes, off, segment, JAVA_BYTE, 0, len);
        }
        return segment;
    }

    private static MemorySegment in(Arena arena, byte[] bytes) {
        return in(arena, bytes, 0, bytes == null ? 0 : bytes.length);
    }

    private static void out(MemorySegment segment, byte[] bytes, int off, int len) {
        if (bytes != null && len > 0) {
            MemorySegment.copy(segment, JAVA_BYTE, 0, bytes, off, len);
        }
    }

    /** An arena whose memory is zeroed before it is freed: it may hold passwords, keys' wraps, plaintexts. */
    private static final class WipingArena implements Arena {
        private final Arena arena = Arena.ofConfined();
        private final java.util.List<MemorySegment> segments = new java.util.ArrayList<>();

        @Override
        public MemorySegment allocate(long byteSize, long byteAlignment) {
            MemorySegment segment = arena.allocate(byteSize, byteAlignment);
            segments.add(segment);
            return segment;
        }

        @Override
        public MemorySegment.Scope scope() {
            return arena.scope();
        }

        @Override
        public void close() {
            for (MemorySegment segment : segments) {
                segment.fill((byte) 0);
            }
            arena.close();
        }
    }

    private static long[] pointerOut(MemorySegment slot, long[] into) {
        into[0] = slot.get(ADDRESS, 0).address();
        return into;
    }

    @Override
    public int openDevice(long[] device) {
        try (Arena arena = new WipingArena()) {
            MemorySegment slot = arena.allocate(ADDRESS);
            int rc = call(openDevice, slot);
            pointerOut(slot, device);
            return rc;
        }
    }

    @Override
    public int closeDevice(long device) {
        return call(closeDevice, handle(device));
    }

    @Override
    public int openSession(long device, long[] session) {
        try (Arena arena = new WipingArena()) {
            MemorySegment slot = arena.allocate(ADDRESS);
            int rc = call(openSession, handle(device), slot);
            pointerOut(slot, session);
            return rc;
        }
    }

    @Override
    public int closeSession(long session) {
        return call(closeSession, handle(session));
    }

    @Override
    public int getDeviceInfo(long session, byte[] info) {
        try (Arena arena = new WipingArena()) {
            MemorySegment out = in(arena, null, 0, info.length);
            int rc = call(getDeviceInfo, handle(session), out);
            out(out, info, 0, info.length);
            return rc;
        }
    }

    @Override
    public int generateRandom(long session, byte[] random, int length) {
        try (Arena arena = new WipingArena()) {
            MemorySegment out = in(arena, null, 0, length);
            int rc = call(generateRandom, handle(session), length, out);
            if (rc == 0) {
                out(out, random, 0, length);
            }
            return rc;
        }
    }

    @Override
    public int getPrivateKeyAccessRight(long session, int index, byte[] password) {
        try (Arena arena = new WipingArena()) {
            return call(getPrivateKeyAccessRight, handle(session), index, in(arena, password), password.length);
        }
    }

    @Override
    public int releasePrivateKeyAccessRight(long session, int index) {
        return call(releasePrivateKeyAccessRight, handle(session), index);
    }

    private static int exportPublicKey(MethodHandle function, long session, int index, byte[] publicKey) {
        try (Arena arena = new WipingArena()) {
            MemorySegment out = in(arena, null, 0, publicKey.length);
            int rc = call(function, handle(session), index, out);
            if (rc == 0) {
                out(out, publicKey, 0, publicKey.length);
            }
            return rc;
        }
    }

    @Override
    public int exportSignPublicKeyEcc(long session, int index, byte[] publicKey) {
        return exportPublicKey(exportSignPublicKeyEcc, session, index, publicKey);
    }

    @Override
    public int exportEncPublicKeyEcc(long session, int index, byte[] publicKey) {
        return exportPublicKey(exportEncPublicKeyEcc, session, index, publicKey);
    }

    @Override
    public int internalSignEcc(long session, int index, byte[] digest, byte[] signature) {
        try (Arena arena = new WipingArena()) {
            MemorySegment out = in(arena, null, 0, signature.length);
            int rc = call(internalSignEcc, handle(session), index, in(arena, digest), digest.length, out);
            if (rc == 0) {
                out(out, signature, 0, signature.length);
            }
            return rc;
        }
    }

    @Override
    public int internalDecryptEcc(long session, int index, int algorithm, byte[] cipher, byte[] plain, int[] plainLength) {
        try (Arena arena = new WipingArena()) {
            MemorySegment out = in(arena, null, 0, plain.length);
            MemorySegment length = arena.allocate(JAVA_INT);
            length.set(JAVA_INT, 0, plain.length);
            int rc = call(internalDecryptEcc, handle(session), index, algorithm, in(arena, cipher), out, length);
            if (rc == 0) {
                int written = length.get(JAVA_INT, 0);
                out(out, plain, 0, Integer.compareUnsigned(written, plain.length) <= 0 ? written : 0);
                plainLength[0] = written;
            }
            return rc;
        }
    }

    @Override
    public int generateKeyWithKek(long session, int bits, int algorithm, int kekIndex, byte[] wrapped, int[] wrappedLength,
            long[] key) {
        try (Arena arena = new WipingArena()) {
            MemorySegment out = in(arena, null, 0, wrapped.length);
            MemorySegment length = arena.allocate(JAVA_INT);
            length.set(JAVA_INT, 0, wrapped.length);
            MemorySegment slot = arena.allocate(ADDRESS);
            int rc = call(generateKeyWithKek, handle(session), bits, algorithm, kekIndex, out, length, slot);
            if (rc == 0) {
                int written = length.get(JAVA_INT, 0);
                out(out, wrapped, 0, Integer.compareUnsigned(written, wrapped.length) <= 0 ? written : 0);
                wrappedLength[0] = written;
                pointerOut(slot, key);
            }
            return rc;
        }
    }

    @Override
    public int importKeyWithKek(long session, int algorithm, int kekIndex, byte[] wrapped, long[] key) {
        try (Arena arena = new WipingArena()) {
            MemorySegment slot = arena.allocate(ADDRESS);
            int rc = call(importKeyWithKek, handle(session), algorithm, kekIndex, in(arena, wrapped), wrapped.length, slot);
            if (rc == 0) {
                pointerOut(slot, key);
            }
            return rc;
        }
    }

    @Override
    public int importKeyWithIskEcc(long session, int index, byte[] cipher, long[] key) {
        try (Arena arena = new WipingArena()) {
            MemorySegment slot = arena.allocate(ADDRESS);
            int rc = call(importKeyWithIskEcc, handle(session), index, in(arena, cipher), slot);
            if (rc == 0) {
                pointerOut(slot, key);
            }
            return rc;
        }
    }

    @Override
    public int destroyKey(long session, long key) {
        return call(destroyKey, handle(session), handle(key));
    }

    @Override
    public int cipher(boolean forward, long session, long key, int algorithm, byte[] iv, byte[] input, int inOff, int length,
            byte[] output, int outOff, int[] outLength) {
        try (Arena arena = new WipingArena()) {
            MemorySegment vector = iv == null ? MemorySegment.NULL : in(arena, iv);
            // room beyond the input for a library that pads: only what fits the input's length is copied back
            MemorySegment out = in(arena, null, 0, Math.addExact(length, 64));
            MemorySegment written = arena.allocate(JAVA_INT);
            written.set(JAVA_INT, 0, length);
            int rc = call(forward ? encrypt : decrypt, handle(session), handle(key), algorithm, vector,
                    in(arena, input, inOff, length), length, out, written);
            if (rc == 0) {
                int count = written.get(JAVA_INT, 0);
                out(out, output, outOff, Integer.compareUnsigned(count, length) <= 0 ? count : 0);
                if (iv != null) {
                    out(vector, iv, 0, iv.length);
                }
                outLength[0] = count;
            }
            return rc;
        }
    }

    @Override
    public int calculateMac(long session, long key, int algorithm, byte[] iv, byte[] input, int inOff, int length, byte[] mac,
            int[] macLength) {
        try (Arena arena = new WipingArena()) {
            MemorySegment vector = iv == null ? MemorySegment.NULL : in(arena, iv);
            // the function takes no capacity: room for the longest MAC (HMAC-SM3, 32 bytes) whatever the caller asked
            MemorySegment out = in(arena, null, 0, Math.max(mac.length, 64));
            MemorySegment written = arena.allocate(JAVA_INT);
            written.set(JAVA_INT, 0, mac.length);
            int rc = call(calculateMac, handle(session), handle(key), algorithm, vector, in(arena, input, inOff, length), length,
                    out, written);
            if (rc == 0) {
                int count = written.get(JAVA_INT, 0);
                out(out, mac, 0, Integer.compareUnsigned(count, mac.length) <= 0 ? count : 0);
                if (iv != null) {
                    out(vector, iv, 0, iv.length);
                }
                macLength[0] = count;
            }
            return rc;
        }
    }

    @Override
    public int createFile(long session, byte[] name, int size) {
        try (Arena arena = new WipingArena()) {
            return call(createFile, handle(session), in(arena, name), name.length, size);
        }
    }

    @Override
    public int readFile(long session, byte[] name, int offset, int[] length, byte[] buffer) {
        try (Arena arena = new WipingArena()) {
            MemorySegment out = in(arena, null, 0, buffer.length);
            MemorySegment read = arena.allocate(JAVA_INT);
            read.set(JAVA_INT, 0, Integer.compareUnsigned(length[0], buffer.length) <= 0 ? length[0] : buffer.length);
            int rc = call(readFile, handle(session), in(arena, name), name.length, offset, read, out);
            if (rc == 0) {
                int count = read.get(JAVA_INT, 0);
                out(out, buffer, 0, Integer.compareUnsigned(count, buffer.length) <= 0 ? count : 0);
                length[0] = count;
            }
            return rc;
        }
    }

    @Override
    public int writeFile(long session, byte[] name, int offset, byte[] data) {
        try (Arena arena = new WipingArena()) {
            return call(writeFile, handle(session), in(arena, name), name.length, offset, data.length, in(arena, data));
        }
    }

    @Override
    public int deleteFile(long session, byte[] name) {
        try (Arena arena = new WipingArena()) {
            return call(deleteFile, handle(session), in(arena, name), name.length);
        }
    }
}
