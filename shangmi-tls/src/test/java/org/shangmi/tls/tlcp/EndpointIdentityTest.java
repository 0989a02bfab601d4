package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shangmi.core.testing.OpenSslPki;

/**
 * The host-name rules of RFC 6125 (section 6.4) and RFC 9525 on certificates openssl made: the
 * expected verdicts are the RFCs', case by case.
 */
class EndpointIdentityTest extends WithShangMi {

    @TempDir
    static Path directory;
    static OpenSslPki pki;
    static CertificateFactory factory;

    @BeforeAll
    static void setUp() throws Exception {
        pki = new OpenSslPki(directory);
        Files.writeString(pki.path("extensions.cnf"), """
                [ names ]
                subjectAltName = DNS:*.example.com,DNS:Exact.Example.ORG,IP:192.0.2.7,IP:2001:db8::1
                [ bad_wildcards ]
                subjectAltName = DNS:w*.example.net,DNS:*.com,DNS:a.*.example.net,DNS:*.*.example.net
                [ ip_text_as_dns ]
                subjectAltName = DNS:192.0.2.8
                [ ip_only ]
                subjectAltName = IP:192.0.2.7
                [ no_names ]
                basicConstraints = critical,CA:FALSE
                """, StandardOpenOption.APPEND);
        pki.root("root", "/C=CN/O=ShangMi Test/CN=Root", 1);
        pki.issue("names", "/C=CN/O=ShangMi Test/CN=cn.example.net", "root", "names", 1);
        pki.issue("bad_wildcards", "/C=CN/O=ShangMi Test/CN=www.example.net", "root", "bad_wildcards", 1);
        pki.issue("ip_text_as_dns", "/C=CN/O=ShangMi Test/CN=192.0.2.8", "root", "ip_text_as_dns", 1);
        pki.issue("ip_only", "/C=CN/O=ShangMi Test/CN=cn.example.net", "root", "ip_only", 1);
        pki.issue("no_names", "/C=CN/O=Other/CN=other.example/O=ShangMi Test/CN=cn.example.net", "root", "no_names", 1);
        factory = CertificateFactory.getInstance("X.509");
    }

    private static X509Certificate certificate(String name) throws Exception {
        return OpenSslPki.certificate(factory, pki.path(name + ".pem"));
    }

    @ParameterizedTest(name = "{1} against {0}: {2}")
    @CsvSource({
        // a wildcard stands for exactly one whole left-most label
        "names, www.example.com, true",
        "names, WWW.Example.Com, true",
        "names, www.example.com., true",
        "names, example.com, false",
        "names, a.b.example.com, false",
        "names, .example.com, false",
        // exact names, case-insensitively
        "names, exact.example.org, true",
        "names, other.example.org, false",
        // with DNS names present the common name is not consulted
        "names, cn.example.net, false",
        // IP addresses match iPAddress names only, never DNS names or the common name
        "names, 192.0.2.7, true",
        "names, 192.0.2.8, false",
        "names, 2001:db8::1, true",
        "names, [2001:db8:0:0:0:0:0:1], true",
        "names, 2001:db8::2, false",
        "ip_text_as_dns, 192.0.2.8, false",
        // partial-label wildcards, wildcards over a top-level domain, and wildcards not left-most match nothing
        "bad_wildcards, www.example.net, false",
        "bad_wildcards, w1.example.net, false",
        "bad_wildcards, example.com, false",
        "bad_wildcards, a.b.example.net, false",
        // a certificate with no DNS name falls back to its most specific common name
        "ip_only, cn.example.net, true",
        "no_names, cn.example.net, true",
        "no_names, other.example, false",
        "no_names, 192.0.2.7, false",
    })
    void matches(String certificate, String host, boolean expected) throws Exception {
        assertEquals(expected, EndpointIdentity.matches(host, certificate(certificate)));
    }

    @ParameterizedTest
    @CsvSource({"HTTPS", "https", "LDAPS"})
    void theKnownAlgorithmsCheckTheName(String algorithm) throws Exception {
        EndpointIdentity.check(algorithm, "www.example.com", certificate("names"));
        CertificateException refused = assertThrows(CertificateException.class,
                () -> EndpointIdentity.check(algorithm, "bank.example", certificate("names")));
        assertTrue(refused.getMessage().startsWith("host name does not match"), refused.getMessage());
        assertTrue(refused.getMessage().contains("bank.example"), refused.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"SMTP", "none"})
    void anUnknownAlgorithmIsRefused(String algorithm) {
        assertThrows(CertificateException.class, () -> EndpointIdentity.check(algorithm, "www.example.com", certificate("names")));
    }
}
