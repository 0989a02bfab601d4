package org.shangmi.tls.tlcp;

/** CertificateVerify (GB/T 38636-2020 section 6.4.5): the client's SM2 signature, with a 16-bit length. */
record CertificateVerify(byte[] signature) {

    static CertificateVerify parse(byte[] body) throws TlcpAlertException {
        MessageReader reader = new MessageReader(body, "CertificateVerify");
        byte[] signature = reader.vector16();
        reader.end();
        return new CertificateVerify(signature);
    }

    byte[] encode() {
        return new MessageWriter(HandshakeType.CERTIFICATE_VERIFY).vector16(signature).toByteArray();
    }
}
