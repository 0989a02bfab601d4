package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.MacSpi;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.sm4.Cmac;

/**
 * {@code Mac} "SM4-CMAC" (NIST SP 800-38B over SM4, no parameters) and "SM4-GMAC" (GCM's tag
 * over the message as additional data, with the nonce as {@code IvParameterSpec} or
 * {@code GCMParameterSpec}), as Bouncy Castle names them, on the SM4 block of the backend serving
 * SM4 (GMAC on the GCM engine). 16-byte tags.
 *
 * <p>GMAC takes a fresh nonce per message: a second message under the same key and nonce would
 * give the hash key away, so after {@code doFinal} the Mac refuses more input until {@code init}
 * names a new nonce, where other Macs start over with the same key.
 */
final class Sm4MacSpi extends MacSpi {

    private static final int KEY_BYTES = 16;
    private static final int TAG_BYTES = 16;

    private final BackendService backend;
    private final boolean gmac;
    private final String name;
    private CipherEngine block;
    private Cmac cmac;
    private AeadEngine gcm;
    private boolean spent;
    /** GMAC's nonce, kept for a reset before any tag left: that message starts over under it. */
    private byte[] nonce;

    Sm4MacSpi(BackendService backend, boolean gmac) {
        this.backend = backend;
        this.gmac = gmac;
        this.name = gmac ? "SM4-GMAC" : "SM4-CMAC";
    }

    @Override
    protected int engineGetMacLength() {
        return TAG_BYTES;
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params) throws InvalidKeyException, InvalidAlgorithmParameterException {
        byte[] nonce = null;
        if (gmac) {
            if (params instanceof IvParameterSpec iv) {
                nonce = iv.getIV();
            } else if (params instanceof GCMParameterSpec spec && spec.getTLen() == 8 * TAG_BYTES) {
                nonce = spec.getIV();
            } else {
                throw new InvalidAlgorithmParameterException(name + " takes its nonce as an IvParameterSpec (or a "
                        + "GCMParameterSpec with a 128-bit tag)");
            }
            if (nonce.length == 0) {
                throw new InvalidAlgorithmParameterException(name + " needs a nonce of at least 1 byte (12 is usual)");
            }
        } else if (params != null) {
            throw new InvalidAlgorithmParameterException(name + " takes no parameters, got " + params.getClass().getName());
        }
        byte[] raw = Sm4CipherSpi.rawKey(key);
        try {
            destroyEngines();
            if (gmac) {
                gcm = backend.newSm4Gcm(raw, nonce, TAG_BYTES);
                this.nonce = nonce.clone();
            } else {
                block = backend.newSm4(CipherMode.ECB, true, raw, null);
                CipherEngine engine = block;
                cmac = new Cmac((in, inOff, out, outOff) -> engine.update(in, inOff, 16, out, outOff));
            }
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
        spent = false;
    }

    @Override
    protected void engineUpdate(byte input) {
        engineUpdate(new byte[] {input}, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        Ranges.check(input, offset, len);
        checkReady();
        if (gmac) {
            gcm.updateAad(input, offset, len);
        } else {
            cmac.update(input, offset, len);
        }
    }

    @Override
    protected byte[] engineDoFinal() {
        checkReady();
        byte[] tag = new byte[TAG_BYTES];
        if (gmac) {
            gcm.finishEncryption(tag, 0);
            spent = true;
        } else {
            cmac.doFinal(tag, 0);
        }
        return tag;
    }

    @Override
    protected void engineReset() {
        if (cmac != null) {
            cmac.reset();
        }
        // GMAC: before doFinal no tag has left under the nonce, so the message may start over
        // under it; after doFinal only a new init (a new nonce) starts one
        if (gmac && gcm != null && !spent) {
            gcm.reset(nonce.clone());
        }
    }

    private void checkReady() {
        if (gmac ? gcm == null : cmac == null) {
            throw new IllegalStateException(name + " is not initialised");
        }
        if (spent) {
            throw new IllegalStateException(name + " needs a new nonce for each message: call init again with one");
        }
    }

    private void destroyEngines() {
        if (cmac != null) {
            cmac.destroy();
            cmac = null;
        }
        if (block != null) {
            block.destroy();
            block = null;
        }
        if (gcm != null) {
            gcm.destroy();
            gcm = null;
        }
    }
}
