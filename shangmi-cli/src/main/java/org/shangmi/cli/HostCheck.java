package org.shangmi.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * s_client's -verify_hostname and -verify_ip: whether a certificate names the host, by the rules
 * of RFC 6125 as openssl's {@code X509_check_host} and {@code X509_check_ip} apply them. A host
 * name is compared with the dNSName alternative names, ignoring ASCII case; a wildcard stands
 * only in the left-most label of a name that has at least two labels after it, matches within
 * that one label, and never in an IDNA ({@code xn--}) label; the subject's common name counts
 * only when the certificate has no dNSName. An IP address is compared, as bytes, with the
 * iPAddress alternative names only.
 */
final class HostCheck {

    private static final int DNS_NAME = 2;
    private static final int IP_ADDRESS = 7;
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /** The host name to check, or null when the address is checked. */
    private final String hostName;
    /** The IP address to check, or null when the host name is checked. */
    private final byte[] address;

    private HostCheck(String hostName, byte[] address) {
        this.hostName = hostName;
        this.address = address;
    }

    /** The check of -verify_hostname NAME. */
    static HostCheck hostName(String name) {
        if (name.isEmpty() || name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("not a host name: " + name);
        }
        return new HostCheck(name, null);
    }

    /**
     * The check of -verify_ip ADDRESS: an IPv4 address in dotted decimal or an IPv6 address.
     *
     * @throws IllegalArgumentException if it is neither (it is never looked up)
     */
    static HostCheck ipAddress(String text) {
        byte[] bytes = literal(text);
        if (bytes == null) {
            throw new IllegalArgumentException("not an IP address: " + text);
        }
        return new HostCheck(null, bytes);
    }

    /** The address of an IPv4 or IPv6 literal, or null if {@code text} is not one (nothing is looked up). */
    private static byte[] literal(String text) {
        if (!IPV4.matcher(text).matches() && !IPV6.matcher(text).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** The reason the certificate fails the check, in openssl's words, or null if it names the host. */
    String mismatch(X509Certificate certificate) {
        List<List<?>> names;
        try {
            Collection<List<?>> all = certificate.getSubjectAlternativeNames();
            names = all == null ? List.of() : new ArrayList<>(all);
        } catch (CertificateParsingException e) {
            return hostName != null ? "hostname mismatch" : "IP address mismatch";
        }
        if (address != null) {
            for (List<?> name : names) {
                if ((Integer) name.get(0) == IP_ADDRESS && name.get(1) instanceof String text) {
                    byte[] named = literal(text);
                    if (named != null && Arrays.equals(named, address)) {
                        return null;
                    }
                }
            }
            return "IP address mismatch";
        }
        boolean anyDnsName = false;
        for (List<?> name : names) {
            if ((Integer) name.get(0) == DNS_NAME && name.get(1) instanceof String pattern) {
                anyDnsName = true;
                if (matches(pattern, hostName)) {
                    return null;
                }
            }
        }
        if (!anyDnsName) {
            for (String commonName : commonNames(certificate)) {
                if (matches(commonName, hostName)) {
                    return null;
                }
            }
        }
        return "hostname mismatch";
    }

    private static List<String> commonNames(X509Certificate certificate) {
        List<String> names = new ArrayList<>();
        try {
            for (Rdn rdn : new LdapName(certificate.getSubjectX500Principal().getName()).getRdns()) {
                if (rdn.getType().equalsIgnoreCase("CN") && rdn.getValue() instanceof String value) {
                    names.add(value);
                }
            }
        } catch (InvalidNameException e) {
            // a subject the JDK wrote itself: cannot happen; no name then
        }
        return names;
    }

    /** Whether the certificate's name {@code pattern} names {@code host}, ignoring ASCII case. */
    static boolean matches(String pattern, String host) {
        String p = pattern.toLowerCase(Locale.ROOT);
        String h = host.toLowerCase(Locale.ROOT);
        int star = wildcard(p);
        if (star < 0) {
            return p.equals(h);
        }
        String prefix = p.substring(0, star);
        String suffix = p.substring(star + 1);
        if (h.length() < prefix.length() + suffix.length() || !h.startsWith(prefix) || !h.endsWith(suffix)) {
            return false;
        }
        String matched = h.substring(prefix.length(), h.length() - suffix.length());
        boolean wholeLabel = prefix.isEmpty() && suffix.startsWith(".");
        if (wholeLabel && matched.isEmpty()) {
            return false;
        }
        // an IDNA label matches a wildcard only as a whole label
        if (!wholeLabel && h.startsWith("xn--")) {
            return false;
        }
        // within one label
        return LABEL_CHARACTERS.matcher(matched).matches();
    }

    private static final Pattern LABEL_CHARACTERS = Pattern.compile("[a-z0-9-]*");

    /**
     * Where the wildcard of a name is, or -1 if it has none that counts (the name is then compared
     * as it is): one '*', at the start or the end of the left-most label, which is no IDNA
     * ({@code xn--}) label; labels of letters, digits and hyphens, none empty, none starting or
     * ending with a hyphen; at least two dots.
     */
    private static int wildcard(String name) {
        int star = -1;
        int dots = 0;
        boolean labelStart = true;
        boolean afterHyphen = false;
        boolean idna = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '*') {
                boolean atEnd = i == name.length() - 1 || name.charAt(i + 1) == '.';
                if (star >= 0 || idna || dots > 0 || !labelStart && !atEnd) {
                    return -1;
                }
                star = i;
                labelStart = false;
            } else if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
                idna |= labelStart && name.startsWith("xn--", i);
                labelStart = false;
                afterHyphen = false;
            } else if (c == '.') {
                if (labelStart || afterHyphen) {
                    return -1;
                }
                labelStart = true;
                idna = false;
                dots++;
            } else if (c == '-') {
                if (labelStart) {
                    return -1;
                }
                afterHyphen = true;
            } else {
                return -1;
            }
        }
        return labelStart || afterHyphen || dots < 2 ? -1 : star;
    }
}
