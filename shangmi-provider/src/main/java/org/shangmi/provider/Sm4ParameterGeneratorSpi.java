package org.shangmi.provider;

import java.security.AlgorithmParameterGeneratorSpi;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameterGenerator "SM4": fresh random SM4 parameters. By default, and for
 * {@code init(128)}, a 16-byte IV (IvParameterSpec); for {@code init(n)} with n from 56 to 104 bits
 * in steps of 8, a GCM or CCM nonce of n bits with a 128-bit tag (GCMParameterSpec: 96 bits is
 * GCM's usual nonce, 56 to 104 CCM's); {@code init(GCMParameterSpec)} takes the nonce length and
 * tag length from the spec given, whose nonce itself is not used.
 */
final class Sm4ParameterGeneratorSpi extends AlgorithmParameterGeneratorSpi {

    private final Provider provider;
    private int nonceBytes = 16;
    private int tagBits;
    private SecureRandom random;

    Sm4ParameterGeneratorSpi(Provider provider) {
        this.provider = provider;
    }

    @Override
    protected void engineInit(int size, SecureRandom random) {
        if (size == 128) {
            nonceBytes = 16;
            tagBits = 0;
        } else if (size >= 56 && size <= 104 && size % 8 == 0) {
            nonceBytes = size / 8;
            tagBits = 128;
        } else {
            throw new InvalidParameterException("SM4 parameters are a 128-bit IV or a GCM/CCM nonce of 56 to 104 bits, not "
                    + size + " bits");
        }
        this.random = random;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec genParamSpec, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        if (genParamSpec instanceof GCMParameterSpec template) {
            if (template.getIV().length == 0) {
                throw new InvalidAlgorithmParameterException("the template's nonce length is 0");
            }
            try {
                Sm4ParametersSpi.checkTagBits(template.getTLen());
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException(e.getMessage(), e);
            }
            nonceBytes = template.getIV().length;
            tagBits = template.getTLen();
        } else if (genParamSpec instanceof IvParameterSpec template && template.getIV().length == 16) {
            nonceBytes = 16;
            tagBits = 0;
        } else {
            throw new InvalidAlgorithmParameterException("SM4 parameter generation takes a GCMParameterSpec (or a 16-byte "
                    + "IvParameterSpec) as template, not " + (genParamSpec == null ? "null" : genParamSpec.getClass().getName()));
        }
        this.random = random;
    }

    @Override
    protected AlgorithmParameters engineGenerateParameters() {
        byte[] nonce = new byte[nonceBytes];
        (random != null ? random : new SecureRandom()).nextBytes(nonce);
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("SM4", provider);
            parameters.init(tagBits == 0 ? new IvParameterSpec(nonce) : new GCMParameterSpec(tagBits, nonce));
            return parameters;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new IllegalStateException("cannot make SM4 parameters: " + e.getMessage(), e);
        }
    }
}
