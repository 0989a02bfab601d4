package org.shangmi.provider;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.util.Der;

/**
 * AlgorithmParameters "SM4", for every SM4 mode: a 16-byte IV (ECB's none aside; CBC, CTR, CFB,
 * OFB, XTS's tweak), encoded as a DER OCTET STRING (the form the JDK uses for AES and OpenSSL for
 * SM4-CBC); or the nonce and tag length of GCM and CCM as a {@link GCMParameterSpec}, encoded as
 * RFC 5084's GCMParameters and CCMParameters, which have one form: SEQUENCE { nonce OCTET STRING,
 * ICV length INTEGER DEFAULT 12 } (the tag length in bytes, left out when 12, as the JDK writes
 * AES-GCM's; read when written out too, as the JDK reads it). Tag lengths are those SM4's GCM and
 * CCM take: 4, 6, 8, 10 and 12 to 16 bytes.
 */
final class Sm4ParametersSpi extends AlgorithmParametersSpi {

    private static final int IV_BYTES = 16;
    private static final int DEFAULT_TAG_BYTES = 12;

    private byte[] iv;
    /** The tag length in bits for GCM and CCM parameters; 0 for an IV. */
    private int tagBits;

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (paramSpec instanceof GCMParameterSpec aead) {
            checkTagBits(aead.getTLen());
            byte[] nonce = aead.getIV();
            if (nonce.length == 0) {
                throw new InvalidParameterSpecException("a GCM or CCM nonce has at least 1 byte");
            }
            iv = nonce;
            tagBits = aead.getTLen();
            return;
        }
        if (!(paramSpec instanceof IvParameterSpec ivSpec)) {
            throw new InvalidParameterSpecException("SM4 parameters are an IvParameterSpec or, for GCM and CCM, a GCMParameterSpec");
        }
        byte[] candidate = ivSpec.getIV();
        if (candidate.length != IV_BYTES) {
            throw new InvalidParameterSpecException("an SM4 IV is 16 bytes, got " + candidate.length);
        }
        iv = candidate;
        tagBits = 0;
    }

    static void checkTagBits(int bits) throws InvalidParameterSpecException {
        int bytes = bits / 8;
        boolean allowed = bits % 8 == 0 && (bytes >= 12 && bytes <= 16 || bytes >= 4 && bytes <= 10 && bytes % 2 == 0);
        if (!allowed) {
            throw new InvalidParameterSpecException("GCM and CCM tags here are 32, 48, 64, 80 or 96 to 128 bits, not " + bits);
        }
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        try {
            Der.Reader reader = new Der.Reader(params);
            if (reader.peekTag() == Der.OCTET_STRING) {
                byte[] candidate = reader.bytes(Der.OCTET_STRING);
                reader.expectEnd();
                if (candidate.length != IV_BYTES) {
                    throw new IOException("an SM4 IV is 16 bytes, got " + candidate.length);
                }
                iv = candidate;
                tagBits = 0;
                return;
            }
            Der.Reader fields = reader.sequence();
            reader.expectEnd();
            byte[] nonce = fields.bytes(Der.OCTET_STRING);
            int tagBytes = fields.hasMore() ? fields.smallInteger() : DEFAULT_TAG_BYTES;
            fields.expectEnd();
            if (nonce.length == 0) {
                throw new IOException("a GCM or CCM nonce has at least 1 byte");
            }
            checkTagBits(8 * tagBytes);
            iv = nonce;
            tagBits = 8 * tagBytes;
        } catch (Der.MalformedException | InvalidParameterSpecException e) {
            throw new IOException("not SM4 parameters (an IV as OCTET STRING, or RFC 5084's GCM or CCM parameters): "
                    + e.getMessage(), e);
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
        if (tagBits != 0 && paramSpec.isAssignableFrom(GCMParameterSpec.class)) {
            return (T) new GCMParameterSpec(tagBits, iv);
        }
        if (tagBits == 0 && paramSpec.isAssignableFrom(IvParameterSpec.class)) {
            return (T) new IvParameterSpec(iv);
        }
        throw new InvalidParameterSpecException("these SM4 parameters give a "
                + (tagBits != 0 ? "GCMParameterSpec" : "IvParameterSpec") + ", not " + paramSpec.getName());
    }

    @Override
    protected byte[] engineGetEncoded() {
        checkInitialized();
        if (tagBits == 0) {
            return new Der.Writer().element(Der.OCTET_STRING, iv).toByteArray();
        }
        Der.Writer fields = new Der.Writer().element(Der.OCTET_STRING, iv);
        if (tagBits != 8 * DEFAULT_TAG_BYTES) {
            fields.smallInteger(tagBits / 8);
        }
        return fields.wrap(Der.SEQUENCE);
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        Asn1Format.require(format, "SM4");
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        if (iv == null) {
            return "SM4 parameters (not initialised)";
        }
        return tagBits == 0 ? "SM4 IV: " + HexFormat.of().formatHex(iv)
                : "SM4 GCM/CCM nonce: " + HexFormat.of().formatHex(iv) + ", tag " + tagBits + " bits";
    }

    private void checkInitialized() {
        if (iv == null) {
            throw new IllegalStateException("SM4 parameters are not initialised");
        }
    }
}
