package org.shangmi.provider;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEParameterSpec;
import org.shangmi.core.backend.BackendService;

/**
 * Cipher "PBEWith&lt;prf&gt;AndSM4" (for example "PBEWithHmacSM3AndSM4"): PBES2 (RFC 8018) with
 * PBKDF2 over the PRF deriving a 16-byte key from the password, then SM4/CBC/PKCS5Padding. This
 * is what the JDK's PKCS12 keystore calls to open or write a bag protected by OpenSSL's
 * {@code -keypbe SM4-CBC}, and it serves {@code EncryptedPrivateKeyInfo} the same way.
 *
 * <p>The parameters name HMAC-SM3 by the OID a {@link org.shangmi.provider.spec.Pbes2HmacSm3ParameterSpec}
 * gives, else by {@link Pbes2.Prf#writtenOid()}'s.
 *
 * <p>Encryption without parameters chooses a 16-byte salt, {@value #DEFAULT_ITERATIONS} iterations
 * and an IV; a salt given for encryption has at least eight bytes. Decryption needs them all, and
 * refuses iteration counts above {@link PbeLimits}' bound. The derived key is wiped once SM4 has it.
 */
final class Pbes2CipherSpi extends CipherSpi {

    static final int DEFAULT_ITERATIONS = 10_000;
    private static final int SALT_BYTES = 16;

    private final Pbes2.Prf prf;
    private final Provider provider;
    private final Sm4CipherSpi sm4;
    private Pbes2.Parameters parameters;

    Pbes2CipherSpi(Pbes2.Prf prf, BackendService sm4Backend, Provider provider) {
        this.prf = prf;
        this.provider = provider;
        this.sm4 = new Sm4CipherSpi(sm4Backend, provider);
        try {
            sm4.engineSetMode("CBC");
            sm4.engineSetPadding("PKCS5Padding");
        } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
            throw new ProviderException("SM4/CBC/PKCS5Padding is missing", e);
        }
    }

    private String name() {
        return prf.cipherName();
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("CBC")) {
            throw new NoSuchAlgorithmException(name() + " encrypts in CBC mode only, not " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("PKCS5Padding")) {
            throw new NoSuchPaddingException(name() + " pads with PKCS5Padding only, not " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return Pbes2.KEY_BYTES;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return sm4.engineGetOutputSize(inputLen);
    }

    @Override
    protected byte[] engineGetIV() {
        return parameters == null ? null : parameters.iv().clone();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        if (parameters == null) {
            return null;
        }
        try {
            AlgorithmParameters result = AlgorithmParameters.getInstance(name(), provider);
            result.init(parameters.spec());
            return result;
        } catch (GeneralSecurityException e) {
            throw new ProviderException(name() + " parameters are missing", e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        AlgorithmParameterSpec spec = null;
        if (params != null) {
            // the name says which scheme the parameters are for, as the JDK's keystore reads it too
            if (Pbes2.Prf.forCipherName(params.toString()) != prf) {
                throw new InvalidAlgorithmParameterException("parameters of " + params + " do not fit " + name());
            }
            try {
                spec = params.getParameterSpec(PBEParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException(name() + " takes PBEParameterSpec parameters: " + e.getMessage(), e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypting = Sm4BaseCipherSpi.encrypts(opmode);
        Pbes2.Parameters chosen = choose(params, key, encrypting, random);
        char[] password = PbePassword.of(key, name());
        byte[] derived = null;
        try {
            derived = prf.deriveKey(password, chosen.salt(), chosen.iterations());
            sm4.engineInit(opmode, new DerivedKey(derived), new IvParameterSpec(chosen.iv()), random);
            parameters = chosen;
        } finally {
            Arrays.fill(password, '\0');
            if (derived != null) {
                Arrays.fill(derived, (byte) 0);
            }
        }
    }

    /** Salt, iteration count and IV: from the spec, else from a PBEKey, else (encrypting only) fresh. */
    private Pbes2.Parameters choose(AlgorithmParameterSpec params, Key key, boolean encrypting, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        byte[] salt = null;
        int iterations = 0;
        byte[] iv = null;
        byte[] prfOid = null;
        if (params instanceof PBEParameterSpec pbe) {
            prfOid = Pbes2.prfOid(pbe, prf);
            salt = pbe.getSalt();
            iterations = pbe.getIterationCount();
            if (pbe.getParameterSpec() instanceof IvParameterSpec ivSpec) {
                iv = ivSpec.getIV();
            } else if (pbe.getParameterSpec() != null) {
                throw new InvalidAlgorithmParameterException(name() + " takes an IvParameterSpec inside the "
                        + "PBEParameterSpec, not " + pbe.getParameterSpec().getClass().getName());
            }
        } else if (params != null) {
            throw new InvalidAlgorithmParameterException(name() + " takes a PBEParameterSpec, not " + params.getClass().getName());
        } else if (key instanceof PBEKey pbeKey && pbeKey.getSalt() != null && pbeKey.getIterationCount() > 0) {
            salt = pbeKey.getSalt();
            iterations = pbeKey.getIterationCount();
        }
        if (!encrypting && (salt == null || iv == null)) {
            throw new InvalidAlgorithmParameterException(name() + " decryption needs the salt, iteration count and IV "
                    + "it was encrypted with");
        }
        SecureRandom source = random != null ? random : DefaultRandom.get();
        if (salt == null) {
            salt = new byte[SALT_BYTES];
            source.nextBytes(salt);
            iterations = DEFAULT_ITERATIONS;
        }
        if (iv == null) {
            iv = new byte[Pbes2.KEY_BYTES];
            source.nextBytes(iv);
        }
        if (encrypting) {
            PbeLimits.checkSaltForEncryption(salt, name());
            if (iterations < 1) {
                throw new InvalidAlgorithmParameterException(name() + " needs a positive iteration count, got " + iterations);
            }
        } else {
            PbeLimits.checkIterations(iterations, name());
        }
        if (iv.length != Pbes2.KEY_BYTES) {
            throw new InvalidAlgorithmParameterException(name() + " needs a 16-byte IV, got " + iv.length + " bytes");
        }
        return new Pbes2.Parameters(prf, salt, iterations, iv, prfOid);
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        return sm4.engineUpdate(input, inputOffset, inputLen);
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        return sm4.engineUpdate(input, inputOffset, inputLen, output, outputOffset);
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        return sm4.engineDoFinal(input, inputOffset, inputLen);
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        return sm4.engineDoFinal(input, inputOffset, inputLen, output, outputOffset);
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        return sm4.engineWrap(key);
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        return sm4.engineUnwrap(wrappedKey, wrappedKeyAlgorithm, wrappedKeyType);
    }

    /** The derived SM4 key as SM4's init reads it; the array stays the caller's to wipe. */
    private record DerivedKey(byte[] bytes) implements SecretKey {

        private static final long serialVersionUID = 1L;

        @Override
        public String getAlgorithm() {
            return "SM4";
        }

        @Override
        public String getFormat() {
            return "RAW";
        }

        @Override
        public byte[] getEncoded() {
            return bytes.clone();
        }
    }
}
