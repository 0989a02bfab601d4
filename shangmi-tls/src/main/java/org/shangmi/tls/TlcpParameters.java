package org.shangmi.tls;

import java.util.Objects;
import javax.net.ssl.SSLParameters;

/**
 * {@link SSLParameters} with the TLCP choices where peers in the field differ. A TLCP engine's
 * {@code getSSLParameters()} returns one; set it back with {@code setSSLParameters} after
 * changing it:
 * <pre>{@code
 * TlcpParameters parameters = (TlcpParameters) engine.getSSLParameters();
 * parameters.setCertificateVerifyForm(TlcpParameters.CertificateVerifyForm.MESSAGES); // a GmSSL 3 server
 * engine.setSSLParameters(parameters);
 * }</pre>
 * What this side receives is read in either form; these settings decide only what it sends and
 * which key entries it uses.
 */
public final class TlcpParameters extends SSLParameters {

    /** The order of the certificate list in a Certificate message. */
    public enum CertificateOrder {
        /** Signing, encryption, then the CA certificates: the standard's order, and every peer's. */
        SIGN_ENC_CA,
        /** Signing, the CA certificates, then encryption (seen in some deployments). */
        SIGN_CA_ENC,
        /** The two leaf certificates alone (for gmsm's client, which checks every certificate of the list against the host name). */
        SIGN_ENC
    }

    /** What a client's CertificateVerify signs. */
    public enum CertificateVerifyForm {
        /** The SM3 hash of the handshake messages, as GB/T 38636-2020, Tongsuo and gmsm do. */
        HASH,
        /** The handshake messages themselves, as GmSSL 3 does (and its servers require). */
        MESSAGES
    }

    private CertificateOrder certificateOrder = CertificateOrder.SIGN_ENC_CA;
    private CertificateVerifyForm certificateVerifyForm = CertificateVerifyForm.HASH;
    private boolean bareEcdheKeyExchange;
    private boolean signingChainOnlyForEcc;
    private String signAlias;
    private String encAlias;

    /** Parameters with the defaults: the standard's certificate order and CertificateVerify form, aliases chosen by key usage. */
    public TlcpParameters() {
    }

    public CertificateOrder getCertificateOrder() {
        return certificateOrder;
    }

    /** The order in which this side sends its certificates. */
    public void setCertificateOrder(CertificateOrder order) {
        certificateOrder = Objects.requireNonNull(order, "order");
    }

    public CertificateVerifyForm getCertificateVerifyForm() {
        return certificateVerifyForm;
    }

    /** What this side, as a client, signs in CertificateVerify. A server accepts both forms. */
    public void setCertificateVerifyForm(CertificateVerifyForm form) {
        certificateVerifyForm = Objects.requireNonNull(form, "form");
    }

    public boolean getBareEcdheKeyExchange() {
        return bareEcdheKeyExchange;
    }

    /**
     * Whether this side, as a client, sends an ECDHE ClientKeyExchange without the two-byte
     * length before its parameters (Tongsuo's and Tencent Kona's servers require that; GmSSL's
     * and the standard's, GB/T 38636-2020 6.4.5.8, have the length). A server accepts both.
     */
    public void setBareEcdheKeyExchange(boolean bare) {
        bareEcdheKeyExchange = bare;
    }

    public boolean getSigningChainOnlyForEcc() {
        return signingChainOnlyForEcc;
    }

    /**
     * Whether this side, as a client asked for its certificates in an ECC suite, sends its signing
     * chain alone. By default it sends the signing and the encryption certificate, as GB/T
     * 38636-2020 6.4.5.7 has it and as Tencent Kona's servers require; GmSSL 3's servers refuse
     * that list in the ECC suites (they check every certificate after the first as a CA: GmSSL
     * issue #1919) and take the signing chain alone. A server accepts both.
     */
    public void setSigningChainOnlyForEcc(boolean signingChainOnly) {
        signingChainOnlyForEcc = signingChainOnly;
    }

    public String getSignAlias() {
        return signAlias;
    }

    public String getEncAlias() {
        return encAlias;
    }

    /**
     * The key manager aliases of the signing and the encryption key pairs; null (the default)
     * chooses them by key usage among the key manager's SM2 entries.
     */
    public void setKeyAliases(String signAlias, String encAlias) {
        if ((signAlias == null) != (encAlias == null)) {
            throw new IllegalArgumentException("give both aliases, or neither");
        }
        this.signAlias = signAlias;
        this.encAlias = encAlias;
    }
}
