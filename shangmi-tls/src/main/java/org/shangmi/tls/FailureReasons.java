package org.shangmi.tls;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.bouncycastle.tls.AlertDescription;
import org.bouncycastle.tls.TlsFatalAlert;
import org.bouncycastle.tls.TlsFatalAlertReceived;
import org.shangmi.tls.tlcp.CertificateProblem;

/**
 * Bouncy Castle's engine reports a refused certificate as {@code certificate_unknown(46)}, the
 * trust manager's reason three or four causes down, and a server's demand for a client
 * certificate as a received {@code certificate_required(116)}. The exception an application sees
 * from ShangMiTLS names the reason in its own message, as SunJSSE's do: "certificate has
 * expired", "no trusted issuer", "host name does not match", "the server requires a client
 * certificate"; the engine's exception stays as the cause.
 */
final class FailureReasons {

    private FailureReasons() {
    }

    /** An SM-only connection that found nothing to agree on: what it needs. */
    static final String SM_ONLY_NEEDS = "this endpoint is SM-only (" + ShangMiTlsProvider.SM_ONLY + "): it negotiates "
            + "TLS_SM4_GCM_SM3 or TLS_SM4_CCM_SM3 with curveSM2, sm2sig_sm3 and SM2 certificates alone, which the peer "
            + "does not offer or this side's key does not allow";

    /** How Bouncy Castle names a value it does not know, such as a record type: "UNKNOWN(183)". */
    private static final java.util.regex.Pattern UNKNOWN_VALUE = java.util.regex.Pattern.compile("UNKNOWN\\(\\d+\\)");

    /**
     * {@code failure} with its reason in front, or {@code failure} itself when none is known or it
     * names one already. A message that quotes a value the peer sent and Bouncy Castle does not
     * know ("Unsupported UNKNOWN(183)") is replaced by one without it, so that arbitrary input
     * makes a handful of distinct messages (and log lines), not one per byte value; the
     * replacement keeps the original's stack trace but not its causes, which quote the value too.
     */
    static SSLException explain(SSLException failure, boolean smOnly) {
        String message = String.valueOf(failure.getMessage());
        if (UNKNOWN_VALUE.matcher(message).find()) {
            String general = UNKNOWN_VALUE.matcher(message).replaceAll("an unknown value");
            SSLException replaced = failure instanceof SSLHandshakeException ? new SSLHandshakeException(general) : new SSLException(general);
            replaced.setStackTrace(failure.getStackTrace());
            return replaced;
        }
        String reason = reason(failure);
        if (reason == null && smOnly && String.valueOf(failure.getMessage()).contains("handshake_failure")) {
            reason = SM_ONLY_NEEDS;
        }
        if (reason == null || String.valueOf(failure.getMessage()).contains(reason)) {
            return failure;
        }
        SSLHandshakeException explained = new SSLHandshakeException(reason + " (" + failure.getMessage() + ")");
        explained.initCause(failure);
        return explained;
    }

    /** The description of the fatal alert behind {@code failure} (one this side raised), or -1. */
    static int alertOf(SSLException failure) {
        for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof TlsFatalAlertReceived) {
                return -1;
            }
            if (cause instanceof TlsFatalAlert alert) {
                return alert.getAlertDescription();
            }
        }
        return -1;
    }

    private static String reason(SSLException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof TlsFatalAlertReceived received && received.getAlertDescription() == AlertDescription.certificate_required) {
                return "the server requires a client certificate";
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return CertificateProblem.reason(failure);
    }
}
