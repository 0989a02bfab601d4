package org.shangmi.sdf;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * One session: the owner of its handle, used by one thread at a time (the pool or a key's access
 * hand it out). Each method checks its arguments, allocates every output at the size the C
 * function writes, calls through the device's {@link SdfDevice#enter() entry}, and turns a result
 * code into an {@link SdfException}. A session closed by its device answers
 * {@code IllegalStateException}; no call ever reaches the library with a closed handle.
 */
final class SdfSession implements AutoCloseable {

    /** SGD_SM2_3, SM2 encryption. */
    static final int SGD_SM2_3 = 0x00020800;
    /** The most random bytes asked for in one call (SoftSDF's limit, and a common one). */
    static final int RANDOM_CHUNK = 256;
    /** The longest file name the key store writes (SoftSDF allows 250 bytes). */
    static final int MAX_FILE_NAME = 128;

    private final SdfDevice device;
    private final long handle;
    /** Guarded by the device's entry lock (written under its write lock or by the owner). */
    private volatile boolean open = true;

    SdfSession(SdfDevice device, long handle) {
        this.device = device;
        this.handle = handle;
    }

    SdfDevice device() {
        return device;
    }

    boolean isOpen() {
        return open && !device.isClosed();
    }

    private SdfBinding enter() {
        device.enter();
        if (!open) {
            device.exit();
            throw new IllegalStateException("the SDF session is closed");
        }
        return device.binding;
    }

    /**
     * One call into the library through the device's entry: {@code function} names it in the
     * exception its result code becomes.
     */
    private void call(String function, java.util.function.ToIntFunction<SdfBinding> c) throws SdfException {
        SdfBinding binding = enter();
        int rc;
        try {
            rc = c.applyAsInt(binding);
        } finally {
            device.exit();
        }
        check(function, rc);
    }

    private static void check(String function, int rc) throws SdfException {
        if (rc != SdfError.SDR_OK) {
            throw new SdfException(function, rc);
        }
    }

    /** The DEVICEINFO structure (100 bytes). */
    byte[] deviceInfo() throws SdfException {
        byte[] info = new byte[100];
        call("GetDeviceInfo", binding -> binding.getDeviceInfo(handle, info));
        return info;
    }

    /** Fills {@code out[off..off+len)} with the device's random bytes. */
    void random(byte[] out, int off, int len) throws SdfException {
        Objects.checkFromIndexSize(off, len, out.length);
        byte[] chunk = new byte[Math.min(len, RANDOM_CHUNK)];
        try {
            for (int done = 0; done < len; done += chunk.length) {
                int n = Math.min(chunk.length, len - done);
                call("GenerateRandom", binding -> binding.generateRandom(handle, chunk, n));
                System.arraycopy(chunk, 0, out, off + done, n);
            }
        } finally {
            EccStructs.wipe(chunk);
        }
    }

    /**
     * Grants this session the use of private key pair {@code index}; the password is UTF-8 of the
     * characters, wiped here.
     */
    void grant(int index, char[] password) throws SdfException {
        byte[] bytes = EccStructs.utf8(password);
        try {
            if (bytes.length == 0) {
                // SoftSDF and GM/T 0018's devices refuse an empty password; say so without a call
                throw new SdfException("GetPrivateKeyAccessRight", SdfError.SDR_INARGERR.code);
            }
            call("GetPrivateKeyAccessRight", binding -> binding.getPrivateKeyAccessRight(handle, index, bytes));
        } finally {
            EccStructs.wipe(bytes);
        }
    }

    void release(int index) throws SdfException {
        call("ReleasePrivateKeyAccessRight", binding -> binding.releasePrivateKeyAccessRight(handle, index));
    }

    /** The public key x || y of the signing ({@code sign}) or encryption key pair {@code index}. */
    byte[] exportPublicKey(boolean sign, int index) throws SdfException {
        byte[] struct = new byte[EccStructs.PUBLIC_KEY];
        call(sign ? "ExportSignPublicKey_ECC" : "ExportEncPublicKey_ECC",
                binding -> sign ? binding.exportSignPublicKeyEcc(handle, index, struct) : binding.exportEncPublicKeyEcc(handle, index, struct));
        try {
            return EccStructs.publicKey(struct);
        } catch (EccStructs.SdfFormatException e) {
            throw new SdfException(sign ? "ExportSignPublicKey_ECC" : "ExportEncPublicKey_ECC", SdfError.SDR_OUTARGERR.code, e);
        }
    }

    /** The DER signature of digest {@code e} by signing key {@code index} (this session must hold its right). */
    byte[] sign(int index, byte[] e) throws SdfException {
        if (e.length != EccStructs.DIGEST) {
            throw new IllegalArgumentException("an SM2 digest e is 32 bytes");
        }
        byte[] struct = new byte[EccStructs.SIGNATURE];
        call("InternalSign_ECC", binding -> binding.internalSignEcc(handle, index, e, struct));
        try {
            return EccStructs.signatureDer(struct);
        } catch (EccStructs.SdfFormatException x) {
            throw new SdfException("InternalSign_ECC", SdfError.SDR_OUTARGERR.code, x);
        }
    }

