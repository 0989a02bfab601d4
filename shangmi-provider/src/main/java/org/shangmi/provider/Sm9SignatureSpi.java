package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.core.sm9.Sm9Signer;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Sm9KeyKind;
import org.shangmi.provider.spec.Sm9ParameterSpec;

/**
 * {@code Signature "SM9"} (GB/T 38635.2): signs with a user's signing key; verifies with the
 * signature master public key and the signer's identity, given by
 * {@code setParameter(new Sm9ParameterSpec(id, hid))} after each {@code initVerify}. The signature is GmSSL's and gmsm's DER,
 * {@code SEQUENCE {h OCTET STRING (32 bytes), S BIT STRING (04 || x || y)}}, 104 bytes. A
 * malformed signature verifies as false. The message streams: any length, no buffer.
 */
final class Sm9SignatureSpi extends SignatureSpi {

    /** The DER length of every SM9 signature. */
    static final int SIGNATURE_LENGTH = 104;

    private final Sm9Signer signer = new Sm9Signer();
    private Sm9UserPrivateKey signingKey;
    private Sm9MasterPublicKey verifyingKey;
    private Sm9ParameterSpec identity;
    private SecureRandom random;

    @Override
    protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
        verifyingKey = Sm9Keys.toMasterPublic(publicKey, Sm9KeyKind.SIGN);
        signingKey = null;
        identity = null; // each verification names its signer: a reused Signature must not keep the last one
        signer.reset();
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
        engineInitSign(privateKey, null);
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey, SecureRandom random) throws InvalidKeyException {
        signingKey = Sm9Keys.toUserPrivate(privateKey, Sm9KeyKind.SIGN);
        verifyingKey = null;
        this.random = random;
        signer.reset();
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!(params instanceof Sm9ParameterSpec spec)) {
            throw new InvalidAlgorithmParameterException("SM9 signatures take an Sm9ParameterSpec (the signer's identity), not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        identity = spec;
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
        throw new InvalidParameterException("use setParameter(Sm9ParameterSpec)");
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
        throw new InvalidParameterException("SM9 signatures have no named parameters");
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        checkInitialized();
        signer.update(b);
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        checkInitialized();
        signer.update(b, off, len);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        checkInitialized();
        if (signingKey == null) {
            throw new SignatureException("initialised for verification, not signing");
        }
        byte[] ds = null;
        try {
            ds = signingKey.pointCopy();
            Sm9Signer.Signature signature = signer.sign(ds, signingKey.getMasterPublicKey().master(),
                    random != null ? random : DefaultRandom.get());
            return new Der.Writer().element(Der.OCTET_STRING, signature.h()).bitString(signature.s()).wrap(Der.SEQUENCE);
        } catch (IllegalArgumentException | IllegalStateException e) {
            signer.reset();
            throw new SignatureException(e.getMessage(), e);
        } finally {
            if (ds != null) {
                Arrays.fill(ds, (byte) 0);
            }
        }
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
        checkInitialized();
        if (verifyingKey == null) {
            signer.reset();
            throw new SignatureException("initialised for signing, not verification");
        }
        if (identity == null) {
            signer.reset();
            throw new SignatureException("SM9 verification needs the signer's identity: "
                    + "setParameter(new Sm9ParameterSpec(id, hid)) after initVerify");
        }
        byte[] h;
        byte[] s;
        try {
            Der.Reader outer = new Der.Reader(sigBytes);
            Der.Reader fields = outer.sequence();
            outer.expectEnd();
            h = fields.bytes(Der.OCTET_STRING);
            s = fields.bitString();
            fields.expectEnd();
            if (s.length != Sm9.G1_LENGTH) {
                throw new Der.MalformedException("S must be 04 || x || y"); // one encoding per signature
            }
        } catch (Der.MalformedException | NullPointerException e) {
            signer.reset();
            return false;
        }
        return signer.verify(verifyingKey.master(), identity.getId(), identity.getHid(), h, s);
    }

    private void checkInitialized() throws SignatureException {
        if (signingKey == null && verifyingKey == null) {
            throw new SignatureException("the Signature is not initialised");
        }
    }
}
