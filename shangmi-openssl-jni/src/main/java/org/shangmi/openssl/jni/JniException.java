package org.shangmi.openssl.jni;

import org.shangmi.core.libcrypto.LibcryptoException;

/** A libcrypto call that failed, with OpenSSL's reason; thrown by the C side. */
final class JniException extends LibcryptoException {

    private static final long serialVersionUID = 1L;

    JniException(String message) {
        super(message);
    }
}
