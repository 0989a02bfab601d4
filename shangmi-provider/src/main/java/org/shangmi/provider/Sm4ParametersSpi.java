package org.shangmi.provider;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.util.Der;

/**
 * AlgorithmParameters "SM4": a 16-byte IV, encoded as a DER OCTET STRING (the form the JDK uses
 * for AES and OpenSSL for SM4-CBC parameters).
 */
final class Sm4ParametersSpi extends AlgorithmParametersSpi {

    private byte[] iv;

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof IvParameterSpec ivSpec)) {
            throw new InvalidParameterSpecException("SM4 parameters are an IvParameterSpec");
        }
        byte[] candidate = ivSpec.getIV();
        if (candidate.length != 16) {
            throw new InvalidParameterSpecException("an SM4 IV is 16 bytes, got " + candidate.length);
        }
        iv = candidate;
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        try {
            Der.Reader reader = new Der.Reader(params);
            byte[] candidate = reader.bytes(Der.OCTET_STRING);
            reader.expectEnd();
            if (candidate.length != 16) {
                throw new IOException("an SM4 IV is 16 bytes, got " + candidate.length);
            }
            iv = candidate;
        } catch (Der.MalformedException e) {
            throw new IOException("not SM4 parameters (a DER OCTET STRING): " + e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(byte[] params, String format) throws IOException {
        Asn1Format.require(format, "SM4");
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
        throw new InvalidParameterSpecException("SM4 parameters give an IvParameterSpec, not " + paramSpec.getName());
    }

    @Override
    protected byte[] engineGetEncoded() {
        checkInitialized();
        return new Der.Writer().element(Der.OCTET_STRING, iv).toByteArray();
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        Asn1Format.require(format, "SM4");
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        return iv == null ? "SM4 parameters (not initialised)" : "SM4 IV: " + HexFormat.of().formatHex(iv);
    }

    private void checkInitialized() {
        if (iv == null) {
            throw new IllegalStateException("SM4 parameters are not initialised");
        }
    }
}
