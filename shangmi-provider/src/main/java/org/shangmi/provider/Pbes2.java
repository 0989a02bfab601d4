package org.shangmi.provider;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.security.auth.DestroyFailedException;
import org.shangmi.core.hash.Hmac;
import org.shangmi.core.hash.Pbkdf2;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Pbes2HmacSm3ParameterSpec;

/**
 * PBES2 (RFC 8018, section 6.2) with SM4-CBC as its encryption scheme and PBKDF2 over an HMAC as
 * its key derivation: the parameters OpenSSL writes for {@code pkcs12 -keypbe SM4-CBC} and
 * {@code pkcs8 -v2 sm4-cbc}, with HMAC-SHA-1 to SHA-512 or HMAC-SM3 (GM/T 0091-2020) as the PRF.
 * The JCA names follow the JDK's for AES: {@code "PBEWithHmacSM3AndSM4"}.
 */
final class Pbes2 {

    static final String PBES2_OID = "1.2.840.113549.1.5.13";
    /**
     * The system property choosing the OID that new parameters name HMAC-SM3 by when their spec
     * does not ({@link Pbes2HmacSm3ParameterSpec} does).
     */
    static final String HMAC_SM3_OID_PROPERTY = "shangmi.pbes2.hmacSM3Oid";
    private static final byte[] PBKDF2 = Der.oid("1.2.840.113549.1.5.12");
    private static final byte[] SM4_CBC = Der.oid("1.2.156.10197.1.104.2");
    /** HMAC-SM3's own OID (GM/T 0006), GM/T 0091-2020 appendix C's id-hmacWithSM3. */
    private static final byte[] HMAC_SM3_OWN_OID = Der.oid("1.2.156.10197.1.401.2");
    /** SM4's key and block length. */
    static final int KEY_BYTES = 16;

    private Pbes2() {
    }

    /** The PBKDF2 pseudorandom functions. */
    enum Prf {
        HMAC_SHA1("HmacSHA1", "1.2.840.113549.2.7"),
        HMAC_SHA224("HmacSHA224", "1.2.840.113549.2.8"),
        HMAC_SHA256("HmacSHA256", "1.2.840.113549.2.9"),
        HMAC_SHA384("HmacSHA384", "1.2.840.113549.2.10"),
        HMAC_SHA512("HmacSHA512", "1.2.840.113549.2.11"),
        /**
         * Read under both OIDs GM/T 0091-2020 gives it: HMAC-SM3's own of its appendix C
         * (1.2.156.10197.1.401.2, which GmSSL and Bouncy Castle read) and id-hmacWithSM3 of its
         * appendix A.2 (1.2.156.10197.1.401.3.1, OpenSSL's); written under the first unless a
         * {@link Pbes2HmacSm3ParameterSpec} or the system property {@value Pbes2#HMAC_SM3_OID_PROPERTY}
         * names the second.
         */
        HMAC_SM3("HmacSM3", "1.2.156.10197.1.401.2", "1.2.156.10197.1.401.3.1");

        final String jcaName;
        private final byte[] oid;
        private final byte[] alternativeOid;

        Prf(String jcaName, String oid) {
            this(jcaName, oid, null);
        }

        Prf(String jcaName, String oid, String alternativeOid) {
            this.jcaName = jcaName;
            this.oid = Der.oid(oid);
            this.alternativeOid = alternativeOid == null ? null : Der.oid(alternativeOid);
        }

        /**
         * The OID new parameters name this PRF by unless their spec names one: for HMAC-SM3 the
         * one the system property {@value Pbes2#HMAC_SM3_OID_PROPERTY} names (read at each call),
         * by default the first.
         *
         * @throws IOException if that property names neither of HMAC-SM3's OIDs
         */
        byte[] writtenOid() throws IOException {
            String chosen = this == HMAC_SM3 ? System.getProperty(HMAC_SM3_OID_PROPERTY) : null;
            if (chosen == null) {
                return oid;
            }
            byte[] named;
            try {
                named = Der.oid(chosen.trim());
            } catch (IllegalArgumentException e) {
                named = null;
            }
            if (!Arrays.equals(named, oid) && !Arrays.equals(named, alternativeOid)) {
                throw new IOException(HMAC_SM3_OID_PROPERTY + " must be 1.2.156.10197.1.401.2 (HMAC-SM3's own, GmSSL, "
                        + "Bouncy Castle) or 1.2.156.10197.1.401.3.1 (GM/T 0091-2020 A.2, OpenSSL), not '" + chosen + "'");
            }
            return named;
        }

