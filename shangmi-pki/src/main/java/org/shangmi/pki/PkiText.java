package org.shangmi.pki;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.shangmi.core.util.Der;
import org.shangmi.provider.Sm2PublicKey;

/**
 * The human-readable forms of {@code openssl x509 -text} and {@code openssl req -text}, laid out
 * as OpenSSL lays them out, for the extensions that {@link Extensions} writes (others print as
 * hex); extensions are decoded from their DER, so that requests print theirs too.
 */
public final class PkiText {

    private static final List<String> KEY_USAGE_LABELS = List.of("Digital Signature", "Non Repudiation",
            "Key Encipherment", "Data Encipherment", "Key Agreement", "Certificate Sign", "CRL Sign", "Encipher Only",
            "Decipher Only");
    private static final Map<String, String> PURPOSE_LABELS = Map.of("1.3.6.1.5.5.7.3.1", "TLS Web Server Authentication",
            "1.3.6.1.5.5.7.3.2", "TLS Web Client Authentication", "1.3.6.1.5.5.7.3.3", "Code Signing",
            "1.3.6.1.5.5.7.3.4", "E-mail Protection", "1.3.6.1.5.5.7.3.8", "Time Stamping", "1.3.6.1.5.5.7.3.9",
            "OCSP Signing");
    private static final Map<String, String> EXTENSION_LABELS = Map.of(Extensions.BASIC_CONSTRAINTS, "Basic Constraints",
            Extensions.KEY_USAGE, "Key Usage", Extensions.EXTENDED_KEY_USAGE, "Extended Key Usage",
            Extensions.SUBJECT_ALT_NAME, "Subject Alternative Name", Extensions.SUBJECT_KEY_IDENTIFIER,
            "Subject Key Identifier", Extensions.AUTHORITY_KEY_IDENTIFIER, "Authority Key Identifier");

    private PkiText() {
    }

    /**
     * A date as OpenSSL prints it.
     *
     * @param date a date
     * @return the text, such as {@code Nov 24 06:21:19 2026 GMT}
     */
    public static String date(Date date) {
        SimpleDateFormat format = new SimpleDateFormat("MMM dd HH:mm:ss yyyy 'GMT'", Locale.ROOT);
        format.setTimeZone(TimeZone.getTimeZone("GMT"));
        String text = format.format(date);
        return text.charAt(4) == '0' ? text.substring(0, 4) + ' ' + text.substring(5) : text; // "Dec  4", as OpenSSL
    }

    /** Hex bytes joined by colons, lower case as OpenSSL prints serial numbers and keys. */
    static String colonHex(byte[] bytes) {
        return HexFormat.ofDelimiter(":").formatHex(bytes);
    }

    /**
     * A certificate as {@code openssl x509 -text} prints it.
     *
     * @param certificate a certificate
     * @return the text, lines ending in {@code \n}
     * @throws CertificateEncodingException if the certificate cannot give its TBSCertificate
     */
    public static String certificate(X509Certificate certificate) throws CertificateEncodingException {
        StringBuilder out = new StringBuilder("Certificate:\n    Data:\n");
        out.append("        Version: ").append(certificate.getVersion()).append(" (0x")
                .append(Integer.toHexString(certificate.getVersion() - 1)).append(")\n");
        out.append("        Serial Number:\n            ").append(colonHex(magnitude(certificate.getSerialNumber()))).append('\n');
        out.append("        Signature Algorithm: ").append(signatureName(certificate.getSigAlgOID())).append('\n');
        out.append("        Issuer: ").append(Names.oneLine(certificate.getIssuerX500Principal().getEncoded())).append('\n');
        out.append("        Validity\n");
        out.append("            Not Before: ").append(date(certificate.getNotBefore())).append('\n');
        out.append("            Not After : ").append(date(certificate.getNotAfter())).append('\n');
        out.append("        Subject: ").append(Names.oneLine(certificate.getSubjectX500Principal().getEncoded())).append('\n');
        publicKey(out, certificate.getPublicKey(), "        ");
        byte[] extensions = extensionsOf(certificate.getTBSCertificate());
        if (extensions != null) {
            out.append("        X509v3 extensions:\n");
            extensions(out, extensions, "            ");
        }
        signature(out, certificate.getSigAlgOID(), certificate.getSignature());
        return out.toString();
    }

