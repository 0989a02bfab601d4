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
    /** A leaf whose key usage is keyEncipherment alone (the encryption certificate of a GM pair). */
    final X509Certificate encipherOnly;
    final PrivateKey leafKey;
    final PrivateKey otherKey;
    final X509CRL crl;

    CmsPki(Path directory) throws Exception {
        openssl = new OpenSslPki(Files.createDirectories(directory)).chain();
        openssl.issue("other", "/C=CN/O=ShangMi Test/CN=other.example.com", "inter", "leaf", 10);
        java.nio.file.Files.writeString(openssl.path("encipher.cnf"),
                "[ encipher ]\nbasicConstraints = critical,CA:FALSE\nkeyUsage = critical,keyEncipherment\n");
        openssl.crl("inter");
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        root = OpenSslPki.certificate(factory, openssl.path("root.pem"));
        inter = OpenSslPki.certificate(factory, openssl.path("inter.pem"));
        leaf = OpenSslPki.certificate(factory, openssl.path("leaf.pem"));
        other = OpenSslPki.certificate(factory, openssl.path("other.pem"));
        encipherOnly = OpenSslPki.certificate(factory, encipher());
        crl = OpenSslPki.crl(factory, openssl.path("inter.crl"));
        leafKey = key("leaf");
        otherKey = key("other");
    }

    /** encipher.pem from inter, with the encipher.cnf extensions (OpenSslPki's sections have no such leaf). */
    private java.nio.file.Path encipher() {
        openssl.sm2Key("encipher");
        java.nio.file.Path csr = openssl.path("encipher.csr");
        org.shangmi.core.testing.OpenSslCommand.run(new byte[0], "req", "-new", "-key", openssl.path("encipher.key").toString(),
                "-sm3", "-sigopt", OpenSslPki.ID_OPTION, "-subj", "/C=CN/O=ShangMi Test/CN=encipher.example.com", "-out",
                csr.toString());
        java.nio.file.Path certificate = openssl.path("encipher.pem");
        org.shangmi.core.testing.OpenSslCommand.run(new byte[0], "x509", "-req", "-in", csr.toString(), "-vfyopt",
                OpenSslPki.ID_OPTION, "-CA", openssl.path("inter.pem").toString(), "-CAkey", openssl.path("inter.key").toString(),
                "-sm3", "-sigopt", OpenSslPki.ID_OPTION, "-days", "10", "-extfile", openssl.path("encipher.cnf").toString(),
                "-extensions", "encipher", "-out", certificate.toString());
        return certificate;
    }

    PrivateKey key(String name) throws Exception {
        return KeyFactory.getInstance("SM2", ShangMiProvider.NAME)
                .generatePrivate(new PemKeySpec(Files.readString(openssl.path(name + ".key"))));
    }
}
