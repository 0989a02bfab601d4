package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.MacSpi;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEParameterSpec;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.hash.Pkcs12Kdf;
import org.shangmi.core.sm3.Sm3;

/**
 * {@code Mac} "HmacPBESM3": HMAC-SM3 keyed from a password, salt and iteration count by the
 * PKCS#12 key derivation over SM3 (RFC 7292, appendix B). It is the integrity MAC of PKCS#12
 * files written with OpenSSL's {@code -macalg SM3}, under the name the JDK's PKCS12 keystore asks
 * for ({@code "HmacPBE"} and the digest's name), as SunJCE's {@code HmacPBESHA256} is for SHA-256.
 * The salt and iteration count come from a {@link PBEParameterSpec}, or from a {@link PBEKey}
 * that carries them; iteration counts above {@link PbeLimits}' bound are refused, since the count
 * usually comes from the file being verified. The password and the derived key are wiped once the
 * HMAC has its key.
 */
final class HmacPbeSm3Spi extends MacSpi implements Cloneable {

    static final String ALGORITHM = "HmacPBESM3";

    private MacEngine hmac;

    /** @param hmac the backend's HMAC-SM3, which authenticates the data */
    HmacPbeSm3Spi(MacEngine hmac) {
        this.hmac = hmac;
    }

    @Override
    protected int engineGetMacLength() {
        return hmac.macLength();
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        byte[] salt;
        int iterations;
        if (params instanceof PBEParameterSpec pbe) {
            salt = pbe.getSalt();
            iterations = pbe.getIterationCount();
        } else if (params == null && key instanceof PBEKey pbeKey && pbeKey.getSalt() != null) {
            salt = pbeKey.getSalt();
            iterations = pbeKey.getIterationCount();
        } else {
            throw new InvalidAlgorithmParameterException(ALGORITHM + " needs a PBEParameterSpec (salt and iteration "
                    + "count), got " + (params == null ? "none" : params.getClass().getName()));
        }
        PbeLimits.checkIterations(iterations, ALGORITHM); // a MAC is mostly verified: the count comes from a file
        char[] password = PbePassword.of(key, ALGORITHM);
        byte[] macKey = null;
        try {
            // the derivation's thousands of small hashes run in Java on every backend: each is too
            // small a call to send to native code
            macKey = new Pkcs12Kdf(new Sm3()).derive(Pkcs12Kdf.MAC_KEY, password, salt, iterations, hmac.macLength());
            hmac.init(macKey, 0, macKey.length);
        } finally {
            Arrays.fill(password, '\0');
            if (macKey != null) {
                Arrays.fill(macKey, (byte) 0);
            }
        }
    }

    @Override
    protected void engineUpdate(byte input) {
        hmac.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        Ranges.check(input, offset, len);
        hmac.update(input, offset, len);
    }

    @Override
    protected byte[] engineDoFinal() {
        byte[] out = new byte[hmac.macLength()];
        hmac.doFinal(out, 0);
        return out;
    }

    @Override
    protected void engineReset() {
        hmac.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        HmacPbeSm3Spi copy = (HmacPbeSm3Spi) super.clone();
        copy.hmac = hmac.copy();
        return copy;
    }
}