    /**
     * A request as {@code openssl req -text} prints it.
     *
     * @param request a request
     * @param key its public key, read from {@link CertificationRequest#publicKeyInfo()}
     * @return the text, lines ending in {@code \n}
     */
    public static String request(CertificationRequest request, PublicKey key) {
        StringBuilder out = new StringBuilder("Certificate Request:\n    Data:\n        Version: 1 (0x0)\n");
        out.append("        Subject: ").append(Names.oneLine(request.subject())).append('\n');
        publicKey(out, key, "        ");
        out.append("        Attributes:\n");
        byte[] requested = request.requestedExtensions();
        if (requested == null) {
            out.append("            (none)\n");
        } else {
            out.append("            Requested Extensions:\n");
            extensions(out, requested, "                ");
        }
        return out.toString();
    }

    private static void publicKey(StringBuilder out, PublicKey key, String indent) {
        out.append(indent).append("Subject Public Key Info:\n");
        if (key instanceof Sm2PublicKey sm2) {
            out.append(indent).append("    Public Key Algorithm: id-ecPublicKey\n");
            out.append(indent).append("        Public-Key: (256 bit)\n");
            out.append(indent).append("        pub:\n");
            wrapped(out, colonHex(sm2.getUncompressed()), indent + "            ", 45);
            out.append(indent).append("        ASN1 OID: SM2\n");
        } else {
            String algorithm = key instanceof ECPublicKey ? "id-ecPublicKey" : key.getAlgorithm();
            out.append(indent).append("    Public Key Algorithm: ").append(algorithm).append('\n');
            out.append(indent).append("        SubjectPublicKeyInfo:\n");
            wrapped(out, colonHex(key.getEncoded()), indent + "            ", 45);
        }
    }

    private static void signature(StringBuilder out, String oid, byte[] signature) {
        out.append("    Signature Algorithm: ").append(signatureName(oid)).append('\n');
        out.append("    Signature Value:\n");
        wrapped(out, colonHex(signature), "        ", 54);
    }

    private static String signatureName(String oid) {
        return oid.equals("1.2.156.10197.1.501") ? "SM3withSM2" : oid;
    }

    /** The text broken into lines of at most {@code width} characters, each after the indent. */
    private static void wrapped(StringBuilder out, String text, String indent, int width) {
        for (int i = 0; i < text.length(); i += width) {
            out.append(indent).append(text, i, Math.min(text.length(), i + width)).append('\n');
        }
    }

    /** The unsigned big-endian bytes of a positive number, without a sign byte. */
    static byte[] magnitude(BigInteger value) {
        byte[] bytes = value.toByteArray();
        return bytes.length > 1 && bytes[0] == 0 ? java.util.Arrays.copyOfRange(bytes, 1, bytes.length) : bytes;
    }

    /** The DER Extensions of a TBSCertificate ([3] EXPLICIT), or null if it has none. */
    static byte[] extensionsOf(byte[] tbs) {
        try {
            Der.Reader outer = new Der.Reader(tbs);
            Der.Reader fields = outer.sequence();
            while (fields.hasMore()) {
                if (fields.peekTag() == (Der.CONTEXT | 3)) {
                    Der.Reader extensions = fields.read(Der.CONTEXT | 3);
                    return extensions.element();
                }
                fields.element();
            }
            return null;
        } catch (Der.MalformedException e) {
            throw new IllegalArgumentException("not a DER TBSCertificate: " + e.getMessage(), e);
        }
    }

