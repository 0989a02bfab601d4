package org.shangmi.pki;

import org.shangmi.core.util.Der;

/**
 * The algorithm a PKCS#8 private key names (RFC 5208's PrivateKeyInfo): its OID and, where its
 * parameters are one, the OID they hold (an EC key's named curve), read before choosing the
 * {@code KeyFactory} that decodes the key. Nothing of the key itself is read.
 *
 * @param oid the key algorithm's OID, dotted
 * @param parameterOid the parameters' OID, dotted, or null when the parameters are not an OID
 */
public record KeyAlgorithm(String oid, String parameterOid) {

    /** The algorithm of the PKCS#8 DER, or null if it is not a PrivateKeyInfo. */
    public static KeyAlgorithm ofPkcs8(byte[] der) {
        try {
            Der.Reader info = new Der.Reader(der).sequence();
            info.smallInteger();
            Der.Reader algorithm = info.sequence();
            String oid = Der.oidString(algorithm.bytes(Der.OBJECT_IDENTIFIER));
            String parameter = algorithm.peekTag() == Der.OBJECT_IDENTIFIER
                    ? Der.oidString(algorithm.bytes(Der.OBJECT_IDENTIFIER)) : null;
            return new KeyAlgorithm(oid, parameter);
        } catch (Der.MalformedException | RuntimeException e) {
            return null;
        }
    }
}
