package org.shangmi.core.backend;

/** A backend cannot serve anything here; the message says why, in words a user can act on. */
public final class BackendUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    public BackendUnavailableException(String reason) {
        super(reason);
    }

    public BackendUnavailableException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
