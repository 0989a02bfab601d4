package org.shangmi.pki;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.shangmi.core.util.Der;

/**
 * X.509v3 extensions written the way OpenSSL's configuration writes them, one {@code name = value}
 * each: {@code basicConstraints = critical,CA:TRUE,pathlen:0}, {@code keyUsage = critical,
 * digitalSignature,keyCertSign}, {@code extendedKeyUsage = serverAuth,clientAuth},
 * {@code subjectAltName = DNS:host,IP:10.0.0.1,email:a@b,URI:https://x}, {@code subjectKeyIdentifier
 * = hash} and {@code authorityKeyIdentifier = keyid} (either may be {@code none}). A later line
 * for the same extension replaces an earlier one. Each line is checked when it is added; the key
 * identifiers are computed when a {@link CertificateBuilder} or {@link CsrBuilder} signs, from the
 * subject's and the issuer's keys.
 *
 * <pre>{@code
 * Extensions leaf = new Extensions()
 *         .add("basicConstraints = critical,CA:FALSE")
 *         .add("keyUsage = critical,digitalSignature")
 *         .add("subjectAltName = DNS:www.example.com")
 *         .add("subjectKeyIdentifier = hash")
 *         .add("authorityKeyIdentifier = keyid");
 * }</pre>
 */
public final class Extensions {

    static final String BASIC_CONSTRAINTS = "2.5.29.19";
    static final String KEY_USAGE = "2.5.29.15";
    static final String EXTENDED_KEY_USAGE = "2.5.29.37";
    static final String SUBJECT_ALT_NAME = "2.5.29.17";
    static final String SUBJECT_KEY_IDENTIFIER = "2.5.29.14";
    static final String AUTHORITY_KEY_IDENTIFIER = "2.5.29.35";

    /** RFC 5280's KeyUsage bits, in bit order. */
    static final List<String> KEY_USAGES = List.of("digitalSignature", "nonRepudiation", "keyEncipherment",
            "dataEncipherment", "keyAgreement", "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly");

    private static final Map<String, String> PURPOSES = Map.of("serverAuth", "1.3.6.1.5.5.7.3.1",
            "clientAuth", "1.3.6.1.5.5.7.3.2", "codeSigning", "1.3.6.1.5.5.7.3.3", "emailProtection", "1.3.6.1.5.5.7.3.4",
            "timeStamping", "1.3.6.1.5.5.7.3.8", "OCSPSigning", "1.3.6.1.5.5.7.3.9");

    /** The name of each supported extension as OpenSSL spells it, and its OID. */
    private static final Map<String, String> NAMES = Map.of("basicConstraints", BASIC_CONSTRAINTS, "keyUsage", KEY_USAGE,
            "extendedKeyUsage", EXTENDED_KEY_USAGE, "subjectAltName", SUBJECT_ALT_NAME,
            "subjectKeyIdentifier", SUBJECT_KEY_IDENTIFIER, "authorityKeyIdentifier", AUTHORITY_KEY_IDENTIFIER);

    /** The extensions by OID, in the order first given; a null value means "none" (leave it out). */
    private final Map<String, Line> lines = new LinkedHashMap<>();

    /** An extension as given: by its name and values, or ({@code raw} not null) copied whole from a request. */
    private record Line(String name, boolean critical, List<String> values, byte[] raw) {

        Line(String name, boolean critical, List<String> values) {
            this(name, critical, values, null);
        }
    }

    /** What the key identifiers are computed from, known when the certificate is built. */
    record KeyIds(byte[] subjectPublicKeyInfo, byte[] issuerKeyIdentifier) {
    }

    /** No extensions yet. */
    public Extensions() {
    }

