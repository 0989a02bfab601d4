package org.shangmi.provider.spec;

import java.util.Objects;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEParameterSpec;

/**
 * Parameters of {@code "PBEWithHmacSM3AndSM4"} (PBES2: PBKDF2 with HMAC-SM3, then SM4-CBC) that
 * also say under which OID the parameters name HMAC-SM3. GM/T 0091-2020 gives it two, and the
 * peers read one each:
 *
 * <ul>
 * <li>{@link PrfOid#HMAC_SM3}, 1.2.156.10197.1.401.2, HMAC-SM3's own OID (the standard's appendix
 * C), written without parameters: what GmSSL 3 and Bouncy Castle read. The default.</li>
 * <li>{@link PrfOid#GMT_0091_A2}, 1.2.156.10197.1.401.3.1 (appendix A.2, OpenSSL's
 * {@code hmacWithSM3}), written with NULL parameters as RFC 8018 gives the HMACs: what OpenSSL
 * after 3.0 reads. GmSSL and Bouncy Castle do not.</li>
 * </ul>
 *
 * <p>OpenSSL 3.0 reads neither: for it, use HMAC-SHA256 as the PRF
 * ({@code "PBEWithHmacSHA256AndSM4"}). The provider reads both OIDs whatever this says.
 *
 * <pre>{@code
 * Cipher cipher = Cipher.getInstance("PBEWithHmacSM3AndSM4", "ShangMi");
 * cipher.init(Cipher.ENCRYPT_MODE, passwordKey, new Pbes2HmacSm3ParameterSpec(salt, 10_000,
 *         new IvParameterSpec(iv), Pbes2HmacSm3ParameterSpec.PrfOid.GMT_0091_A2));
 * byte[] encoded = cipher.getParameters().getEncoded();   // PBES2 naming 1.2.156.10197.1.401.3.1
 * }</pre>
 *
 * <p>A plain {@link PBEParameterSpec} gets {@link PrfOid#HMAC_SM3}, unless the system property
 * {@code shangmi.pbes2.hmacSM3Oid} names the other OID: that property sets the default for every
 * caller in the JVM (the JDK's PKCS12 keystore, which passes plain specs, among them), and this
 * spec chooses for one. Parameters read from an encoding keep the OID they were read under, and
 * report it through this class.
 */
public final class Pbes2HmacSm3ParameterSpec extends PBEParameterSpec {

    /** The OIDs HMAC-SM3 is written under as PBKDF2's PRF. */
    public enum PrfOid {
        /** 1.2.156.10197.1.401.2 with no parameters: GmSSL and Bouncy Castle read it. */
        HMAC_SM3("1.2.156.10197.1.401.2"),
        /** 1.2.156.10197.1.401.3.1 with NULL parameters: OpenSSL after 3.0 reads it. */
        GMT_0091_A2("1.2.156.10197.1.401.3.1");

        private final String oid;

        PrfOid(String oid) {
            this.oid = oid;
        }

        /** The OID in dotted form. */
        public String oid() {
            return oid;
        }

        /**
         * The constant for an OID in dotted form.
         *
         * @throws IllegalArgumentException if it is neither of HMAC-SM3's OIDs
         */
        public static PrfOid of(String oid) {
            for (PrfOid value : values()) {
                if (value.oid.equals(oid)) {
                    return value;
                }
            }
            throw new IllegalArgumentException("HMAC-SM3's OID is 1.2.156.10197.1.401.2 or 1.2.156.10197.1.401.3.1, not "
                    + oid);
        }
    }

    private final PrfOid prfOid;

    /**
     * @param salt PBKDF2's salt (copied)
     * @param iterationCount PBKDF2's iteration count
     * @param iv SM4-CBC's 16-byte IV, or null for the cipher to choose one when encrypting
     * @param prfOid the OID to name HMAC-SM3 by
     */
    public Pbes2HmacSm3ParameterSpec(byte[] salt, int iterationCount, IvParameterSpec iv, PrfOid prfOid) {
        super(salt, iterationCount, iv);
        this.prfOid = Objects.requireNonNull(prfOid, "prfOid");
    }

    /** The OID HMAC-SM3 is named by. */
    public PrfOid getPrfOid() {
        return prfOid;
    }
}
