package org.shangmi.provider;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.util.Der;

/**
 * AlgorithmParameters "ZUC-128" and "ZUC-256": the IV, encoded as a DER OCTET STRING (as
 * Bouncy Castle encodes it), of the lengths the ciphers take.
 */
final class ZucParametersSpi extends AlgorithmParametersSpi {

    private final ZucVariant variant;
    private byte[] iv;

    ZucParametersSpi(ZucVariant variant) {
        this.variant = variant;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof IvParameterSpec spec)) {
            throw new InvalidParameterSpecException(variant.algorithm + " parameters are an IvParameterSpec");
        }
        iv = checked(spec.getIV());
    }

    private byte[] checked(byte[] candidate) throws InvalidParameterSpecException {
        if (!variant.ivLengthValid(candidate.length)) {
            throw new InvalidParameterSpecException("a " + variant.algorithm + " IV is " + variant.ivLengths() + ", got "
                    + candidate.length);
        }
        return candidate;
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        try {
            Der.Reader reader = new Der.Reader(params);
            byte[] candidate = reader.bytes(Der.OCTET_STRING);
            reader.expectEnd();
            iv = checked(candidate);
        } catch (Der.MalformedException | InvalidParameterSpecException e) {
            throw new IOException("not " + variant.algorithm + " parameters (an IV as OCTET STRING): " + e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(byte[] params, String format) throws IOException {
        Asn1Format.require(format, variant.algorithm);
        engineInit(params);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        checkInitialized();
        if (paramSpec.isAssignableFrom(IvParameterSpec.class)) {
            return (T) new IvParameterSpec(iv);
        }
        throw new InvalidParameterSpecException(variant.algorithm + " parameters give an IvParameterSpec, not " + paramSpec.getName());
    }

    @Override
    protected byte[] engineGetEncoded() {
        checkInitialized();
        return new Der.Writer().element(Der.OCTET_STRING, iv).toByteArray();
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        Asn1Format.require(format, variant.algorithm);
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        return iv == null ? variant.algorithm + " parameters (not initialised)" : variant.algorithm + " IV: " + HexFormat.of().formatHex(iv);
    }

    private void checkInitialized() {
        if (iv == null) {
            throw new IllegalStateException(variant.algorithm + " parameters are not initialised");
        }
    }
}
