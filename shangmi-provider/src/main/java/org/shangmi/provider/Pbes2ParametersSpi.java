package org.shangmi.provider;

import java.io.IOException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEParameterSpec;
import org.shangmi.provider.spec.Pbes2HmacSm3ParameterSpec;

/**
 * {@code AlgorithmParameters} "PBES2" and "PBEWith&lt;prf&gt;AndSM4": PBES2 parameters whose
 * encryption scheme is SM4-CBC ({@link Pbes2}), and every other PBES2 encoding by delegation to
 * the next installed provider's "PBES2" (SunJCE's).
 *
 * <p>The JDK's PKCS12 keystore reads an encrypted bag through the first "PBES2" parameters
 * installed and asks {@code toString()} for the cipher to decrypt it with; SunJCE's know only
 * AES. Like the "EC" parameters, this takes effect where ShangMi is installed ahead of SunJCE.
 * A named instance takes its PRF from its name when made from a {@link PBEParameterSpec}; a
 * decoded one from the encoding. HMAC-SM3's parameters give a {@link Pbes2HmacSm3ParameterSpec}
 * (a PBEParameterSpec) naming the OID once it is settled, and take one to name it.
 */
final class Pbes2ParametersSpi extends DelegatingParametersSpi {

    /** The PRF of the service name, or null for "PBES2". */
    private final Pbes2.Prf namedPrf;
    private Pbes2.Parameters parameters;

    Pbes2ParametersSpi(Pbes2.Prf namedPrf) {
        super("PBES2");
        this.namedPrf = namedPrf;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (namedPrf == null) {
            throw new InvalidParameterSpecException("PBES2 parameters made from a spec need the scheme's name: "
                    + "use AlgorithmParameters.getInstance(\"PBEWithHmacSM3AndSM4\") or another PBEWith<prf>And<cipher>");
        }
        if (!(paramSpec instanceof PBEParameterSpec pbe)) {
            throw new InvalidParameterSpecException(namedPrf.cipherName() + " parameters are a PBEParameterSpec, not "
                    + (paramSpec == null ? "null" : paramSpec.getClass().getName()));
        }
        byte[] iv = null;
        if (pbe.getParameterSpec() instanceof IvParameterSpec ivSpec) {
            iv = ivSpec.getIV();
            if (iv.length != Pbes2.KEY_BYTES) {
                throw new InvalidParameterSpecException("SM4's IV is 16 bytes, got " + iv.length);
            }
        } else if (pbe.getParameterSpec() != null) {
            throw new InvalidParameterSpecException("the PBEParameterSpec's parameters must be an IvParameterSpec, not "
                    + pbe.getParameterSpec().getClass().getName());
        }
        if (pbe.getIterationCount() < 1) {
            throw new InvalidParameterSpecException("the iteration count must be positive, got " + pbe.getIterationCount());
        }
        byte[] prfOid;
        try {
            prfOid = Pbes2.prfOid(pbe, namedPrf);
        } catch (java.security.InvalidAlgorithmParameterException e) {
            throw new InvalidParameterSpecException(e.getMessage());
        }
        parameters = new Pbes2.Parameters(namedPrf, pbe.getSalt(), pbe.getIterationCount(), iv, prfOid);
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        Pbes2.Parameters decoded = Pbes2.decode(params);
        if (decoded != null) {
            parameters = decoded;
            return;
        }
        delegate(params);
    }

    @Override
    <T extends AlgorithmParameterSpec> T ownParameterSpec(Class<T> paramSpec) throws InvalidParameterSpecException {
        PBEParameterSpec spec = parameters.spec();
        if (paramSpec.isInstance(spec)) {
            return paramSpec.cast(spec);
        }
        if (paramSpec == Pbes2HmacSm3ParameterSpec.class && parameters.prf() == Pbes2.Prf.HMAC_SM3) {
            // new parameters that name no OID: the one their encoding would name now
            try {
                Pbes2HmacSm3ParameterSpec.PrfOid oid = Pbes2HmacSm3ParameterSpec.PrfOid.of(
                        org.shangmi.core.util.Der.oidString(parameters.prf().writtenOid()));
                return paramSpec.cast(new Pbes2HmacSm3ParameterSpec(spec.getSalt(), spec.getIterationCount(),
                        (IvParameterSpec) spec.getParameterSpec(), oid));
            } catch (IOException e) {
                throw new InvalidParameterSpecException(e.getMessage());
            }
        }
        throw new InvalidParameterSpecException(parameters.name() + " parameters give a " + spec.getClass().getSimpleName()
                + ", not " + paramSpec.getName());
    }

    @Override
    byte[] ownEncoded() throws IOException {
        if (parameters.iv() == null) {
            throw new IOException(parameters.name() + " parameters have no IV yet: a cipher initialised with them "
                    + "chooses one, and its getParameters() can be encoded");
        }
        return parameters.encode();
    }

    /** The name of the cipher these parameters are for, as the JDK's keystore expects. */
    @Override
    String ownToString() {
        return parameters.name();
    }
}
