package org.shangmi.sdf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import org.shangmi.core.sm2.Sm2Curve;
import org.shangmi.core.sm2.Sm2Point;
import org.shangmi.core.util.Der;

/**
 * The packed C structures of GM/T 0018 for 256-bit SM2, as bytes: {@code ECCrefPublicKey} (bits,
 * x[64], y[64]), {@code ECCSignature} (r[64], s[64]) and {@code ECCCipher} (x[64], y[64], M[32],
 * L, C[L]), with {@code ECCref_MAX_LEN} 64 and {@code #pragma pack(1)}. Each 256-bit value is
 * big-endian and right-aligned in its 64-byte field (the upper 32 bytes zero); the 32-bit fields
 * are in the machine's byte order. Works on public data and on ciphertexts only.
 */
final class EccStructs {

    static final int FIELD = 64;
    static final int COORDINATE = 32;
    static final int PUBLIC_KEY = 4 + 2 * FIELD;
    static final int SIGNATURE = 2 * FIELD;
    /** x, y, M and L before C. */
    static final int CIPHER_HEADER = 2 * FIELD + 32 + 4;
    /** The largest C2 the header's {@code ECCCipher} holds (C[1] followed by C_[254]). */
    static final int MAX_CIPHER_DATA = 255;
    /** The whole declared structure: every writer fills this much, whatever L is. */
    static final int CIPHER = CIPHER_HEADER + MAX_CIPHER_DATA;
    static final int DIGEST = 32;
    static final int BITS = 256;
    /** The unsigned int fields, in the machine's byte order. */
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private EccStructs() {
    }

    /** The affine x || y (64 bytes) of an {@code ECCrefPublicKey}, refusing other sizes and non-zero padding. */
    static byte[] publicKey(byte[] struct) throws SdfFormatException {
        if (struct.length != PUBLIC_KEY || (int) INT.get(struct, 0) != BITS) {
            throw new SdfFormatException("the device's public key is not a 256-bit ECCrefPublicKey");
        }
        byte[] xy = new byte[2 * COORDINATE];
        right(struct, 4, xy, 0, "x");
        right(struct, 4 + FIELD, xy, COORDINATE, "y");
        return xy;
    }

    /** The {@code ECCrefPublicKey} of an affine x || y. */
    static byte[] publicKeyStruct(byte[] xy) {
        byte[] struct = new byte[PUBLIC_KEY];
        INT.set(struct, 0, BITS);
        System.arraycopy(xy, 0, struct, 4 + FIELD - COORDINATE, COORDINATE);
        System.arraycopy(xy, COORDINATE, struct, 4 + 2 * FIELD - COORDINATE, COORDINATE);
        return struct;
    }

    /** DER {@code SEQUENCE {INTEGER r, INTEGER s}} of an {@code ECCSignature}. */
    static byte[] signatureDer(byte[] struct) throws SdfFormatException {
        byte[] r = new byte[COORDINATE];
        byte[] s = new byte[COORDINATE];
        right(struct, 0, r, 0, "r");
        right(struct, FIELD, s, 0, "s");
        int content = Der.headerLength(Der.unsignedIntegerContentLength(r, 0, COORDINATE))
                + Der.unsignedIntegerContentLength(r, 0, COORDINATE)
                + Der.headerLength(Der.unsignedIntegerContentLength(s, 0, COORDINATE))
                + Der.unsignedIntegerContentLength(s, 0, COORDINATE);
        byte[] der = new byte[Der.headerLength(content) + content];
        int pos = Der.putHeader(der, 0, Der.SEQUENCE, content);
        pos = Der.putUnsignedInteger(der, pos, r, 0, COORDINATE);
        Der.putUnsignedInteger(der, pos, s, 0, COORDINATE);
        return der;
    }