    private static void extensions(StringBuilder out, byte[] der, String indent) {
        try {
            Der.Reader outer = new Der.Reader(der);
            Der.Reader all = outer.sequence();
            while (all.hasMore()) {
                Der.Reader extension = all.sequence();
                String oid = Der.oidString(extension.bytes(Der.OBJECT_IDENTIFIER));
                boolean critical = extension.peekTag() == Der.BOOLEAN && extension.bool();
                byte[] value = extension.bytes(Der.OCTET_STRING);
                String label = EXTENSION_LABELS.containsKey(oid) ? "X509v3 " + EXTENSION_LABELS.get(oid) : oid;
                out.append(indent).append(label).append(':').append(critical ? " critical" : " ").append('\n');
                for (String line : valueLines(oid, value)) {
                    out.append(indent).append("    ").append(line).append('\n');
                }
            }
        } catch (Der.MalformedException e) {
            out.append(indent).append("(malformed extensions: ").append(e.getMessage()).append(")\n");
        }
    }

    private static List<String> valueLines(String oid, byte[] value) throws Der.MalformedException {
        Der.Reader reader = new Der.Reader(value);
        List<String> lines = new ArrayList<>();
        switch (oid) {
            case Extensions.BASIC_CONSTRAINTS -> {
                Der.Reader fields = reader.sequence();
                boolean ca = fields.peekTag() == Der.BOOLEAN && fields.bool();
                String line = "CA:" + (ca ? "TRUE" : "FALSE");
                if (fields.hasMore()) {
                    line += ", pathlen:" + new BigInteger(1, fields.unsignedInteger());
                }
                lines.add(line);
            }
            case Extensions.KEY_USAGE -> {
                byte[] bits = reader.bytes(Der.BIT_STRING);
                List<String> names = new ArrayList<>();
                for (int bit = 0; bit < KEY_USAGE_LABELS.size() && bit / 8 + 1 < bits.length; bit++) {
                    if ((bits[1 + bit / 8] & (0x80 >>> (bit % 8))) != 0) {
                        names.add(KEY_USAGE_LABELS.get(bit));
                    }
                }
                lines.add(String.join(", ", names));
            }
            case Extensions.EXTENDED_KEY_USAGE -> {
                Der.Reader purposes = reader.sequence();
                List<String> names = new ArrayList<>();
                while (purposes.hasMore()) {
                    String purpose = Der.oidString(purposes.bytes(Der.OBJECT_IDENTIFIER));
                    names.add(PURPOSE_LABELS.getOrDefault(purpose, purpose));
                }
                lines.add(String.join(", ", names));
            }
            case Extensions.SUBJECT_ALT_NAME -> {
                Der.Reader names = reader.sequence();
                List<String> texts = new ArrayList<>();
                while (names.hasMore()) {
                    int tag = names.peekTag();
                    byte[] name = names.bytes(tag);
                    texts.add(switch (tag) {
                        case 0x81 -> "email:" + new String(name, StandardCharsets.US_ASCII);
                        case 0x82 -> "DNS:" + new String(name, StandardCharsets.US_ASCII);
                        case 0x86 -> "URI:" + new String(name, StandardCharsets.US_ASCII);
                        case 0x87 -> "IP Address:" + ipText(name);
                        default -> "othername [" + (tag & 0x1f) + "]";
                    });
                }
                lines.add(String.join(", ", texts));
            }
            case Extensions.SUBJECT_KEY_IDENTIFIER -> lines.add(colonHex(reader.bytes(Der.OCTET_STRING)).toUpperCase(Locale.ROOT));
            case Extensions.AUTHORITY_KEY_IDENTIFIER -> {
                Der.Reader fields = reader.sequence();
                if (fields.peekTag() == 0x80) {
                    lines.add(colonHex(fields.bytes(0x80)).toUpperCase(Locale.ROOT));
                } else {
                    lines.add("(issuer and serial only)");
                }
            }
            default -> lines.add(colonHex(value));
        }
        return lines;
    }

    private static String ipText(byte[] address) {
        try {
            return address.length == 4 || address.length == 16 ? InetAddress.getByAddress(address).getHostAddress() : colonHex(address);
        } catch (UnknownHostException e) {
            return colonHex(address);
        }
    }
}
