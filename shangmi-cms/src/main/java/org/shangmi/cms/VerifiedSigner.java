package org.shangmi.cms;

import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.HexFormat;

/**
 * A signer whose signature verified.
 *
 * @param certificate the signer's certificate (from the message or given to the verifier); not
 *        yet validated against any trust anchor: see {@link SignedMessage#validate}
 * @param id the SM2 ID the signature verified with, or null for GmSSL's form (no Z, no ID)
 * @param signingTime the signing-time attribute, or null if the signer has none
 */
public record VerifiedSigner(X509Certificate certificate, byte[] id, Instant signingTime) {

    public VerifiedSigner {
        id = id == null ? null : id.clone();
    }

    @Override
    public byte[] id() {
        return id == null ? null : id.clone();
    }

    /** How the signature verified, for people: the ID, or GmSSL's form. */
    public String form() {
        if (id == null) {
            return "SM2 over SM3 of the encapsulated content, without Z (GmSSL's form)";
        }
        if (id.length == 0) {
            return "SM3withSM2, empty ID (OpenSSL 3.0's)";
        }
        boolean printable = true;
        for (byte b : id) {
            printable &= b >= 0x20 && b < 0x7f;
        }
        return "SM3withSM2, ID " + (printable ? "\"" + new String(id, StandardCharsets.US_ASCII) + "\"" : HexFormat.of().formatHex(id));
    }
}
