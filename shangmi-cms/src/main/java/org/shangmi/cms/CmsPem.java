package org.shangmi.cms;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The PEM form of a message, labelled {@code CMS} as OpenSSL and GmSSL write it; {@code PKCS7}
 * is read too.
 */
public final class CmsPem {

    private static final String[] LABELS = {"CMS", "PKCS7"};

    private CmsPem() {
    }

    /** {@code -----BEGIN CMS-----}, the Base64 in lines of 64, {@code -----END CMS-----}. */
    public static String encode(byte[] der) {
        return "-----BEGIN CMS-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END CMS-----\n";
    }

    /** Whether {@code data} starts (after white space) like a PEM block rather than DER. */
    public static boolean looksLikePem(byte[] data) {
        String start = new String(data, 0, Math.min(data.length, 64), StandardCharsets.ISO_8859_1).strip();
        return start.startsWith("-----BEGIN ");
    }

    /**
     * The DER of the first CMS (or PKCS7) block of {@code text}.
     *
     * @throws CmsException if there is none or its Base64 is malformed
     */
    public static byte[] decode(String text) throws CmsException {
        for (String label : LABELS) {
            String begin = "-----BEGIN " + label + "-----";
            String end = "-----END " + label + "-----";
            int from = text.indexOf(begin);
            if (from < 0) {
                continue;
            }
            int to = text.indexOf(end, from);
            if (to < 0) {
                throw new CmsException("PEM block " + label + " has no end line");
            }
            try {
                return Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
            } catch (IllegalArgumentException e) {
                throw new CmsException("malformed Base64 in the PEM block " + label + ": " + e.getMessage(), e);
            }
        }
        throw new CmsException("no PEM block labelled CMS or PKCS7");
    }
}
