package org.shangmi.jni;

/** A libcrypto call that failed, with OpenSSL's reason; thrown by the C side. */
final class JniException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    JniException(String message) {
        super(message);
    }
}
