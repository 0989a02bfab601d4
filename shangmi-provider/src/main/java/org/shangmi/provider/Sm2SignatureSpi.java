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
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * {@code Signature} "SM3withSM2" (DER r, s), "SM3withSM2inP1363Format" (64-byte r || s) and
 * "NONEwithSM2" (the caller supplies the 32-byte e; DER). e = SM3(Z_A || M) with Z_A over the ID
 * of the {@link Sm2SignatureSpec} (default "1234567812345678"). Verification never throws on a
 * malformed signature: it returns false.
 */
final class Sm2SignatureSpi extends SignatureSpi {

    /** How the message becomes e and how r, s are written. */
    enum Variant {
        SM3_DER, SM3_P1363, NONE_DER;

        boolean hashes() {
            return this != NONE_DER;
        }
    }

    private static final int RS_BYTES = 2 * Sm2Engine.SCALAR_BYTES;
    static final byte[] DEFAULT_ID = Sm2SignatureSpec.defaultId();

    private final Sm2Engine engine;
    private final DigestEngine sm3;
    private final Variant variant;
    private final byte[] e = new byte[Sm2Engine.SCALAR_BYTES];
    private final byte[] rs = new byte[RS_BYTES];
    private final byte[] oneByte = new byte[1];

    private Sm2SignatureSpec spec;
    /** The ID of {@link #spec}, or the default. */
    private byte[] id = DEFAULT_ID;
    private Sm2PrivateKey privateKey;
    private Sm2PublicKey publicKey;
    private SecureRandom random;
    /** Whether message bytes have been fed since the last restart. */
    private boolean fed;
    /** NONEwithSM2's input: e itself, at most 32 bytes. */
    private int eLength;

    Sm2SignatureSpi(Sm2Engine engine, DigestEngine sm3, Variant variant) {
        this.engine = engine;
        this.sm3 = sm3;
        this.variant = variant;
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
        engineInitSign(key, null);
    }

