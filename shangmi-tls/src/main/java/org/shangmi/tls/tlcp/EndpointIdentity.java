package org.shangmi.tls.tlcp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.security.auth.x500.X500Principal;

/**
 * Whether a server certificate names the host a client asked for (RFC 6125 and RFC 2818, as the
 * JDK's and Bouncy Castle's JSSE check it for the "HTTPS" and "LDAPS" endpoint identification
 * algorithms):
 * <ul>
 * <li>an IP address literal matches an iPAddress subject alternative name only;</li>
 * <li>a host name matches a dNSName subject alternative name, or, when the certificate has none,
 * its most specific common name; case-insensitively, a trailing dot ignored;</li>
 * <li>a wildcard matches one whole label, only as the left-most label of a name with at least two
 * labels after it ({@code *.example.com} matches {@code www.example.com}, neither
 * {@code example.com} nor {@code a.b.example.com}); a partial-label wildcard ({@code w*}) and
 * a wildcard in any other place match nothing.</li>
 * </ul>
 * The certificate comes from the peer and is public: nothing here handles secrets.
 */
public final class EndpointIdentity {

    private static final int DNS_NAME = 2;
    private static final int IP_ADDRESS = 7;
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");

    private EndpointIdentity() {
    }

    /**
     * Checks that {@code certificate} names {@code host} under the endpoint identification
     * algorithm {@code algorithm} ("HTTPS" or "LDAPS", case-insensitively).
     *
     * @throws CertificateException when it does not, naming the host and what the certificate names
     */
    public static void check(String algorithm, String host, X509Certificate certificate) throws CertificateException {
        if (!"HTTPS".equalsIgnoreCase(algorithm) && !"LDAPS".equalsIgnoreCase(algorithm)) {
            throw new CertificateException("unknown endpoint identification algorithm " + algorithm
                    + " (HTTPS and LDAPS are known)");
        }
        if (host == null || host.isEmpty()) {
            throw new CertificateException("host name does not match: there is no host name to check the certificate against");
        }
        if (!matches(host, certificate)) {
            throw new CertificateException("host name does not match: the certificate of " + certificate.getSubjectX500Principal()
                    + " names " + namesOf(certificate) + ", not " + host);
        }
    }

    /** Whether the certificate names the host (an IP address literal or a DNS name). */
    public static boolean matches(String host, X509Certificate certificate) {
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        byte[] address = ipLiteral(name);
        List<List<?>> alternatives = alternativeNames(certificate);
        if (address != null) {
            for (List<?> entry : alternatives) {
                if (type(entry) == IP_ADDRESS && entry.get(1) instanceof String value) {
                    byte[] named = ipLiteral(value);
                    if (named != null && Arrays.equals(named, address)) {
                        return true;
                    }
                }
            }
            return false;
        }
        String wanted = normalize(name);
        boolean anyDnsName = false;
        for (List<?> entry : alternatives) {
            if (type(entry) == DNS_NAME && entry.get(1) instanceof String value) {
                anyDnsName = true;
                if (dnsMatches(wanted, normalize(value))) {
                    return true;
                }
            }
        }
        if (anyDnsName) {
            return false;
        }
        String commonName = mostSpecificCommonName(certificate.getSubjectX500Principal());
        return commonName != null && dnsMatches(wanted, normalize(commonName));
    }

    /** The address of an IPv4 dotted quad or an IPv6 literal, or null for anything else (never a name lookup). */
    private static byte[] ipLiteral(String text) {
        boolean ipv4 = IPV4.matcher(text).matches();
        boolean ipv6 = text.indexOf(':') >= 0 && text.chars().allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0);
        if (!ipv4 && !ipv6) {
            return null;
        }
        try {
            return InetAddress.getByName(text).getAddress(); // a literal: parsed, not looked up
        } catch (UnknownHostException malformed) {
            return null;
        }
    }

    private static boolean dnsMatches(String host, String pattern) {
        if (host.isEmpty() || pattern.isEmpty()) {
            return false;
        }
        if (!pattern.startsWith("*.")) {
            return pattern.indexOf('*') < 0 && host.equals(pattern);
        }
        String suffix = pattern.substring(1); // ".example.com"
        if (suffix.indexOf('*') >= 0 || suffix.chars().filter(c -> c == '.').count() < 2) {
            return false; // a second wildcard, or a wildcard over a top-level domain alone
        }
        int firstDot = host.indexOf('.');
        return firstDot > 0 && host.substring(firstDot).equals(suffix);
    }

    private static String normalize(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
    }

    private static int type(List<?> entry) {
        return entry.size() >= 2 && entry.get(0) instanceof Integer type ? type : -1;
    }

    private static List<List<?>> alternativeNames(X509Certificate certificate) {
        try {
            Collection<List<?>> names = certificate.getSubjectAlternativeNames();
            return names == null ? List.of() : List.copyOf(names);
        } catch (CertificateParsingException unreadable) {
            return List.of();
        }
    }

    /** The last CN of the subject (the most specific), or null. */
    private static String mostSpecificCommonName(X500Principal subject) {
        try {
            String found = null;
            for (Rdn rdn : new LdapName(subject.getName(X500Principal.RFC2253)).getRdns()) { // most significant first
                if ("CN".equalsIgnoreCase(rdn.getType()) && rdn.getValue() instanceof String value) {
                    found = value;
                }
            }
            return found;
        } catch (InvalidNameException unreadable) {
            return null;
        }
    }

    private static String namesOf(X509Certificate certificate) {
        List<String> names = alternativeNames(certificate).stream()
                .filter(entry -> type(entry) == DNS_NAME || type(entry) == IP_ADDRESS)
                .map(entry -> String.valueOf(entry.get(1))).toList();
        if (!names.isEmpty()) {
            return String.join(", ", names);
        }
        String commonName = mostSpecificCommonName(certificate.getSubjectX500Principal());
        return commonName == null ? "no host name" : "CN " + commonName;
    }
}