    /**
     * The plaintext of an {@code ECCCipher} (from {@link EccStructs#cipherStruct}) under encryption
     * key {@code index} (this session must hold its right).
     */
    byte[] decrypt(int index, byte[] cipher) throws SdfException {
        EccStructs.checkCipherLength(cipher, EccStructs.MAX_CIPHER_DATA);
        byte[] plain = new byte[EccStructs.MAX_CIPHER_DATA];
        int[] length = {plain.length};
        try {
            call("InternalDecrypt_ECC", binding -> binding.internalDecryptEcc(handle, index, SGD_SM2_3, cipher, plain, length));
            if (length[0] < 0 || length[0] > plain.length) {
                throw new SdfException("InternalDecrypt_ECC", SdfError.SDR_OUTARGERR.code);
            }
            return Arrays.copyOf(plain, length[0]);
        } finally {
            EccStructs.wipe(plain);
        }
    }

    /** SGD_SM4_CBC: SM4 in CBC mode, the algorithm of the KEK wraps and of the session keys' ciphering. */
    static final int SGD_SM4_CBC = 0x00000402;
    /** The longest KEK wrap read back (SoftSDF writes up to 96 bytes for a 512-bit key). */
    static final int MAX_WRAPPED_KEY = 512;
    /** Bytes ciphered per call: a multiple of the block, short enough for any device's buffer. */
    static final int CIPHER_CHUNK = 16 * 1024;

    /**
     * A new SM4 session key of {@code bits}, made in the device and wrapped under KEK
     * {@code kekIndex}; the wrap goes to {@code wrapped[0]}. Returns the key's handle in this session.
     */
    long generateKeyWithKek(int bits, int kekIndex, byte[][] wrapped) throws SdfException {
        byte[] out = new byte[MAX_WRAPPED_KEY];
        int[] length = {out.length};
        long[] key = new long[1];
        call("GenerateKeyWithKEK", binding -> binding.generateKeyWithKek(handle, bits, SGD_SM4_CBC, kekIndex, out, length, key));
        if (length[0] < 1 || length[0] > out.length || key[0] == 0) {
            throw new SdfException("GenerateKeyWithKEK", SdfError.SDR_OUTARGERR.code);
        }
        wrapped[0] = Arrays.copyOf(out, length[0]);
        return key[0];
    }

    /** The handle of the session key wrapped under KEK {@code kekIndex} in {@code wrapped}. */
    long importKeyWithKek(int kekIndex, byte[] wrapped) throws SdfException {
        if (wrapped.length < 1 || wrapped.length > MAX_WRAPPED_KEY) {
            throw new IllegalArgumentException("a wrapped key is 1 to " + MAX_WRAPPED_KEY + " bytes");
        }
        long[] key = new long[1];
        call("ImportKeyWithKEK", binding -> binding.importKeyWithKek(handle, SGD_SM4_CBC, kekIndex, wrapped, key));
        if (key[0] == 0) {
            throw new SdfException("ImportKeyWithKEK", SdfError.SDR_OUTARGERR.code);
        }
        return key[0];
    }

    /**
     * The handle of the session key an SM2 ciphertext ({@code ECCCipher}) to encryption key
     * {@code index} carries; the key is decrypted inside the device (this session holds the right).
     */
    long importKeyWithIsk(int index, byte[] cipher) throws SdfException {
        // a wrapped session key: at most 64 bytes (512 bits), as devices read it
        EccStructs.checkCipherLength(cipher, 64);
        long[] key = new long[1];
        call("ImportKeyWithISK_ECC", binding -> binding.importKeyWithIskEcc(handle, index, cipher, key));
        if (key[0] == 0) {
            throw new SdfException("ImportKeyWithISK_ECC", SdfError.SDR_OUTARGERR.code);
        }
        return key[0];
    }

    /** Destroys a session key of this session; the caller calls it once per handle. */
    void destroyKey(long key) throws SdfException {
        call("DestroyKey", binding -> binding.destroyKey(handle, key));
    }

