package org.shangmi.openssl.ffm;

import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.libcrypto.LibcryptoSm2;
import org.shangmi.openssl.ffm.LibCrypto.PkeyOperation;

/**
 * SM2 through libcrypto's EVP_PKEY over FFM: the C calls of {@link LibcryptoSm2}, which holds the
 * checks, the conversions between DER and raw layouts, and what libcrypto 3.0 cannot do. Each
 * operation makes its own EVP_PKEY_CTX, which holds a reference to the key.
 */
final class FfmSm2 extends LibcryptoSm2<EvpPkey> {

    private final EvpPkey.Importer importer = new EvpPkey.Importer();

    /** {@code java} derives public keys from private ones and handles empty messages. */
    FfmSm2(Sm2Engine java) {
        super(java);
    }

    @Override
    protected EvpPkey importPrivate(byte[] d, boolean kept) {
        return importer.sm2Private(d, kept);
    }

    @Override
    protected EvpPkey importPublic(byte[] xy, boolean kept) {
        return importer.sm2Public(xy, kept);
    }

    @Override
    protected void free(EvpPkey key) {
        key.close();
    }

    @Override
    protected void generate(byte[] privateKey, byte[] publicKey) {
        try (EvpPkey key = EvpPkey.generate()) {
            key.privateKey(privateKey);
            key.publicKey(publicKey, 0);
        }
    }

    @Override
    protected int signDer(EvpPkey key, byte[] digest, byte[] der) {
        try (EvpPkeyCtx ctx = EvpPkeyCtx.forOperation(key, PkeyOperation.SIGN)) {
            return ctx.transform(PkeyOperation.SIGN, digest, 0, digest.length, der, 0, der.length);
        }
    }

    @Override
    protected boolean verifyDer(EvpPkey key, byte[] der, int length, byte[] digest) {
        try (EvpPkeyCtx ctx = EvpPkeyCtx.forOperation(key, PkeyOperation.VERIFY)) {
            int result = ctx.verify(der, length, digest);
            if (result != 1) {
                OpenSslException.drainErrors(); // an invalid signature leaves reasons behind
            }
            return result == 1;
        }
    }

    @Override
    protected int encryptDer(EvpPkey key, byte[] in, int off, int len, byte[] der) {
        try (EvpPkeyCtx ctx = EvpPkeyCtx.forOperation(key, PkeyOperation.ENCRYPT)) {
            return ctx.transform(PkeyOperation.ENCRYPT, in, off, len, der, 0, der.length);
        }
    }

    @Override
    protected int decryptDer(EvpPkey key, byte[] der, int length, byte[] out, int outOff, int capacity) {
        try (EvpPkeyCtx ctx = EvpPkeyCtx.forOperation(key, PkeyOperation.DECRYPT)) {
            return ctx.transform(PkeyOperation.DECRYPT, der, 0, length, out, outOff, capacity);
        } catch (OpenSslException e) {
            return -1; // a point off the curve or a C3 that does not match: not an error of ours, just no plaintext
        }
    }
}
