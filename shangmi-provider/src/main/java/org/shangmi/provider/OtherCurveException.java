package org.shangmi.provider;

import java.security.spec.InvalidKeySpecException;

/**
 * An SM2 key service's refusal of a key of another curve or algorithm. With ShangMi installed
 * ahead of SunEC, every P-256 key the JDK decodes meets this refusal first and JCA fails over to
 * SunEC; the exception is therefore made without a stack trace, which would cost more than the
 * rest of the refusal. The message names the curve or algorithm found.
 */
final class OtherCurveException extends InvalidKeySpecException {

    private static final long serialVersionUID = 1L;

    OtherCurveException(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
