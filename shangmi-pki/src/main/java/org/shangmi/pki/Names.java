package org.shangmi.pki;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.security.auth.x500.X500Principal;
import org.shangmi.core.util.Der;

/**
 * X.500 distinguished names: OpenSSL's {@code -subj} form ({@code /C=CN/O=Org/CN=Name}) to DER,
 * and DER to the one-line text {@code openssl x509 -subject} prints ({@code C = CN, O = Org, CN = Name}).
 * Values are written as OpenSSL does by default: PrintableString for the country and serial
 * number, IA5String for e-mail addresses and domain components, UTF8String for the rest.
 */
public final class Names {

    private record Attribute(String shortName, String oid, int stringType) {
    }

    private static final List<Attribute> ATTRIBUTES = List.of(
            new Attribute("C", "2.5.4.6", Der.PRINTABLE_STRING),
            new Attribute("ST", "2.5.4.8", Der.UTF8_STRING),
            new Attribute("L", "2.5.4.7", Der.UTF8_STRING),
            new Attribute("street", "2.5.4.9", Der.UTF8_STRING),
            new Attribute("O", "2.5.4.10", Der.UTF8_STRING),
            new Attribute("OU", "2.5.4.11", Der.UTF8_STRING),
            new Attribute("CN", "2.5.4.3", Der.UTF8_STRING),
            new Attribute("serialNumber", "2.5.4.5", Der.PRINTABLE_STRING),
            new Attribute("title", "2.5.4.12", Der.UTF8_STRING),
            new Attribute("SN", "2.5.4.4", Der.UTF8_STRING),
            new Attribute("GN", "2.5.4.42", Der.UTF8_STRING),
            new Attribute("postalCode", "2.5.4.17", Der.UTF8_STRING),
            new Attribute("emailAddress", "1.2.840.113549.1.9.1", Der.IA5_STRING),
            new Attribute("DC", "0.9.2342.19200300.100.1.25", Der.IA5_STRING),
            new Attribute("UID", "0.9.2342.19200300.100.1.1", Der.UTF8_STRING));

    private Names() {
    }

    /**
     * The name in OpenSSL's form: {@code /TYPE=value} for each RDN, most significant first,
     * {@code +} joining the values of a multi-valued RDN, a backslash escaping the next character.
     * Types are the short names OpenSSL knows ({@code C, ST, L, street, O, OU, CN, serialNumber,
     * title, SN, GN, postalCode, emailAddress, DC, UID}) or dotted OIDs.
     *
     * @param subject the name, such as {@code /C=CN/O=Org/CN=Name}
     * @return the name, its encoding as OpenSSL would write it
     * @throws IllegalArgumentException naming what is wrong
     */
    public static X500Principal parse(String subject) {
        return new X500Principal(der(subject));
    }

    /** The DER Name of a subject in OpenSSL's form, as {@link #parse} reads it. */
    static byte[] der(String subject) {
        if (!subject.startsWith("/")) {
            throw new IllegalArgumentException("a subject starts with '/', as in /C=CN/O=Org/CN=Name: " + subject);
        }
        Der.Writer rdns = new Der.Writer();
        for (String rdn : split(subject.substring(1), '/')) {
            if (rdn.isEmpty()) {
                continue;
            }
            List<byte[]> values = new ArrayList<>();
            for (String ava : split(rdn, '+')) {
                values.add(attributeValue(ava));
            }
            // DER orders the members of a SET OF by their encodings
            values.sort(Arrays::compareUnsigned);
            Der.Writer set = new Der.Writer();
            values.forEach(set::raw);
            rdns.raw(set.wrap(Der.SET));
        }
        return rdns.wrap(Der.SEQUENCE);
    }

