package org.shangmi.tls.tlcp;

/**
 * The choices where TLCP peers in the field differ (docs/design/tlcp.md): the order of the
 * certificate list sent, the form of the client's CertificateVerify, the framing of an ECDHE
 * ClientKeyExchange, and explicit key aliases. Receiving is lenient about the first three either
 * way; these only decide what this side sends.
 *
 * @param certificateOrder the order of the certificate list this side sends
 * @param rawCertificateVerify sign the handshake messages themselves, as GmSSL 3 expects, rather
 *        than their SM3 hash, as the standard and the other peers do
 * @param bareEcdheKeyExchange send an ECDHE ClientKeyExchange without its two-byte length (Tongsuo)
 * @param signAlias the key manager alias of the signing key pair, or null to choose by key usage
 * @param encAlias the alias of the encryption key pair, or null to choose by key usage
 */
record TlcpOptions(CertificateOrder certificateOrder, boolean rawCertificateVerify, boolean bareEcdheKeyExchange,
        String signAlias, String encAlias) {

    static final TlcpOptions DEFAULT = new TlcpOptions(CertificateOrder.SIGN_ENC_CA, false, false, null, null);

    /** The orders of a Certificate message's list found in the field. */
    enum CertificateOrder {
        /** Signing, encryption, then the CA certificates: the standard's order and every peer's. */
        SIGN_ENC_CA,
        /** Signing, the CA certificates, then encryption. */
        SIGN_CA_ENC,
        /** The two leaves alone (gmsm's client checks every certificate of the list against the host name). */
        SIGN_ENC
    }
}
