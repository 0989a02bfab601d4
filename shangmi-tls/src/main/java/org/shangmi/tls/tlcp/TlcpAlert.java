package org.shangmi.tls.tlcp;

/**
 * The alert descriptions a TLCP engine sends and reads (GB/T 38636-2020 section 6.3.4.2: the
 * TLS 1.1 set plus the TLCP identity and site-to-site codes 200-205), and the two levels.
 */
final class TlcpAlert {

    static final int WARNING = 1;
    static final int FATAL = 2;

    static final int CLOSE_NOTIFY = 0;
    static final int UNEXPECTED_MESSAGE = 10;
    static final int BAD_RECORD_MAC = 20;
    static final int DECRYPTION_FAILED = 21;
    static final int RECORD_OVERFLOW = 22;
    static final int DECOMPRESSION_FAILURE = 30;
    static final int HANDSHAKE_FAILURE = 40;
    static final int BAD_CERTIFICATE = 42;
    static final int UNSUPPORTED_CERTIFICATE = 43;
    static final int CERTIFICATE_REVOKED = 44;
    static final int CERTIFICATE_EXPIRED = 45;
    static final int CERTIFICATE_UNKNOWN = 46;
    static final int ILLEGAL_PARAMETER = 47;
    static final int UNKNOWN_CA = 48;
    static final int ACCESS_DENIED = 49;
    static final int DECODE_ERROR = 50;
    static final int DECRYPT_ERROR = 51;
    static final int PROTOCOL_VERSION = 70;
    static final int INSUFFICIENT_SECURITY = 71;
    static final int INTERNAL_ERROR = 80;
    static final int USER_CANCELED = 90;
    static final int NO_RENEGOTIATION = 100;
    static final int UNSUPPORTED_EXTENSION = 110;
    static final int UNRECOGNIZED_NAME = 112;
    static final int UNSUPPORTED_SITE2SITE = 200;
    static final int NO_AREA = 201;
    static final int UNSUPPORTED_AREATYPE = 202;
    static final int BAD_IBCPARAM = 203;
    static final int UNSUPPORTED_IBCPARAM = 204;
    static final int IDENTITY_NEED = 205;

    private TlcpAlert() {
    }

    /** The description's name as the standard spells it, or its number. */
    static String name(int description) {
        return switch (description) {
            case CLOSE_NOTIFY -> "close_notify";
            case UNEXPECTED_MESSAGE -> "unexpected_message";
            case BAD_RECORD_MAC -> "bad_record_mac";
            case DECRYPTION_FAILED -> "decryption_failed";
            case RECORD_OVERFLOW -> "record_overflow";
            case DECOMPRESSION_FAILURE -> "decompression_failure";
            case HANDSHAKE_FAILURE -> "handshake_failure";
            case BAD_CERTIFICATE -> "bad_certificate";
            case UNSUPPORTED_CERTIFICATE -> "unsupported_certificate";
            case CERTIFICATE_REVOKED -> "certificate_revoked";
            case CERTIFICATE_EXPIRED -> "certificate_expired";
            case CERTIFICATE_UNKNOWN -> "certificate_unknown";
            case ILLEGAL_PARAMETER -> "illegal_parameter";
            case UNKNOWN_CA -> "unknown_ca";
            case ACCESS_DENIED -> "access_denied";
            case DECODE_ERROR -> "decode_error";
            case DECRYPT_ERROR -> "decrypt_error";
            case PROTOCOL_VERSION -> "protocol_version";
            case INSUFFICIENT_SECURITY -> "insufficient_security";
            case INTERNAL_ERROR -> "internal_error";
            case USER_CANCELED -> "user_canceled";
            case NO_RENEGOTIATION -> "no_renegotiation";
            case UNSUPPORTED_EXTENSION -> "unsupported_extension";
            case UNRECOGNIZED_NAME -> "unrecognized_name";
            case UNSUPPORTED_SITE2SITE -> "unsupported_site2site";
            case NO_AREA -> "no_area";
            case UNSUPPORTED_AREATYPE -> "unsupported_areatype";
            case BAD_IBCPARAM -> "bad_ibcparam";
            case UNSUPPORTED_IBCPARAM -> "unsupported_ibcparam";
            case IDENTITY_NEED -> "identity_need";
            default -> "an unknown alert";
        };
    }
}