    @Override
    protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
        Sm2PrivateKey translated = Sm2PrivateKeys.toPrivate(key);
        try {
            translated.signingKey(engine);
        } catch (IllegalArgumentException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
        Sm2PublicKey own = null;
        if (variant.hashes()) {
            own = spec != null && spec.getPublicKey() != null
                    ? checkPair(translated, Sm2Keys.toPublic(spec.getPublicKey()))
                    : translated.getPublicKey();
        }
        this.privateKey = translated;
        this.publicKey = own;
        this.random = random;
        restart();
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
        this.publicKey = Sm2Keys.toPublic(key);
        this.privateKey = null;
        restart();
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!(params instanceof Sm2SignatureSpec sm2)) {
            throw new InvalidAlgorithmParameterException("SM2 signatures take an Sm2SignatureSpec, not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        if (!variant.hashes()) {
            throw new InvalidAlgorithmParameterException("NONEwithSM2 takes e directly; the ID and key of Z_A do not apply");
        }
        if (fed) {
            throw new InvalidAlgorithmParameterException("set the SM2 parameters before the first update");
        }
        Sm2PublicKey given = null;
        if (sm2.getPublicKey() != null) {
            try {
                given = Sm2Keys.toPublic(sm2.getPublicKey());
            } catch (InvalidKeyException e) {
                throw new InvalidAlgorithmParameterException(e.getMessage(), e);
            }
        }
        if (privateKey != null && given != null) {
            try {
                publicKey = checkPair(privateKey, given);
            } catch (InvalidKeyException e) {
                throw new InvalidAlgorithmParameterException(e.getMessage(), e);
            }
        }
        this.spec = sm2;
        this.id = sm2.getId();
        if (publicKey != null) {
            restart();
        }
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
        throw new InvalidParameterException("use setParameter(Sm2SignatureSpec)");
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
        throw new InvalidParameterException("SM2 signatures have no named parameters");
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        oneByte[0] = b;
        engineUpdate(oneByte, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        checkInitialized();
        Ranges.check(b, off, len);
        fed = true;
        if (variant.hashes()) {
            sm3.update(b, off, len);
            return;
        }
        if (len > e.length - eLength) {
            eLength = e.length + 1; // remembered as too long; reported by sign/verify
            return;
        }
        System.arraycopy(b, off, e, eLength, len);
        eLength += len;
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        checkInitialized();
        if (privateKey == null) {
            throw new SignatureException("initialised for verification, not signing");
        }
        try {
            if (!finishE()) {
                throw new SignatureException("NONEwithSM2 signs a 32-byte e, got " + eLength + " bytes");
            }
            engine.sign(privateKey.signingKey(engine), e, random != null ? random : DefaultRandom.get(), rs, 0);
            return variant == Variant.SM3_P1363 ? rs.clone() : encodeDer(rs);
        } catch (IllegalArgumentException | IllegalStateException ex) {
            throw new SignatureException(ex.getMessage(), ex);
        } finally {
            restart();
        }
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
        checkInitialized();
        if (privateKey != null) {
            throw new SignatureException("initialised for signing, not verification");
        }
        try {
            boolean eValid = finishE();
            boolean decoded = variant == Variant.SM3_P1363 ? decodeRaw(sigBytes) : decodeDer(sigBytes);
            if (!eValid || !decoded) {
                return false;
            }
            Sm2Engine.VerifyingKey prepared = publicKey.verifyingKey(engine);
            return prepared != null ? engine.verify(prepared, e, rs, 0) : engine.verify(publicKey.xy(), e, rs, 0);
        } finally {
            restart();
        }
    }

    /** The given public key, unless the private key already knows a different one. */
    /** The given public key, if it is d·G; the private key computes d·G once and keeps it. */
    private static Sm2PublicKey checkPair(Sm2PrivateKey privateKey, Sm2PublicKey given) throws InvalidKeyException {
        if (!privateKey.getPublicKey().equals(given)) {
            throw new InvalidKeyException("the Sm2SignatureSpec's public key does not belong to the private key");
        }
        return given;
    }

    /** Puts e in place: SM3's output, or NONEwithSM2's input if it was exactly 32 bytes. */
    private boolean finishE() {
        if (variant.hashes()) {
            sm3.digest(e, 0);
            return true;
        }
        return eLength == e.length;
    }

    private boolean decodeRaw(byte[] signature) {
        if (signature == null || signature.length != RS_BYTES) {
            return false;
        }
        System.arraycopy(signature, 0, rs, 0, RS_BYTES);
        return true;
    }

    /** Strict DER SEQUENCE {r INTEGER, s INTEGER} into rs; false if anything is off. */
    private boolean decodeDer(byte[] signature) {
        if (signature == null) {
            return false;
        }
        try {
            Der.Reader outer = new Der.Reader(signature);
            Der.Reader fields = outer.sequence();
            outer.expectEnd();
            byte[] r = fields.unsignedInteger();
            byte[] s = fields.unsignedInteger();
            fields.expectEnd();
            if (r.length > 32 || s.length > 32) {
                return false;
            }
            Arrays.fill(rs, (byte) 0);
            System.arraycopy(r, 0, rs, 32 - r.length, r.length);
            System.arraycopy(s, 0, rs, RS_BYTES - s.length, s.length);
            return true;
        } catch (Der.MalformedException e) {
            return false;
        }
    }

    /** SEQUENCE {r INTEGER, s INTEGER}, sized exactly and written in place: one array per signature. */
    private static byte[] encodeDer(byte[] rs) {
        int rLength = Der.unsignedIntegerContentLength(rs, 0, 32);
        int sLength = Der.unsignedIntegerContentLength(rs, 32, 32);
        int content = Der.headerLength(rLength) + rLength + Der.headerLength(sLength) + sLength;
        byte[] out = new byte[Der.headerLength(content) + content];
        int pos = Der.putHeader(out, 0, Der.SEQUENCE, content);
        pos = Der.putUnsignedInteger(out, pos, rs, 0, 32);
        Der.putUnsignedInteger(out, pos, rs, 32, 32);
        return out;
    }

    /** Back to the start of a message: SM3 holds Z_A (computed for a new key or ID). */
    private void restart() {
        fed = false;
        eLength = 0;
        Arrays.fill(e, (byte) 0);
        Arrays.fill(rs, (byte) 0);
        if (!variant.hashes() || publicKey == null) {
            return;
        }
        byte[] z = publicKey.z(id, sm3);
        sm3.reset();
        sm3.update(z, 0, z.length);
    }

    private void checkInitialized() throws SignatureException {
        if (publicKey == null && privateKey == null) {
            throw new SignatureException("the Signature is not initialised");
        }
    }
}
