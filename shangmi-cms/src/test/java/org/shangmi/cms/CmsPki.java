package org.shangmi.cms;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.spec.PemKeySpec;

/**
 * An openssl-made SM2 PKI for the CMS tests: root, inter and leaf (keyEncipherment and
 * digitalSignature), a second leaf "other" from the same intermediate, and inter's CRL.
 */
final class CmsPki {

    final OpenSslPki openssl;
    final X509Certificate root;
    final X509Certificate inter;
    final X509Certificate leaf;
    final X509Certificate other;
    final PrivateKey leafKey;
    final PrivateKey otherKey;
    final X509CRL crl;

    CmsPki(Path directory) throws Exception {
        openssl = new OpenSslPki(Files.createDirectories(directory)).chain();
        openssl.issue("other", "/C=CN/O=ShangMi Test/CN=other.example.com", "inter", "leaf", 10);
        openssl.crl("inter");
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        root = OpenSslPki.certificate(factory, openssl.path("root.pem"));
        inter = OpenSslPki.certificate(factory, openssl.path("inter.pem"));
        leaf = OpenSslPki.certificate(factory, openssl.path("leaf.pem"));
        other = OpenSslPki.certificate(factory, openssl.path("other.pem"));
        crl = OpenSslPki.crl(factory, openssl.path("inter.crl"));
        leafKey = key("leaf");
        otherKey = key("other");
    }

    PrivateKey key(String name) throws Exception {
        return KeyFactory.getInstance("SM2", ShangMiProvider.NAME)
                .generatePrivate(new PemKeySpec(Files.readString(openssl.path(name + ".key"))));
    }
}
