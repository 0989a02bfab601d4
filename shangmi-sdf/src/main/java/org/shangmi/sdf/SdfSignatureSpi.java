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
 * signer writes. {@code "NONEwithSM2"} takes the 32-byte e from the caller (GmSSL's CMS form
 * signs so). Verification is public-key work and goes to the ShangMi provider under the same name.
 */
final class SdfSignatureSpi extends SignatureSpi {

    private final Provider software;
    /** NONEwithSM2: the caller gives e. */
    private final boolean raw;
    private final byte[] e = new byte[EccStructs.DIGEST];
    private int eLength;
    private MessageDigest digest;
    private SdfPrivateKey key;
    private Signature verifier;
    private byte[] id = Sm2SignatureSpec.defaultId();
    private boolean started;

    SdfSignatureSpi(Provider software, boolean raw) {
        this.software = software;
        this.raw = raw;
    }

    private String algorithm() {
        return raw ? "NONEwithSM2" : "SM3withSM2";
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
        if (device.device().isClosed()) {
            throw new InvalidKeyException("the SDF device is closed");
        }
        key = device;
        verifier = null;
        digest = sm3();
        started = false;
        eLength = 0;
    }

    @Override
    protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
        try {
            verifier = Signature.getInstance(algorithm(), software);
            if (!raw) {
                verifier.setParameter(new Sm2SignatureSpec(id));
            }
        } catch (NoSuchAlgorithmException | InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e);
        }
        verifier.initVerify(publicKey);
        key = null;
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (raw) {
            throw new InvalidAlgorithmParameterException("NONEwithSM2 takes e directly; the ID and key of Z do not apply");
        }
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
        engineUpdate(new byte[] {b}, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        if (verifier != null) {
            verifier.update(b, off, len);
            return;
        }
        if (raw) {
            if (key == null) {
                throw new SignatureException("not initialized for signing");
            }
            if (len > e.length - eLength) {
                eLength = e.length + 1; // remembered as too long; reported by sign
                return;
            }
            System.arraycopy(b, off, e, eLength, len);
            eLength += len;
            return;
        }
        start();
        digest.update(b, off, len);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        byte[] e;
        if (raw) {
            if (key == null) {
                throw new SignatureException("not initialized for signing");
            }
            int given = eLength;
            eLength = 0;
            if (given != EccStructs.DIGEST) {
                throw new SignatureException("NONEwithSM2 signs a 32-byte e, got " + (given > EccStructs.DIGEST ? "more" : given + " bytes"));
            }
            e = this.e.clone();
        } else {
            start();
            e = digest.digest();
            started = false;
        }
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
