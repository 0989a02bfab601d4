package org.shangmi.openssl.ffm;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.shangmi.core.libcrypto.LibcryptoException;

/**
 * A libcrypto call failed. The message names the function and carries OpenSSL's own reasons,
 * taken from the thread's error queue, which is empty afterwards.
 */
public final class OpenSslException extends LibcryptoException {

    private static final long serialVersionUID = 1L;

    /** Bound on the queue entries read, in case a broken library keeps returning some. */
    private static final int MAX_ERRORS = 16;

    OpenSslException(String message) {
        super(message);
    }

    /** Throws unless {@code result} is 1, OpenSSL's success. */
    static void check(int result, String function) {
        if (result != 1) {
            throw failed(function);
        }
    }

    /** Returns {@code pointer}, or throws if it is NULL. */
    static MemorySegment checkNotNull(MemorySegment pointer, String function) {
        if (pointer.equals(MemorySegment.NULL)) {
            throw failed(function);
        }
        return pointer;
    }

    /** The exception for a failed {@code function}, emptying the error queue into its message. */
    static OpenSslException failed(String function) {
        List<String> reasons = drainErrors();
        return new OpenSslException(function + " failed"
                + (reasons.isEmpty() ? " (OpenSSL gave no reason)" : ": " + String.join("; ", reasons)));
    }

    /** Reads and clears the calling thread's error queue. */
    static List<String> drainErrors() {
        List<String> reasons = new ArrayList<>();
        byte[] buffer = new byte[256];
        for (int i = 0; i < MAX_ERRORS; i++) {
            long error = LibCrypto.errGetError();
            if (error == 0) {
                return reasons;
            }
            LibCrypto.errErrorStringN(error, buffer);
            int end = 0;
            while (end < buffer.length && buffer[end] != 0) {
                end++;
            }
            reasons.add(new String(buffer, 0, end, StandardCharsets.UTF_8));
        }
        LibCrypto.errClearError();
        return reasons;
    }
}
