package org.shangmi.tls.tlcp;

import org.shangmi.tls.TlcpParameters;

/**
 * The choices where TLCP peers in the field differ (docs/design/tlcp.md): the order of the
 * certificate list sent, the form of the client's CertificateVerify, the framing of an ECDHE
 * ClientKeyExchange, and explicit key aliases. Receiving is lenient about the first three either
 * way; these only decide what this side sends.
 *
 * @param certificateOrder the order of the certificate list this side sends
 * @param rawCertificateVerify sign the handshake messages themselves, as GmSSL 3 expects, rather
 *        than their SM3 hash, as the standard and the other peers do
 * @param bareEcdheKeyExchange send an ECDHE ClientKeyExchange without its two-byte length (Tongsuo, Kona)
 * @param signingChainOnlyForEcc as an ECC client, send the signing chain without the encryption certificate (GmSSL)
 * @param signAlias the key manager alias of the signing key pair, or null to choose by key usage
 * @param encAlias the alias of the encryption key pair, or null to choose by key usage
 */
record TlcpOptions(TlcpParameters.CertificateOrder certificateOrder, boolean rawCertificateVerify, boolean bareEcdheKeyExchange,
        boolean signingChainOnlyForEcc, String signAlias, String encAlias) {

    /** The options a public {@link TlcpParameters} holds. */
    static TlcpOptions of(TlcpParameters parameters) {
        return new TlcpOptions(parameters.getCertificateOrder(),
                parameters.getCertificateVerifyForm() == TlcpParameters.CertificateVerifyForm.MESSAGES,
                parameters.getBareEcdheKeyExchange(), parameters.getSigningChainOnlyForEcc(), parameters.getSignAlias(),
                parameters.getEncAlias());
    }

    /** Writes these options into the public parameters. */
    void into(TlcpParameters parameters) {
        parameters.setCertificateOrder(certificateOrder);
        parameters.setCertificateVerifyForm(rawCertificateVerify
                ? TlcpParameters.CertificateVerifyForm.MESSAGES : TlcpParameters.CertificateVerifyForm.HASH);
        parameters.setBareEcdheKeyExchange(bareEcdheKeyExchange);
        parameters.setSigningChainOnlyForEcc(signingChainOnlyForEcc);
        parameters.setKeyAliases(signAlias, encAlias);
    }

    static final TlcpOptions DEFAULT = new TlcpOptions(TlcpParameters.CertificateOrder.SIGN_ENC_CA, false, false, false, null, null);
}
