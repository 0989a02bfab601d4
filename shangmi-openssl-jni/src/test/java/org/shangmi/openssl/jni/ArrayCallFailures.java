package org.shangmi.openssl.jni;

/**
 * Native calls whose JNI array access fails (arrays shorter than the C side reads or writes; the
 * Java engines never pass such ones), for JniProgram to run under -Xcheck:jni: each must end in
 * the JVM's ArrayIndexOutOfBoundsException, with no further JNI call while it is pending (which
 * -Xcheck:jni reports) and without C using the buffer that the failed call did not fill.
 */
public final class ArrayCallFailures {

    private ArrayCallFailures() {
    }

    /** Runs each call; throws AssertionError if one ends otherwise. Needs the library loaded (JniBackend.load). */
    public static void run() {
        long md = NativeCrypto.mdFetch("SM3");
        long mdCtx = NativeCrypto.mdCtxNew(md);
        expectOutOfBounds("mdFinal", () -> NativeCrypto.mdFinal(mdCtx, md, new byte[16], 0));
        NativeCrypto.mdCtxFree(mdCtx);

        long macCtx = NativeCrypto.macCtxNew(NativeCrypto.macFetch("HMAC"));
        expectOutOfBounds("macInit", () -> NativeCrypto.macInit(macCtx, new byte[4], 2, 8, "SM3"));
        NativeCrypto.macInit(macCtx, new byte[16], 0, 16, "SM3");
        expectOutOfBounds("macFinal", () -> NativeCrypto.macFinal(macCtx, new byte[16], 0, 32));
        NativeCrypto.macCtxFree(macCtx);

        long cipher = NativeCrypto.cipherFetch("SM4-CBC");
        expectOutOfBounds("cipherCtxNew", () -> NativeCrypto.cipherCtxNew(cipher, true, new byte[8], new byte[16]));
        long cipherCtx = NativeCrypto.cipherCtxNew(cipher, true, new byte[16], new byte[16]);
        expectOutOfBounds("cipherRestart", () -> NativeCrypto.cipherRestart(cipherCtx, true, new byte[8]));
        NativeCrypto.cipherCtxFree(cipherCtx);

        expectOutOfBounds("pkeyGenerate", () -> NativeCrypto.pkeyGenerate(new byte[8], new byte[64]));
        byte[] one = new byte[32];
        one[31] = 1;
        expectOutOfBounds("pkeyPrivate", () -> NativeCrypto.pkeyPrivate(new byte[8]));
        long pkey = NativeCrypto.pkeyPrivate(one);
        expectOutOfBounds("pkeySign", () -> NativeCrypto.pkeySign(pkey, new byte[8], new byte[72]));
        expectOutOfBounds("pkeyVerify", () -> NativeCrypto.pkeyVerify(pkey, new byte[72], 72, new byte[8]));
        expectOutOfBounds("pkeyDecrypt", () -> NativeCrypto.pkeyDecrypt(pkey, new byte[8], 100, new byte[8], 0, 8));
        NativeCrypto.pkeyFree(pkey);
    }

    private static void expectOutOfBounds(String call, Runnable nativeCall) {
        try {
            nativeCall.run();
        } catch (ArrayIndexOutOfBoundsException expected) {
            if (NativeCrypto.pendingError() != 0) {
                throw new AssertionError(call + " left OpenSSL's error queue non-empty");
            }
            return;
        } catch (RuntimeException e) {
            throw new AssertionError(call + " threw " + e, e);
        }
        throw new AssertionError(call + " returned instead of throwing ArrayIndexOutOfBoundsException");
    }
}
