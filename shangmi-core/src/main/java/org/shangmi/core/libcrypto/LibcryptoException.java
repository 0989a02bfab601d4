package org.shangmi.core.libcrypto;

/**
 * A libcrypto call failed, or returned what cannot be right. The bindings' exceptions extend it,
 * with OpenSSL's own reasons in the message where the library gave any.
 */
public class LibcryptoException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public LibcryptoException(String message) {
        super(message);
    }
}