    /**
     * Adds (or replaces) the extension on one line.
     *
     * @param line {@code name = value}, as in {@code keyUsage = critical,digitalSignature}; the value
     *     {@code none} leaves the extension out
     * @return this
     * @throws IllegalArgumentException if the extension is unsupported or its value is wrong
     */
    public Extensions add(String line) {
        int equals = line.indexOf('=');
        if (equals <= 0) {
            throw new IllegalArgumentException("an extension is name = value, as in keyUsage = critical,digitalSignature: " + line);
        }
        String name = line.substring(0, equals).strip();
        String oid = oidOf(name);
        List<String> values = new ArrayList<>();
        boolean critical = false;
        for (String value : line.substring(equals + 1).split(",")) {
            value = value.strip();
            if (value.equals("critical")) {
                critical = true;
            } else if (!value.isEmpty()) {
                values.add(value);
            }
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException(name + " has no value");
        }
        lines.put(oid, values.equals(List.of("none")) ? null : new Line(name, critical, values));
        validate(oid, lines.get(oid));
        return this;
    }

    /**
     * Adds an extension unless one was given for it (even as {@code none}).
     *
     * @param line {@code name = value}, as for {@link #add}
     * @return this
     * @throws IllegalArgumentException if the extension is unsupported or its value is wrong
     */
    public Extensions addDefault(String line) {
        int equals = line.indexOf('=');
        if (equals <= 0 || !lines.containsKey(oidOf(line.substring(0, equals).strip()))) {
            add(line);
        }
        return this;
    }

