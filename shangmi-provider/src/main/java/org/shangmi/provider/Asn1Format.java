package org.shangmi.provider;

import java.io.IOException;

/** The one encoding the provider's {@code AlgorithmParameters} read and write: ASN.1 in DER. */
final class Asn1Format {

    private Asn1Format() {
    }

    /**
     * @param format an {@code AlgorithmParameters} format name: null (the default), "ASN.1" or "DER"
     * @throws IOException for any other, naming {@code what} the parameters are
     */
    static void require(String format, String what) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1") && !format.equalsIgnoreCase("DER")) {
            throw new IOException(what + " parameters come in ASN.1 (DER) only, not " + format);
        }
    }
}
