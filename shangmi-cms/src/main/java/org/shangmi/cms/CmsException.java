package org.shangmi.cms;

import java.security.GeneralSecurityException;

/**
 * A message that cannot be read or written: malformed or truncated, of a type or algorithm this
 * library does not handle, or addressed to someone else. A signature that does not verify is a
 * {@link java.security.SignatureException} instead.
 */
public class CmsException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    public CmsException(String message) {
        super(message);
    }

    public CmsException(String message, Throwable cause) {
        super(message, cause);
    }
}
