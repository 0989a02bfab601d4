package org.shangmi.tls.tlcp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.shangmi.core.testing.OpenSslPki;

/**
 * A TLCP PKI made by openssl: root, an intermediate, and for the server (localhost) and the
 * client a signing certificate (digitalSignature) and an encryption certificate
 * (keyEncipherment, dataEncipherment, keyAgreement) with one subject, all SM2 with the default
 * ID. Key stores hold each side's two entries, "sign" and "enc", with their chains.
 */
final class OpenSslTlcpPki {

    static final char[] PASSWORD = "secret".toCharArray();

    private static final String SECTIONS = """
            [ tlcp_sign ]
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,digitalSignature
            subjectAltName = DNS:localhost,IP:127.0.0.1
            [ tlcp_enc ]
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,keyEncipherment,dataEncipherment,keyAgreement
            subjectAltName = DNS:localhost,IP:127.0.0.1
            [ tlcp_sign_only_encipherment ]
            basicConstraints = critical,CA:FALSE
            keyUsage = critical,keyEncipherment
            subjectAltName = DNS:localhost,IP:127.0.0.1
            """;

    final OpenSslPki pki;
    private final CertificateFactory certificates;

    OpenSslTlcpPki(Path directory) throws Exception {
        pki = new OpenSslPki(directory);
        Files.writeString(pki.path("extensions.cnf"), SECTIONS, StandardOpenOption.APPEND);
        pki.root("root", "/C=CN/O=ShangMi Test/CN=TLCP Root", 30);
        pki.issue("inter", "/C=CN/O=ShangMi Test/CN=TLCP Intermediate", "root", "ca", 20);
        for (String side : new String[] {"server", "client"}) {
            String subject = "/C=CN/O=ShangMi Test/CN=" + (side.equals("server") ? "localhost" : "client");
            pki.issue(side + "_sign", subject, "inter", "tlcp_sign", 10);
            pki.issue(side + "_enc", subject, "inter", "tlcp_enc", 10);
        }
        certificates = CertificateFactory.getInstance("X.509");
    }

    /**
     * Another double certificate issued by the intermediate, {@code name_sign} and
     * {@code name_enc}, for the subject given and with {@code subjectAltName} as given (openssl's
     * syntax, e.g. {@code DNS:localhost}).
     */
    void issueDouble(String name, String subject, String subjectAltName) throws Exception {
        Files.writeString(pki.path("extensions.cnf"), "[ " + name + "_sign ]\nbasicConstraints = critical,CA:FALSE\n"
                + "keyUsage = critical,digitalSignature\nsubjectAltName = " + subjectAltName + "\n[ " + name + "_enc ]\n"
                + "basicConstraints = critical,CA:FALSE\nkeyUsage = critical,keyEncipherment,dataEncipherment,keyAgreement\n"
                + "subjectAltName = " + subjectAltName + "\n", StandardOpenOption.APPEND);
        pki.issue(name + "_sign", subject, "inter", name + "_sign", 10);
        pki.issue(name + "_enc", subject, "inter", name + "_enc", 10);
    }

    Certificate certificate(String name) throws Exception {
        return OpenSslPki.certificate(certificates, pki.path(name + ".pem"));
    }

    PrivateKey key(String name) throws Exception {
        String pem = Files.readString(pki.path(name + ".key"));
        String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("SM2").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }

    /** The side's key store: "sign" and "enc" entries, each with the chain leaf, inter. */
    KeyStore keys(String side) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        for (String use : new String[] {"sign", "enc"}) {
            String name = side + "_" + use;
            store.setKeyEntry(use, key(name), PASSWORD, new Certificate[] {certificate(name), certificate("inter")});
        }
        return store;
    }

    KeyManager[] keyManagers(String side) throws Exception {
        KeyManagerFactory factory = KeyManagerFactory.getInstance("SunX509", "SunJSSE");
        factory.init(keys(side), PASSWORD);
        return factory.getKeyManagers();
    }

    TrustManager[] trustManagers() throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("root", certificate("root"));
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        factory.init(store);
        return factory.getTrustManagers();
    }
}
