package org.shangmi.tls.tlcp;

import java.io.ByteArrayInputStream;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * Certificate (GB/T 38636-2020 section 6.4.5): a list of DER certificates, each with a 24-bit
 * length, in a vector with a 24-bit length. Which certificate is which (signing, encryption, CA)
 * is the reader's business ({@link PeerCertificates}).
 */
record CertificateMessage(List<byte[]> certificates) {

    static CertificateMessage of(X509Certificate[] list) throws CertificateEncodingException {
        List<byte[]> encoded = new ArrayList<>();
        for (X509Certificate certificate : list) {
            encoded.add(certificate.getEncoded());
        }
        return new CertificateMessage(encoded);
    }

    static CertificateMessage parse(byte[] body) throws TlcpAlertException {
        MessageReader reader = new MessageReader(body, "Certificate");
        MessageReader list = new MessageReader(reader.vector24(), "the certificate list");
        reader.end();
        List<byte[]> certificates = new ArrayList<>();
        while (list.remaining() > 0) {
            certificates.add(list.vector24());
        }
        return new CertificateMessage(certificates);
    }

    byte[] encode() {
        int total = 0;
        for (byte[] der : certificates) {
            total += 3 + der.length;
        }
        MessageWriter writer = new MessageWriter(HandshakeType.CERTIFICATE).uint24(total);
        for (byte[] der : certificates) {
            writer.vector24(der);
        }
        return writer.toByteArray();
    }

    /** The certificates, read as X.509; one that cannot be read is a bad_certificate. */
    X509Certificate[] x509() throws TlcpAlertException {
        List<X509Certificate> out = new ArrayList<>();
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (byte[] der : certificates) {
                out.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
            }
        } catch (CertificateException | ClassCastException e) {
            throw new TlcpAlertException(TlcpAlert.BAD_CERTIFICATE, "a certificate cannot be read: " + e.getMessage(), e);
        }
        return out.toArray(new X509Certificate[0]);
    }
}
