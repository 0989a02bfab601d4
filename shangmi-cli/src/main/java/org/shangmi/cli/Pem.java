package org.shangmi.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PEM (RFC 7468) text: writing one block, reading the blocks of a label, telling PEM from DER. */
public final class Pem {

    private static final Pattern BLOCK = Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*?)-----END \\1-----");

    private Pem() {
    }

    public static String encode(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

    /** Whether the bytes look like PEM text rather than DER. */
    public static boolean isPem(byte[] bytes) {
        return new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1).contains("-----BEGIN ");
    }

    /** The DER of every block labelled with one of {@code labels}, in order. */
    public static List<byte[]> decodeAll(byte[] text, String... labels) {
        List<byte[]> blocks = new ArrayList<>();
        Matcher matcher = BLOCK.matcher(new String(text, StandardCharsets.ISO_8859_1));
        while (matcher.find()) {
            if (List.of(labels).contains(matcher.group(1))) {
                try {
                    blocks.add(Base64.getMimeDecoder().decode(matcher.group(2)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("bad base64 in a PEM " + matcher.group(1) + " block", e);
                }
            }
        }
        return blocks;
    }

    /**
     * The DER of one object: the bytes themselves if they are not PEM, else the first block with
     * one of {@code labels}.
     *
     * @throws IllegalArgumentException if PEM text holds no such block
     */
    public static byte[] derOf(byte[] bytes, String... labels) {
        if (!isPem(bytes)) {
            return bytes;
        }
        List<byte[]> blocks = decodeAll(bytes, labels);
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException("no PEM block labelled " + String.join(" or ", labels));
        }
        return blocks.get(0);
    }
}
