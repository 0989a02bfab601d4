package org.shangmi.sdf;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * {@code Signature "SM3withSM2"} with a device key: Z and e = SM3(Z || M) are computed here, as
 * GB/T 32918.2 defines them, from the public key the device exported and the ID ({@code
 * 1234567812345678} unless an {@link Sm2SignatureSpec} gives another), and the device signs e
 * ({@code SDF_InternalSign_ECC}). The signature is the DER {@code SEQUENCE {r, s}} every SM2
 * signer writes. Verification is public-key work and goes to the ShangMi provider.
 */
final class SdfSignatureSpi extends SignatureSpi {

    private final Provider software;
    private MessageDigest digest;
    private SdfPrivateKey key;
    private Signature verifier;
    private byte[] id = Sm2SignatureSpec.defaultId();
    private boolean started;

    SdfSignatureSpi(Provider software) {
        this.software = software;
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
        if (!(privateKey instanceof SdfPrivateKey device)) {
            throw new InvalidKeyException("ShangMiSDF signs with keys of its devices (SdfPrivateKey), not "
                    + (privateKey == null ? "null" : privateKey.getClass().getName()));
        }
        if (!device.isSigningKey()) {
            throw new InvalidKeyException("key " + device.index() + " is the device's encryption key, which GM/T 0018 does not sign with");
        }
        if (device.isDestroyed()) {
            throw new InvalidKeyException("the device key is destroyed");
        }
        key = device;
        verifier = null;
        digest = sm3();
        started = false;
    }

    @Override
    protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
        try {
            verifier = Signature.getInstance("SM3withSM2", software);
            verifier.setParameter(new Sm2SignatureSpec(id));
        } catch (NoSuchAlgorithmException | InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e);
        }
        verifier.initVerify(publicKey);
        key = null;
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!(params instanceof Sm2SignatureSpec spec)) {
            throw new InvalidAlgorithmParameterException("SM3withSM2 takes an Sm2SignatureSpec, not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        if (started) {
            throw new InvalidAlgorithmParameterException("the ID cannot change once data was given");
        }
        id = spec.getId();
        if (verifier != null) {
            verifier.setParameter(params);
        }
    }

    private MessageDigest sm3() throws InvalidKeyException {
        try {
            return MessageDigest.getInstance("SM3", software);
        } catch (NoSuchAlgorithmException e) {
            throw new InvalidKeyException(e);
        }
    }

    /** Starts e = SM3(Z || M) with Z of the key's public key and the ID, before the first data. */
    private void start() throws SignatureException {
        if (key == null) {
            throw new SignatureException("not initialized for signing");
        }
        if (!started) {
            digest.update(Sm2Z.z(digest, id, key.getPublicKey()));
            started = true;
        }
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        if (verifier != null) {
            verifier.update(b);
            return;
        }
        start();
        digest.update(b);
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        if (verifier != null) {
            verifier.update(b, off, len);
            return;
        }
        start();
        digest.update(b, off, len);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        start();
        byte[] e = digest.digest();
        started = false;
        SdfPrivateKey signer = key;
        try {
            return signer.access().use(session -> session.sign(signer.index(), e));
        } catch (SdfException | IllegalStateException x) {
            throw new SignatureException("the device did not sign: " + x.getMessage(), x);
        } finally {
            java.lang.ref.Reference.reachabilityFence(signer);
        }
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
        if (verifier == null) {
            throw new SignatureException("not initialized for verification");
        }
        return verifier.verify(sigBytes);
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
        throw new UnsupportedOperationException("use setParameter(AlgorithmParameterSpec)");
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
        throw new UnsupportedOperationException("use getParameters()");
    }
}
