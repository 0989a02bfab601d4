package org.shangmi.sdf;

import java.security.GeneralSecurityException;
import java.util.Locale;

/**
 * A device function that returned an error: which function, its result code, and the code's name
 * in GM/T 0018 ({@code SDR_...}), or "vendor-specific" for a code the standard does not define.
 * It never carries key material or passwords. The JCA methods throw it as the cause of the
 * exception their contract names ({@code SignatureException}, {@code BadPaddingException},
 * {@code UnrecoverableKeyException}, ...).
 */
public final class SdfException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    private final String function;
    private final int code;

    SdfException(String function, int code) {
        super(message(function, code));
        this.function = function;
        this.code = code;
    }

    /** A function that returned success with output this provider cannot read, {@code cause} saying what. */
    SdfException(String function, int code, Throwable cause) {
        this(function, code);
        initCause(cause);
    }

    private static String message(String function, int code) {
        SdfError error = SdfError.of(code);
        String hex = String.format(Locale.ROOT, "0x%08X", code);
        return error == null
                ? "SDF_" + function + " failed: " + hex + " (vendor-specific)"
                : "SDF_" + function + " failed: " + hex + " " + error.name() + " (" + error.meaning + ")";
    }

    /** The function's name without its {@code SDF_} prefix, such as {@code InternalSign_ECC}. */
    public String function() {
        return function;
    }

    /** The result code the function returned. */
    public int code() {
        return code;
    }

    /** The code's name in GM/T 0018, such as {@code SDR_KEYNOTEXIST}, or null for a vendor's own code. */
    public String codeName() {
        SdfError error = SdfError.of(code);
        return error == null ? null : error.name();
    }
}
