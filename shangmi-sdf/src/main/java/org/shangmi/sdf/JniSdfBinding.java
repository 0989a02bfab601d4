package org.shangmi.sdf;

/**
 * The JNI binding (JDK 17 and later): libshangmi-sdf-jni opens the vendor library with dlopen and
 * calls its functions; see {@link SdfBinding} for the contract and the C file for the copies.
 */
final class JniSdfBinding implements SdfBinding {

    /** The C table of the library's functions, kept for the life of the process (the library is never closed). */
    private final long functions;

    JniSdfBinding(String loadName) {
        BundledLibrary.load();
        this.functions = open(loadName);
    }

    @Override
    public String name() {
        return "JNI";
    }

    @Override
    public boolean exports(String name) {
        return exports(functions, name);
    }

    @Override
    public int openDevice(long[] device) {
        return openDevice(functions, device);
    }

    @Override
    public int closeDevice(long device) {
        return closeDevice(functions, device);
    }

    @Override
    public int openSession(long device, long[] session) {
        return openSession(functions, device, session);
    }

    @Override
    public int closeSession(long session) {
        return closeSession(functions, session);
    }

    @Override
    public int getDeviceInfo(long session, byte[] info) {
        return getDeviceInfo(functions, session, info);
    }

    @Override
    public int generateRandom(long session, byte[] out, int length) {
        return generateRandom(functions, session, out, length);
    }

    @Override
    public int getPrivateKeyAccessRight(long session, int index, byte[] password) {
        return getPrivateKeyAccessRight(functions, session, index, password);
    }

    @Override
    public int releasePrivateKeyAccessRight(long session, int index) {
        return releasePrivateKeyAccessRight(functions, session, index);
    }

    @Override
    public int exportSignPublicKeyEcc(long session, int index, byte[] publicKey) {
        return exportSignPublicKeyEcc(functions, session, index, publicKey);
    }

    @Override
    public int exportEncPublicKeyEcc(long session, int index, byte[] publicKey) {
        return exportEncPublicKeyEcc(functions, session, index, publicKey);
    }

    @Override
    public int internalSignEcc(long session, int index, byte[] digest, byte[] signature) {
        return internalSignEcc(functions, session, index, digest, signature);
    }

    @Override
    public int internalDecryptEcc(long session, int index, int algorithm, byte[] cipher, byte[] out, int[] outLength) {
        return internalDecryptEcc(functions, session, index, algorithm, cipher, out, outLength);
    }

    @Override
    public int generateKeyWithKek(long session, int bits, int algorithm, int kekIndex, byte[] wrapped, int[] wrappedLength,
            long[] key) {
        return generateKeyWithKek(functions, session, bits, algorithm, kekIndex, wrapped, wrappedLength, key);
    }

    @Override
    public int importKeyWithKek(long session, int algorithm, int kekIndex, byte[] wrapped, long[] key) {
        return importKeyWithKek(functions, session, algorithm, kekIndex, wrapped, key);
    }

    @Override
    public int importKeyWithIskEcc(long session, int index, byte[] cipher, long[] key) {
        return importKeyWithIskEcc(functions, session, index, cipher, key);
    }

    @Override
    public int destroyKey(long session, long key) {
        return destroyKey(functions, session, key);
    }

    @Override
    public int cipher(boolean encrypt, long session, long key, int algorithm, byte[] iv, byte[] in, int inOff, int length,
            byte[] out, int outOff, int[] outLength) {
        return cipher(functions, encrypt, session, key, algorithm, iv, in, inOff, length, out, outOff, outLength);
    }

    @Override
    public int calculateMac(long session, long key, int algorithm, byte[] iv, byte[] in, int inOff, int length, byte[] mac,
            int[] macLength) {
        return calculateMac(functions, session, key, algorithm, iv, in, inOff, length, mac, macLength);
    }

    @Override
    public int createFile(long session, byte[] name, int size) {
        return createFile(functions, session, name, size);
    }

    @Override
    public int readFile(long session, byte[] name, int offset, int[] length, byte[] buffer) {
        return readFile(functions, session, name, offset, length, buffer);
    }

    @Override
    public int writeFile(long session, byte[] name, int offset, byte[] data) {
        return writeFile(functions, session, name, offset, data);
    }

    @Override
    public int deleteFile(long session, byte[] name) {
        return deleteFile(functions, session, name);
    }

    private static native long open(String loadName);

    private static native boolean exports(long functions, String name);

    private static native int openDevice(long functions, long[] device);

    private static native int closeDevice(long functions, long device);

    private static native int openSession(long functions, long device, long[] session);

    private static native int closeSession(long functions, long session);

    private static native int getDeviceInfo(long functions, long session, byte[] info);

    private static native int generateRandom(long functions, long session, byte[] out, int length);

    private static native int getPrivateKeyAccessRight(long functions, long session, int index, byte[] password);

    private static native int releasePrivateKeyAccessRight(long functions, long session, int index);

    private static native int exportSignPublicKeyEcc(long functions, long session, int index, byte[] publicKey);

    private static native int exportEncPublicKeyEcc(long functions, long session, int index, byte[] publicKey);

    private static native int internalSignEcc(long functions, long session, int index, byte[] digest, byte[] signature);

    private static native int internalDecryptEcc(long functions, long session, int index, int algorithm, byte[] cipher,
            byte[] out, int[] outLength);

    private static native int generateKeyWithKek(long functions, long session, int bits, int algorithm, int kekIndex,
            byte[] wrapped, int[] wrappedLength, long[] key);

    private static native int importKeyWithKek(long functions, long session, int algorithm, int kekIndex, byte[] wrapped,
            long[] key);

    private static native int importKeyWithIskEcc(long functions, long session, int index, byte[] cipher, long[] key);

    private static native int destroyKey(long functions, long session, long key);

    private static native int cipher(long functions, boolean encrypt, long session, long key, int algorithm, byte[] iv,
            byte[] in, int inOff, int length, byte[] out, int outOff, int[] outLength);

    private static native int calculateMac(long functions, long session, long key, int algorithm, byte[] iv, byte[] in,
            int inOff, int length, byte[] mac, int[] macLength);

    private static native int createFile(long functions, long session, byte[] name, int size);

    private static native int readFile(long functions, long session, byte[] name, int offset, int[] length, byte[] buffer);

    private static native int writeFile(long functions, long session, byte[] name, int offset, byte[] data);

    private static native int deleteFile(long functions, long session, byte[] name);
}
