package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;

/**
 * -verify_hostname and -verify_ip's check of a certificate against openssl's: for each name, the
 * verdict of {@code openssl x509 -checkhost} (or {@code -checkip}), which applies the same
 * X509_check_host rules as {@code openssl s_client -verify_hostname}, on certificates openssl made.
 */
class HostCheckTest {

    @TempDir
    static Path directory;

    @BeforeAll
    static void openssl() {
        OpenSslCommand.assumeAvailable();
    }

    /** A self-signed P-256 certificate made by openssl with the subject and, unless null, the subjectAltName given. */
    private static Path certificate(String name, String subject, String alternativeNames) {
        Path key = directory.resolve(name + ".key");
        Path certificate = directory.resolve(name + ".pem");
        OpenSslCommand.run(new byte[0], "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                "-out", key.toString());
        List<String> args = new ArrayList<>(List.of("req", "-x509", "-new", "-key", key.toString(), "-sha256", "-subj", subject,
                "-days", "1", "-out", certificate.toString()));
        if (alternativeNames != null) {
            args.addAll(List.of("-addext", "subjectAltName = " + alternativeNames));
        }
        OpenSslCommand.run(new byte[0], args.toArray(String[]::new));
        return certificate;
    }

    private static X509Certificate read(Path pem) throws Exception {
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    /** Whether openssl says the certificate matches: {@code option} is -checkhost or -checkip. */
    private static boolean opensslMatches(Path certificate, String option, String name) {
        String said = new String(OpenSslCommand.run(new byte[0], "x509", "-in", certificate.toString(), "-noout", option, name),
                StandardCharsets.UTF_8);
        assertTrue(said.contains(" does match certificate") || said.contains(" does NOT match certificate"), said);
        return said.contains(" does match certificate");
    }

    private static void agreesWithOpenssl(Path pem, String... names) throws Exception {
        X509Certificate certificate = read(pem);
        for (String name : names) {
            boolean theirs = opensslMatches(pem, "-checkhost", name);
            String ours = HostCheck.hostName(name).mismatch(certificate);
            assertEquals(theirs ? null : "hostname mismatch", ours, name + " against " + pem.getFileName());
        }
    }

    @Test
    void wildcardsAsOpensslHasThem() throws Exception {
        Path wild = certificate("wild", "/CN=wild", "DNS:*.example.com,DNS:f*.example.net,DNS:*z.example.org,DNS:*.com,"
                + "DNS:www.Example.info,DNS:a*b.example.biz,DNS:xn--*.example.edu,DNS:*.-bad.example.gov");
        agreesWithOpenssl(wild, "a.example.com", "A.Example.COM", "example.com", "a.b.example.com", "xn--abc.example.com",
                "a_b.example.com", "-a.example.com", "foo.example.net", "f.example.net", "bar.example.net", "xn--f.example.net",
                "zz.example.org", "z.example.org", "yz.example.org", "x.com", "www.example.info", "WWW.EXAMPLE.INFO",
                "a*b.example.biz", "axb.example.biz", "xn--q.example.edu", "xn--*.example.edu", "a.-bad.example.gov",
                "wild", "www.example.info.");
    }

    @Test
    void theCommonNameCountsOnlyWithoutDnsNames() throws Exception {
        agreesWithOpenssl(certificate("cn", "/O=Example/CN=cn.example.com", null), "cn.example.com", "CN.example.com",
                "other.example.com");
        agreesWithOpenssl(certificate("cn-wild", "/CN=*.example.com", null), "a.example.com", "example.com");
        agreesWithOpenssl(certificate("cn-and-san", "/CN=cn.example.com", "DNS:san.example.com"), "cn.example.com",
                "san.example.com");
        agreesWithOpenssl(certificate("cn-and-ip", "/CN=cn.example.com", "IP:192.0.2.1"), "cn.example.com");
    }

    @Test
    void addressesAsOpensslHasThem() throws Exception {
        Path pem = certificate("ip", "/CN=192.0.2.9", "DNS:localhost,IP:127.0.0.1,IP:2001:db8::1");
        X509Certificate certificate = read(pem);
        for (String address : new String[] {"127.0.0.1", "127.0.0.2", "2001:db8::1", "2001:0db8:0:0:0:0:0:1", "2001:db8::2",
            "192.0.2.9", "::1"}) {
            boolean theirs = opensslMatches(pem, "-checkip", address);
            assertEquals(theirs ? null : "IP address mismatch", HostCheck.ipAddress(address).mismatch(certificate), address);
        }
        // an address is no host name, and a host name no address
        assertEquals("hostname mismatch", HostCheck.hostName("127.0.0.2").mismatch(certificate));
        assertThrows(IllegalArgumentException.class, () -> HostCheck.ipAddress("localhost"));
        assertThrows(IllegalArgumentException.class, () -> HostCheck.ipAddress("256.0.0.1"));
        assertThrows(IllegalArgumentException.class, () -> HostCheck.ipAddress("1.2.3"));
    }
}