    /**
     * SM4-CBC of {@code in[off..off+len)} (a multiple of 16 bytes) under session key {@code key},
     * into {@code out[outOff..)}, chaining from {@code iv}, which is left holding the last
     * ciphertext block (set here, whether or not the device updates it).
     */
    void cbc(boolean encrypt, long key, byte[] iv, byte[] in, int off, int len, byte[] out, int outOff) throws SdfException {
        Objects.checkFromIndexSize(off, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        if (len % 16 != 0 || iv.length != 16) {
            throw new IllegalArgumentException("SM4-CBC ciphers whole 16-byte blocks from a 16-byte IV");
        }
        int[] written = new int[1];
        byte[] chain = new byte[16];
        for (int done = 0; done < len; done += CIPHER_CHUNK) {
            int n = Math.min(CIPHER_CHUNK, len - done);
            // the next IV: the chunk's last ciphertext block, read before a decryption in place overwrites it
            if (!encrypt) {
                System.arraycopy(in, off + done + n - 16, chain, 0, 16);
            }
            byte[] vector = iv.clone();
            int from = off + done;
            int to = outOff + done;
            call(encrypt ? "Encrypt" : "Decrypt",
                    binding -> binding.cipher(encrypt, handle, key, SGD_SM4_CBC, vector, in, from, n, out, to, written));
            if (written[0] != n) {
                throw new SdfException(encrypt ? "Encrypt" : "Decrypt", SdfError.SDR_OUTARGERR.code);
            }
            if (encrypt) {
                System.arraycopy(out, outOff + done + n - 16, chain, 0, 16);
            }
            System.arraycopy(chain, 0, iv, 0, 16);
        }
    }

    /** SGD_SM4_MAC: the CBC-MAC of SM4. */
    static final int SGD_SM4_MAC = 0x00000410;

    /**
     * Chains {@code in[off..off+len)} (whole 16-byte blocks) through SM4-CBC-MAC under session key
     * {@code key} from {@code chain}, which is left holding the last chaining block, the MAC of
     * what was given (set here, from the MAC the device returns, whether or not it updates the IV).
     */
    void cbcMac(long key, byte[] chain, byte[] in, int off, int len) throws SdfException {
        Objects.checkFromIndexSize(off, len, in.length);
        if (len == 0 || len % 16 != 0 || chain.length != 16) {
            throw new IllegalArgumentException("SM4-CBC-MAC chains whole 16-byte blocks, at least one, from a 16-byte IV");
        }
        int[] written = new int[1];
        byte[] mac = new byte[16];
        for (int done = 0; done < len; done += CIPHER_CHUNK) {
            int n = Math.min(CIPHER_CHUNK, len - done);
            byte[] vector = chain.clone();
            int from = off + done;
            call("CalculateMAC", binding -> binding.calculateMac(handle, key, SGD_SM4_MAC, vector, in, from, n, mac, written));
            if (written[0] != 16) {
                throw new SdfException("CalculateMAC", SdfError.SDR_OUTARGERR.code);
            }
            System.arraycopy(mac, 0, chain, 0, 16);
            Arrays.fill(vector, (byte) 0);
        }
        Arrays.fill(mac, (byte) 0);
    }

    /** The bytes of a file in the device's file area, up to {@code max}; null if it cannot be read. */
    byte[] readFile(String name, int max) throws SdfException {
        byte[] file = fileName(name);
        byte[] buffer = new byte[max];
        int[] length = {max};
        call("ReadFile", binding -> binding.readFile(handle, file, 0, length, buffer));
        if (length[0] < 0 || length[0] > max) {
            throw new SdfException("ReadFile", SdfError.SDR_OUTARGERR.code);
        }
        return Arrays.copyOf(buffer, length[0]);
    }

    /** Replaces a file of the device's file area with {@code data}. */
    void writeFile(String name, byte[] data) throws SdfException {
        byte[] file = fileName(name);
        SdfBinding binding = enter();
        try {
            int created = binding.createFile(handle, file, data.length);
            if (created == SdfError.SDR_FILEEXISTS.code) {
                check("DeleteFile", binding.deleteFile(handle, file));
                created = binding.createFile(handle, file, data.length);
            }
            check("CreateFile", created);
            check("WriteFile", binding.writeFile(handle, file, 0, data));
        } finally {
            device.exit();
        }
    }

    void deleteFile(String name) throws SdfException {
        byte[] file = fileName(name);
        call("DeleteFile", binding -> binding.deleteFile(handle, file));
    }

    private static byte[] fileName(String name) {
        byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length == 0 || bytes.length > MAX_FILE_NAME || !name.matches("[A-Za-z0-9._-]+") || name.startsWith(".")) {
            throw new IllegalArgumentException("a device file name is 1 to " + MAX_FILE_NAME + " letters, digits, '.', '_' or '-'");
        }
        return bytes;
    }

    /** Closes the session; idempotent. */
    @Override
    public void close() {
        try {
            device.enter();
        } catch (IllegalStateException closedDevice) {
            open = false; // the device closed it
            return;
        }
        try {
            if (!open) {
                return;
            }
            open = false;
            device.binding.closeSession(handle);
        } finally {
            device.exit();
        }
        device.forget(this);
    }

    /** Closes the session while the device closes (its write lock held): no call can be under way. */
    void closeUnderDevice() {
        if (open) {
            open = false;
            device.binding.closeSession(handle);
        }
    }
}