    private static byte[] attributeValue(String ava) {
        int equals = indexOfUnescaped(ava, '=');
        if (equals <= 0) {
            throw new IllegalArgumentException("each part of a subject is TYPE=value: " + unescape(ava));
        }
        String type = unescape(ava.substring(0, equals)).strip();
        String value = unescape(ava.substring(equals + 1));
        Attribute attribute = attribute(type);
        String oid = attribute != null ? attribute.oid() : type;
        int stringType = attribute != null ? attribute.stringType() : Der.UTF8_STRING;
        byte[] oidBytes;
        try {
            oidBytes = Der.oid(oid);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown name attribute " + type + ": use one of " + knownNames()
                    + " or a dotted OID");
        }
        if (stringType != Der.UTF8_STRING && !value.chars().allMatch(c -> c >= 0x20 && c < 0x7f
                && (stringType == Der.IA5_STRING || printable((char) c)))) {
            throw new IllegalArgumentException(type + " must be " + (stringType == Der.IA5_STRING ? "ASCII" : "printable ASCII")
                    + ": " + value);
        }
        if (oid.equals("2.5.4.6") && value.length() != 2) {
            throw new IllegalArgumentException("C is a two-letter country code, not " + value);
        }
        return new Der.Writer().element(Der.OBJECT_IDENTIFIER, oidBytes)
                .element(stringType, value.getBytes(StandardCharsets.UTF_8)).wrap(Der.SEQUENCE);
    }

    /**
     * The one-line text OpenSSL prints for a name by default.
     *
     * @param name a name
     * @return the text, such as {@code C = CN, O = Org, CN = Name}
     */
    public static String oneLine(X500Principal name) {
        return oneLine(name.getEncoded());
    }

    /** The one-line text of a DER Name: {@code C = CN, O = Org, CN = Name}, OpenSSL's default. */
    static String oneLine(byte[] name) {
        List<String> rdns = new ArrayList<>();
        try {
            Der.Reader outer = new Der.Reader(name);
            Der.Reader sequence = outer.sequence();
            outer.expectEnd();
            while (sequence.hasMore()) {
                Der.Reader set = sequence.read(Der.SET);
                List<String> values = new ArrayList<>();
                while (set.hasMore()) {
                    Der.Reader ava = set.sequence();
                    byte[] oid = ava.bytes(Der.OBJECT_IDENTIFIER);
                    byte[] value = ava.element();
                    ava.expectEnd();
                    values.add(shortName(Der.oidString(oid)) + " = " + text(value));
                }
                rdns.add(String.join(" + ", values));
            }
        } catch (Der.MalformedException e) {
            throw new IllegalArgumentException("not a DER Name: " + e.getMessage(), e);
        }
        return String.join(", ", rdns);
    }

    private static String text(byte[] element) throws Der.MalformedException {
        int tag = element[0] & 0xff;
        byte[] contents = new Der.Reader(element).bytes(tag);
        if (tag == 0x1e) { // BMPString
            return new String(contents, StandardCharsets.UTF_16BE);
        }
        return new String(contents, tag == Der.UTF8_STRING ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    }

    private static String shortName(String oid) {
        for (Attribute attribute : ATTRIBUTES) {
            if (attribute.oid().equals(oid)) {
                return attribute.shortName();
            }
        }
        return oid;
    }

    private static Attribute attribute(String type) {
        for (Attribute attribute : ATTRIBUTES) {
            if (attribute.shortName().toLowerCase(Locale.ROOT).equals(type.toLowerCase(Locale.ROOT))) {
                return attribute;
            }
        }
        return null;
    }

    private static String knownNames() {
        return ATTRIBUTES.stream().map(Attribute::shortName).toList().toString();
    }

    /** PrintableString's characters: letters, digits, space and {@code '()+,-./:=?}. */
    private static boolean printable(char c) {
        return Character.isLetterOrDigit(c) && c < 0x80 || " '()+,-./:=?".indexOf(c) >= 0;
    }

    /** Splits at unescaped separators; the parts keep their escapes. */
    private static List<String> split(String text, char separator) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\\') {
                i++;
            } else if (text.charAt(i) == separator) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts;
    }

    private static int indexOfUnescaped(String text, char wanted) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\\') {
                i++;
            } else if (text.charAt(i) == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static String unescape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                c = text.charAt(++i);
            }
            out.append(c);
        }
        return out.toString();
    }
}