        /** The name of the cipher, and of its parameters: {@code "PBEWith<prf>AndSM4"}. */
        String cipherName() {
            return "PBEWith" + jcaName + "AndSM4";
        }

        static Prf forOid(byte[] oid) {
            for (Prf prf : values()) {
                if (Arrays.equals(prf.oid, oid) || Arrays.equals(prf.alternativeOid, oid)) {
                    return prf;
                }
            }
            return null;
        }

        /** The PRF of a cipher name, compared without case; null if it names none. */
        static Prf forCipherName(String name) {
            for (Prf prf : values()) {
                if (prf.cipherName().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                    return prf;
                }
            }
            return null;
        }

        /**
         * PBKDF2 of the password (its characters in UTF-8, as the JDK and OpenSSL take them) into
         * an SM4 key. HMAC-SM3 runs here; the SHA family through the installed PBKDF2 factories.
         */
        byte[] deriveKey(char[] password, byte[] salt, int iterations) throws InvalidKeyException {
            if (this == HMAC_SM3) {
                ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
                byte[] bytes = new byte[encoded.remaining()];
                encoded.get(bytes);
                Arrays.fill(encoded.array(), (byte) 0);
                try {
                    return new Pbkdf2(new Hmac(new Sm3(), jcaName)).derive(bytes, salt, iterations, KEY_BYTES);
                } finally {
                    Arrays.fill(bytes, (byte) 0);
                }
            }
            PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, 8 * KEY_BYTES);
            try {
                SecretKey derived = SecretKeyFactory.getInstance("PBKDF2With" + jcaName).generateSecret(spec);
                byte[] key = derived.getEncoded();
                try {
                    derived.destroy();
                } catch (DestroyFailedException e) {
                    // keys of other providers need not support destroy(); ours is wiped below by the caller
                }
                return key;
            } catch (GeneralSecurityException e) {
                throw new InvalidKeyException("PBKDF2With" + jcaName + " failed: " + e.getMessage(), e);
            } finally {
                spec.clearPassword();
            }
        }
    }

    /**
     * PBES2 parameters with SM4-CBC: the PRF, salt, iteration count and IV, and the OID the PRF
     * was read under (null for new parameters, which name it by {@link Prf#writtenOid()}), so
     * that parameters read from a file keep their PRF's OID when encoded again (its parameters,
     * NULL or none, follow the OID).
     */
    record Parameters(Prf prf, byte[] salt, int iterations, byte[] iv, byte[] prfOid) {

        Parameters(Prf prf, byte[] salt, int iterations, byte[] iv) {
            this(prf, salt, iterations, iv, null);
        }

        /**
         * DER, with the PRF omitted when it is the default HMAC-SHA-1 and no key length (SM4 has one).
         *
         * @throws IOException if the property choosing HMAC-SM3's OID is invalid
         */
        byte[] encode() throws IOException {
            Der.Writer pbkdf2 = new Der.Writer().element(Der.OCTET_STRING, salt)
                    .unsignedInteger(intBytes(iterations), 0, 4);
            if (prf != Prf.HMAC_SHA1) {
                byte[] written = prfOid != null ? prfOid : prf.writtenOid();
                Der.Writer algorithm = new Der.Writer().element(Der.OBJECT_IDENTIFIER, written);
                // NULL parameters, as RFC 8018 gives the HMACs and OpenSSL writes, but none under
                // HMAC-SM3's own OID: GmSSL, whose OID that is, writes none and refuses NULL
                if (!Arrays.equals(written, HMAC_SM3_OWN_OID)) {
                    algorithm.element(Der.NULL, new byte[0]);
                }
                pbkdf2.raw(algorithm.wrap(Der.SEQUENCE));
            }
            byte[] kdf = new Der.Writer().element(Der.OBJECT_IDENTIFIER, PBKDF2).raw(pbkdf2.wrap(Der.SEQUENCE))
                    .wrap(Der.SEQUENCE);
            byte[] scheme = new Der.Writer().element(Der.OBJECT_IDENTIFIER, SM4_CBC).element(Der.OCTET_STRING, iv)
                    .wrap(Der.SEQUENCE);
            return new Der.Writer().raw(kdf).raw(scheme).wrap(Der.SEQUENCE);
        }

        String name() {
            return prf.cipherName();
        }

        /**
         * As a spec: for HMAC-SM3 a {@link Pbes2HmacSm3ParameterSpec} when the OID is settled
         * (read from an encoding, or named by a spec), else a plain {@link PBEParameterSpec}.
         */
        PBEParameterSpec spec() {
            IvParameterSpec ivSpec = iv == null ? null : new IvParameterSpec(iv);
            if (prf == Prf.HMAC_SM3 && prfOid != null) {
                return new Pbes2HmacSm3ParameterSpec(salt, iterations, ivSpec, Pbes2HmacSm3ParameterSpec.PrfOid.of(Der.oidString(prfOid)));
            }
            return new PBEParameterSpec(salt, iterations, ivSpec);
        }
    }

    /**
     * The OID a spec names HMAC-SM3 by (DER contents), or null when it names none.
     *
     * @throws InvalidAlgorithmParameterException if it names one for a PRF that is not HMAC-SM3
     */
    static byte[] prfOid(PBEParameterSpec spec, Prf prf) throws InvalidAlgorithmParameterException {
        if (!(spec instanceof Pbes2HmacSm3ParameterSpec named)) {
            return null;
        }
        if (prf != Prf.HMAC_SM3) {
            throw new InvalidAlgorithmParameterException("a Pbes2HmacSm3ParameterSpec is for PBEWithHmacSM3AndSM4, not "
                    + prf.cipherName());
        }
        return Der.oid(named.getPrfOid().oid());
    }

    /**
     * The parameters of a PBES2-params encoding whose encryption scheme is SM4-CBC, or null if
     * its scheme is another one (or its outer structure is not what this class reads), which the
     * caller leaves to the provider that serves it.
     *
     * @throws IOException if the scheme is SM4-CBC but the rest is malformed or unsupported
     */
    static Parameters decode(byte[] encoded) throws IOException {
        Der.Reader kdf;
        byte[] iv;
        try {
            Der.Reader outer = new Der.Reader(encoded);
            Der.Reader params = outer.sequence();
            outer.expectEnd();
            kdf = params.sequence();
            Der.Reader scheme = params.sequence();
            params.expectEnd();
            if (!Arrays.equals(SM4_CBC, scheme.bytes(Der.OBJECT_IDENTIFIER))) {
                return null;
            }
            iv = scheme.bytes(Der.OCTET_STRING);
            scheme.expectEnd();
        } catch (Der.MalformedException e) {
            return null;
        }
        try {
            if (iv.length != KEY_BYTES) {
                throw new IOException("PBES2 with SM4-CBC needs a 16-byte IV, got " + iv.length + " bytes");
            }
            byte[] kdfOid = kdf.bytes(Der.OBJECT_IDENTIFIER);
            if (!Arrays.equals(PBKDF2, kdfOid)) {
                throw new IOException("PBES2 with SM4-CBC is supported with PBKDF2 only, not " + Der.oidString(kdfOid));
            }
            Der.Reader pbkdf2 = kdf.sequence();
            kdf.expectEnd();
            if (pbkdf2.peekTag() != Der.OCTET_STRING) {
                throw new IOException("PBKDF2's salt must be given (an OCTET STRING), not taken from another source");
            }
            byte[] salt = pbkdf2.bytes(Der.OCTET_STRING);
            int iterations = positiveInt(pbkdf2.unsignedInteger(), "iteration count");
            if (pbkdf2.peekTag() == Der.INTEGER) {
                int keyLength = positiveInt(pbkdf2.unsignedInteger(), "key length");
                if (keyLength != KEY_BYTES) {
                    throw new IOException("PBKDF2's key length for SM4 must be 16, not " + keyLength);
                }
            }
            Prf prf = Prf.HMAC_SHA1;
            byte[] prfOid = null;
            if (pbkdf2.hasMore()) {
                Der.Reader algorithm = pbkdf2.sequence();
                prfOid = algorithm.bytes(Der.OBJECT_IDENTIFIER);
                prf = Prf.forOid(prfOid);
                if (prf == null) {
                    throw new IOException("unsupported PBKDF2 PRF " + Der.oidString(prfOid));
                }
                if (algorithm.hasMore() && algorithm.bytes(Der.NULL).length != 0) {
                    throw new IOException("the PRF's parameters must be NULL");
                }
                algorithm.expectEnd();
            }
            pbkdf2.expectEnd();
            return new Parameters(prf, salt, iterations, iv, prfOid);
        } catch (Der.MalformedException e) {
            throw new IOException("malformed PBES2 parameters with SM4-CBC: " + e.getMessage(), e);
        }
    }

    private static int positiveInt(byte[] magnitude, String what) throws IOException {
        if (magnitude.length == 0 || magnitude.length > 4 || magnitude.length == 4 && magnitude[0] < 0) {
            throw new IOException("PBKDF2's " + what + " must lie in [1, 2^31 - 1]");
        }
        int value = 0;
        for (byte b : magnitude) {
            value = (value << 8) | (b & 0xff);
        }
        return value;
    }

    private static byte[] intBytes(int value) {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }
}