    /**
     * The {@code ECCCipher} of a raw SM2 ciphertext C1 || C3 || C2 (C1 uncompressed, 04 || x || y),
     * padded with zeros to the whole declared structure.
     *
     * @throws BadPaddingException if C2 is empty or longer than the structure holds, or C1 is not
     *         a point of the curve (checked here: a device need not, and an invalid point would make
     *         its decryption an oracle on the key)
     */
    static byte[] cipherStruct(byte[] raw) throws BadPaddingException {
        int c2 = raw.length - (1 + 2 * COORDINATE) - DIGEST;
        if (c2 < 1 || c2 > MAX_CIPHER_DATA || raw[0] != 4) {
            throw new BadPaddingException("a device's ECCCipher holds 1 to " + MAX_CIPHER_DATA
                    + " bytes of plaintext; this ciphertext holds " + Math.max(c2, 0));
        }
        if (!new Sm2Curve().fromAffine(new Sm2Point(), raw, 1)) {
            throw new BadPaddingException("C1 of the ciphertext is not a point of the curve");
        }
        byte[] struct = new byte[CIPHER];
        System.arraycopy(raw, 1, struct, FIELD - COORDINATE, COORDINATE);
        System.arraycopy(raw, 1 + COORDINATE, struct, 2 * FIELD - COORDINATE, COORDINATE);
        System.arraycopy(raw, 1 + 2 * COORDINATE, struct, 2 * FIELD, DIGEST);
        INT.set(struct, 2 * FIELD + DIGEST, c2);
        System.arraycopy(raw, 1 + 2 * COORDINATE + DIGEST, struct, CIPHER_HEADER, c2);
        return struct;
    }

    /** The value right-aligned in a 64-byte field at {@code off}, into {@code out[outOff..+32)}; the upper half must be zero. */
    private static void right(byte[] struct, int off, byte[] out, int outOff, String name) throws SdfFormatException {
        int upper = 0;
        for (int i = 0; i < FIELD - COORDINATE; i++) {
            upper |= struct[off + i];
        }
        if (upper != 0) {
            throw new SdfFormatException("the device wrote a " + name + " wider than 256 bits");
        }
        System.arraycopy(struct, off + FIELD - COORDINATE, out, outOff, COORDINATE);
    }

    /** A 32-bit field of a structure, in the machine's byte order. */
    static int intAt(byte[] struct, int off) {
        return (int) INT.get(struct, off);
    }

    /** Offset of L, the length of C2, in an {@code ECCCipher}. */
    static final int CIPHER_LENGTH_FIELD = 2 * FIELD + DIGEST;

    /** Refuses an {@code ECCCipher} whose L is not 1 to {@code max}: the device copies L bytes. */
    static void checkCipherLength(byte[] struct, int max) {
        if (struct.length != CIPHER) {
            throw new IllegalArgumentException("an ECCCipher is " + CIPHER + " bytes");
        }
        int length = intAt(struct, CIPHER_LENGTH_FIELD);
        if (length < 1 || length > max) {
            throw new IllegalArgumentException("an ECCCipher's L is 1 to " + max + ", not " + length);
        }
    }

    /**
     * The UTF-8 bytes of a password, encoded into one array of the largest size needed (so that
     * no outgrown copy is left behind); the caller wipes them.
     */
    static byte[] utf8(char[] password) {
        java.nio.charset.CharsetEncoder encoder = java.nio.charset.StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE);
        byte[] room = new byte[3 * password.length];
        java.nio.ByteBuffer out = java.nio.ByteBuffer.wrap(room);
        encoder.encode(java.nio.CharBuffer.wrap(password), out, true);
        encoder.flush(out);
        byte[] bytes = Arrays.copyOf(room, out.position());
        Arrays.fill(room, (byte) 0);
        return bytes;
    }

    /** Zeros a buffer that held secret or private bytes. */
    static void wipe(byte[] bytes) {
        if (bytes != null) {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /** A structure the device wrote that does not have the layout this provider reads. */
    static final class SdfFormatException extends java.security.GeneralSecurityException {
        private static final long serialVersionUID = 1L;

        SdfFormatException(String message) {
            super(message);
        }
    }
}
