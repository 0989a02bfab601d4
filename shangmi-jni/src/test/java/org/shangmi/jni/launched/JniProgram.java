package org.shangmi.jni.launched;

import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.jni.JniBackend;

/**
 * Every native call of the JNI backend, for JniCheckTest to run under -Xcheck:jni; prints "ok",
 * or the reason the backend is unavailable.
 */
public final class JniProgram {

    private JniProgram() {
    }

    public static void main(String[] args) throws Exception {
        JniBackend backend = new JniBackend();
        try {
            backend.load();
        } catch (BackendUnavailableException e) {
            System.out.println(e.getMessage());
            return;
        }
        byte[] out = new byte[32];
        for (int size : new int[] {0, 1, 64, 100_000}) {
            DigestEngine sm3 = backend.newDigest(Algorithm.SM3);
            byte[] message = new byte[size];
            sm3.update(message, 0, size);
            sm3.update((byte) 1);
            DigestEngine copy = sm3.copy();
            copy.digest(out, 0);
            sm3.reset();
            sm3.digest(out, 0);
        }
        try {
            backend.newSm2();
        } catch (UnsupportedOperationException expected) {
            // not offered yet
        }
        System.out.println("ok");
    }
}
