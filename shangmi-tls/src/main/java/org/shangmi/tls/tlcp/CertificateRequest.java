package org.shangmi.tls.tlcp;

import java.util.ArrayList;
import java.util.List;

/**
 * CertificateRequest (GB/T 38636-2020 section 6.4.5): the certificate types (TLCP's clients sign
 * with SM2: ecdsa_sign, 64) and the distinguished names of the authorities the server accepts,
 * each DER with a 16-bit length, in a vector with a 16-bit length.
 */
record CertificateRequest(byte[] types, List<byte[]> authorities) {

    /** The certificate_type for SM2 signing certificates (ecdsa_sign). */
    static final int ECDSA_SIGN = 64;

    static CertificateRequest parse(byte[] body) throws TlcpAlertException {
        MessageReader reader = new MessageReader(body, "CertificateRequest");
        byte[] types = reader.vector8();
        MessageReader names = new MessageReader(reader.vector16(), "the certificate authorities");
        reader.end();
        List<byte[]> authorities = new ArrayList<>();
        while (names.remaining() > 0) {
            authorities.add(names.vector16());
        }
        return new CertificateRequest(types, authorities);
    }

    byte[] encode() {
        MessageWriter writer = new MessageWriter(HandshakeType.CERTIFICATE_REQUEST).vector8(types);
        int names = writer.mark();
        writer.uint16(0);
        for (byte[] name : authorities) {
            writer.vector16(name);
        }
        writer.patch16(names);
        return writer.toByteArray();
    }
}
