package org.shangmi.tls.tlcp;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.PKIXReason;

/**
 * The reason a certificate was refused, in a few words an application can show, read from the
 * exception a trust manager threw (the JDK's and Bouncy Castle's bury it several causes down):
 * "certificate has expired", "no trusted issuer", "host name does not match" and the like.
 */
public final class CertificateProblem {

    private CertificateProblem() {
    }

    /** The reason, or null when none of the known ones is found in the exception or its causes. */
    public static String reason(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String reason = reasonOf(cause);
            if (reason != null) {
                return reason;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return null;
    }

    /**
     * "reason: message" when a reason is found and the message does not begin with it, else the
     * message alone.
     */
    public static String describe(Throwable failure) {
        String message = String.valueOf(failure.getMessage());
        String reason = reason(failure);
        return reason == null || message.startsWith(reason) ? message : reason + ": " + message;
    }

    private static String reasonOf(Throwable cause) {
        if (cause instanceof CertificateExpiredException) {
            return "certificate has expired";
        }
        if (cause instanceof CertificateNotYetValidException) {
            return "certificate is not yet valid";
        }
        if (cause instanceof CertPathValidatorException invalid) {
            CertPathValidatorException.Reason reason = invalid.getReason();
            if (reason == CertPathValidatorException.BasicReason.EXPIRED) {
                return "certificate has expired";
            }
            if (reason == CertPathValidatorException.BasicReason.NOT_YET_VALID) {
                return "certificate is not yet valid";
            }
            if (reason == CertPathValidatorException.BasicReason.REVOKED) {
                return "certificate has been revoked";
            }
            if (reason == CertPathValidatorException.BasicReason.UNDETERMINED_REVOCATION_STATUS) {
                return "revocation status cannot be determined";
            }
            if (reason == CertPathValidatorException.BasicReason.ALGORITHM_CONSTRAINED) {
                return "algorithm constraints forbid the certificate";
            }
            if (reason == PKIXReason.NO_TRUST_ANCHOR) {
                return "no trusted issuer";
            }
        }
        if (cause instanceof CertPathBuilderException) {
            return "no trusted issuer"; // the JDK's: "unable to find valid certification path to requested target"
        }
        String message = cause.getMessage();
        if (message == null) {
            return null;
        }
        if (message.startsWith("host name does not match")
                || message.startsWith("No subject alternative") || message.startsWith("No name matching")) {
            return "host name does not match"; // ours; the JDK's HostnameChecker's
        }
        if (message.startsWith("this endpoint is SM-only")) {
            return message;
        }
        if (message.startsWith("the algorithm constraints forbid")) {
            return "algorithm constraints forbid the certificate";
        }
        return null;
    }
}