    /**
     * Adds the lines of one section of an OpenSSL configuration file ({@code [ section ]}
     * headers, {@code #} comments); every line read must be a supported extension.
     *
     * @param file the configuration file (UTF-8)
     * @param section the section's name, or null for the lines before the first header
     * @return this
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException if the section is missing or one of its lines is wrong
     */
    public Extensions addSection(Path file, String section) throws IOException {
        boolean inSection = section == null;
        boolean found = section == null;
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String line = raw.replaceFirst("#.*", "").strip();
            if (line.startsWith("[") && line.endsWith("]")) {
                inSection = section != null && line.substring(1, line.length() - 1).strip().equals(section);
                found |= inSection;
            } else if (inSection && !line.isEmpty()) {
                try {
                    add(line);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + (section == null ? "" : " [" + section + "]") + ": "
                            + e.getMessage(), e);
                }
            }
        }
        if (!found) {
            throw new IllegalArgumentException(file + " has no section [" + section + "]");
        }
        return this;
    }

    /**
     * Adds the extensions a request asks for as they are, except those already given (even as
     * {@code none}): what {@code openssl x509 -req -copy_extensions copy} does.
     *
     * @param request a request, whose self-signature the caller has checked
     * @return this
     * @throws IllegalArgumentException if the request's extensions are malformed
     */
    public Extensions addRequested(CertificationRequest request) {
        byte[] der = request.requestedExtensions();
        if (der == null) {
            return this;
        }
        try {
            Der.Reader outer = new Der.Reader(der);
            Der.Reader all = outer.sequence();
            outer.expectEnd();
            while (all.hasMore()) {
                Der.Reader extension = all.sequence();
                String oid = Der.oidString(extension.bytes(Der.OBJECT_IDENTIFIER));
                boolean critical = extension.peekTag() == Der.BOOLEAN && extension.bool();
                byte[] value = extension.bytes(Der.OCTET_STRING);
                extension.expectEnd();
                lines.putIfAbsent(oid, new Line(oid, critical, List.of(), value));
            }
        } catch (Der.MalformedException e) {
            throw new IllegalArgumentException("the request's extensions are malformed: " + e.getMessage(), e);
        }
        return this;
    }

    /**
     * Whether any extension is to be written.
     *
     * @return true if every extension given was {@code none}, or none was given
     */
    public boolean isEmpty() {
        return lines.values().stream().allMatch(line -> line == null);
    }

    /** The DER Extensions (the SEQUENCE OF Extension), their key identifiers taken from {@code ids}. */
    byte[] encode(KeyIds ids) {
        Der.Writer all = new Der.Writer();
        for (Map.Entry<String, Line> entry : lines.entrySet()) {
            Line line = entry.getValue();
            if (line == null) {
                continue;
            }
            byte[] value = line.raw() != null ? line.raw() : value(entry.getKey(), line, ids);
            if (value == null) {
                continue; // an authority key identifier without an issuer key identifier
            }
            all.raw(extension(entry.getKey(), line.critical(), value));
        }
        return all.wrap(Der.SEQUENCE);
    }

    /** One DER Extension: its OID, critical if so (FALSE is the default, which DER leaves out), its value. */
    static byte[] extension(String oid, boolean critical, byte[] value) {
        Der.Writer extension = new Der.Writer().element(Der.OBJECT_IDENTIFIER, Der.oid(oid));
        if (critical) {
            extension.bool(true);
        }
        return extension.element(Der.OCTET_STRING, value).wrap(Der.SEQUENCE);
    }

    /** An AuthorityKeyIdentifier holding the key identifier alone, or null without one. */
    static byte[] authorityKeyIdentifier(byte[] keyIdentifier) {
        return keyIdentifier == null ? null : new Der.Writer().element(0x80, keyIdentifier).wrap(Der.SEQUENCE);
    }

    private static String oidOf(String name) {
        for (Map.Entry<String, String> known : NAMES.entrySet()) {
            if (known.getKey().equalsIgnoreCase(name)) {
                return known.getValue();
            }
        }
        throw new IllegalArgumentException("unsupported extension " + name + ": use one of " + NAMES.keySet());
    }

    /** Refuses a bad value now, when the line is read, rather than when the certificate is built. */
    private static void validate(String oid, Line line) {
        if (line != null) {
            value(oid, line, new KeyIds(new byte[0], new byte[0]));
        }
    }

    private static byte[] value(String oid, Line line, KeyIds ids) {
        return switch (oid) {
            case BASIC_CONSTRAINTS -> basicConstraints(line.values());
            case KEY_USAGE -> keyUsage(line.values());
            case EXTENDED_KEY_USAGE -> extendedKeyUsage(line.values());
            case SUBJECT_ALT_NAME -> subjectAltName(line.values());
            case SUBJECT_KEY_IDENTIFIER -> {
                only(line, "hash");
                yield new Der.Writer().element(Der.OCTET_STRING, keyIdentifier(ids.subjectPublicKeyInfo())).toByteArray();
            }
            case AUTHORITY_KEY_IDENTIFIER -> {
                only(line, "keyid", "keyid:always");
                yield authorityKeyIdentifier(ids.issuerKeyIdentifier());
            }
            default -> throw new IllegalStateException(oid);
        };
    }

    private static void only(Line line, String... allowed) {
        for (String value : line.values()) {
            if (!List.of(allowed).contains(value)) {
                throw new IllegalArgumentException(line.name() + " supports " + String.join(" or ", allowed) + " (or none), not " + value);
            }
        }
    }

    private static byte[] basicConstraints(List<String> values) {
        Boolean ca = null;
        Integer pathLength = null;
        for (String value : values) {
            String lower = value.toLowerCase(Locale.ROOT);
            if (lower.equals("ca:true") || lower.equals("ca:false")) {
                ca = lower.equals("ca:true");
            } else if (lower.startsWith("pathlen:")) {
                try {
                    pathLength = Integer.parseInt(value.substring("pathlen:".length()));
                } catch (NumberFormatException e) {
                    pathLength = -1;
                }
                if (pathLength < 0) {
                    throw new IllegalArgumentException("basicConstraints pathlen must be a non-negative number: " + value);
                }
            } else {
                throw new IllegalArgumentException("basicConstraints takes CA:TRUE or CA:FALSE and pathlen:N, not " + value);
            }
        }
        if (ca == null) {
            throw new IllegalArgumentException("basicConstraints needs CA:TRUE or CA:FALSE");
        }
        if (pathLength != null && !ca) {
            throw new IllegalArgumentException("basicConstraints pathlen applies to CA:TRUE only");
        }
        Der.Writer fields = new Der.Writer();
        if (ca) { // cA is DEFAULT FALSE, which DER leaves out
            fields.bool(true);
        }
        if (pathLength != null) {
            byte[] magnitude = BigInteger.valueOf(pathLength).toByteArray();
            fields.unsignedInteger(magnitude, 0, magnitude.length);
        }
        return fields.wrap(Der.SEQUENCE);
    }

    private static byte[] keyUsage(List<String> values) {
        int bits = 0;
        for (String value : values) {
            int bit = -1;
            for (int i = 0; i < KEY_USAGES.size(); i++) {
                if (KEY_USAGES.get(i).equalsIgnoreCase(value)) {
                    bit = i;
                }
            }
            if (value.equalsIgnoreCase("contentCommitment")) {
                bit = 1;
            }
            if (bit < 0) {
                throw new IllegalArgumentException("unknown keyUsage " + value + ": use " + KEY_USAGES);
            }
            bits |= 1 << bit;
        }
        // the named bits, most significant first, trailing zero bits dropped as DER needs
        int highest = 31 - Integer.numberOfLeadingZeros(bits);
        byte[] encoded = new byte[highest / 8 + 1];
        for (int bit = 0; bit <= highest; bit++) {
            if ((bits >>> bit & 1) != 0) {
                encoded[bit / 8] |= (byte) (0x80 >>> (bit % 8));
            }
        }
        return new Der.Writer().bitString(encoded, 7 - highest % 8).toByteArray();
    }

    private static byte[] extendedKeyUsage(List<String> values) {
        Der.Writer purposes = new Der.Writer();
        for (String value : values) {
            String oid = PURPOSES.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(value)).map(Map.Entry::getValue)
                    .findFirst().orElse(value);
            try {
                purposes.element(Der.OBJECT_IDENTIFIER, Der.oid(oid));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown extendedKeyUsage " + value + ": use " + PURPOSES.keySet()
                        + " or a dotted OID");
            }
        }
        return purposes.wrap(Der.SEQUENCE);
    }

    private static byte[] subjectAltName(List<String> values) {
        Der.Writer names = new Der.Writer();
        for (String value : values) {
            int colon = value.indexOf(':');
            String kind = colon < 0 ? "" : value.substring(0, colon);
            String name = colon < 0 ? "" : value.substring(colon + 1);
            switch (kind.toUpperCase(Locale.ROOT)) {
                case "EMAIL" -> names.element(0x81, ascii(name, value));
                case "DNS" -> names.element(0x82, ascii(name, value));
                case "URI" -> names.element(0x86, ascii(name, value));
                case "IP" -> names.element(0x87, ipAddress(name));
                default -> throw new IllegalArgumentException("subjectAltName takes DNS:, IP:, email: or URI: names, not " + value);
            }
        }
        return names.wrap(Der.SEQUENCE);
    }

    private static byte[] ascii(String name, String value) {
        if (name.isEmpty() || !name.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("subjectAltName " + value + " must be non-empty ASCII without spaces");
        }
        return name.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] ipAddress(String text) {
        boolean v4 = text.matches("(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}");
        if (!v4 && !text.matches("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
            throw new IllegalArgumentException("not an IP address: " + text);
        }
        try {
            return InetAddress.getByName(text).getAddress(); // a literal: no name lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + text, e);
        }
    }

    /**
     * A CA's key identifier, for the authority key identifier of what it signs: its subject key
     * identifier extension, else computed from its key.
     */
    static byte[] keyIdentifier(X509Certificate ca) {
        byte[] extension = ca.getExtensionValue(SUBJECT_KEY_IDENTIFIER);
        if (extension == null) {
            return keyIdentifier(ca.getPublicKey().getEncoded());
        }
        try {
            // getExtensionValue gives the extnValue OCTET STRING, which holds the KeyIdentifier OCTET STRING
            byte[] inner = new Der.Reader(extension).bytes(Der.OCTET_STRING);
            return new Der.Reader(inner).bytes(Der.OCTET_STRING);
        } catch (Der.MalformedException e) {
            throw new IllegalArgumentException("the CA certificate's subject key identifier is malformed", e);
        }
    }

    /** RFC 5280's first method: the SHA-1 of the subjectPublicKey's bits, as OpenSSL's "hash". */
    static byte[] keyIdentifier(byte[] subjectPublicKeyInfo) {
        byte[] bits = new byte[0];
        if (subjectPublicKeyInfo.length > 0) {
            try {
                Der.Reader outer = new Der.Reader(subjectPublicKeyInfo);
                Der.Reader info = outer.sequence();
                info.sequence();
                bits = info.bitString();
            } catch (Der.MalformedException e) {
                throw new IllegalArgumentException("not a SubjectPublicKeyInfo: " + e.getMessage(), e);
            }
        }
        try {
            return MessageDigest.getInstance("SHA-1").digest(bits);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing", e);
        }
    }
}
