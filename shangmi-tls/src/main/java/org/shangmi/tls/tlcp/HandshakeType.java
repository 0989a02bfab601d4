package org.shangmi.tls.tlcp;

/** The handshake messages of TLCP (GB/T 38636-2020 section 6.4.5), with their codes on the wire. */
enum HandshakeType {
    HELLO_REQUEST(0, "HelloRequest"),
    CLIENT_HELLO(1, "ClientHello"),
    SERVER_HELLO(2, "ServerHello"),
    CERTIFICATE(11, "Certificate"),
    SERVER_KEY_EXCHANGE(12, "ServerKeyExchange"),
    CERTIFICATE_REQUEST(13, "CertificateRequest"),
    SERVER_HELLO_DONE(14, "ServerHelloDone"),
    CERTIFICATE_VERIFY(15, "CertificateVerify"),
    CLIENT_KEY_EXCHANGE(16, "ClientKeyExchange"),
    FINISHED(20, "Finished");

    /** The one-byte code on the wire. */
    final int code;
    /** The name the standard gives it, for messages. */
    final String displayName;

    HandshakeType(int code, String displayName) {
        this.code = code;
        this.displayName = displayName;
    }

    /** The type of this code, or null for a code TLCP does not define. */
    static HandshakeType of(int code) {
        for (HandshakeType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        return null;
    }

    /** The name of the message of this code, for messages, whether or not TLCP defines it. */
    static String nameOf(int code) {
        HandshakeType type = of(code);
        return type == null ? "a handshake message of unknown type" : type.displayName;
    }
}
