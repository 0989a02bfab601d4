package org.shangmi.tls;

import java.time.Duration;

/**
 * The longest a ShangMiTLS socket waits for its handshake: a peer that sends nothing, half a
 * ClientHello, or one byte at a time cannot hold a server's socket, thread and buffers beyond it.
 * The server sockets of every ShangMiTLS context implement this interface (the setting applies to
 * the connections they accept from then on), and so do the sockets they accept and the TLCP
 * contexts' client sockets.
 *
 * <p>The clock starts when the socket is accepted (or, for a client socket, made); when it runs
 * out before the handshake completes, the connection is reset (the underlying socket closed, also
 * for a client socket layered over a socket of the application's) and the thread in the
 * handshake, or the next to use the socket, gets an {@link javax.net.ssl.SSLHandshakeException}
 * that says so. Accepted sockets have a deadline of {@link #DEFAULT} unless the system property
 * {@value #PROPERTY} gives another number of seconds (read when a server socket is made; 0 means
 * none). Client sockets have none unless it is set. A deadline bounds the handshake only: after
 * it, a server also needs a read timeout ({@code setSoTimeout}) for peers that go quiet.
 */
public interface HandshakeTimeout {

    /** The system property with a server socket's default, in seconds: {@value}. */
    String PROPERTY = "shangmi.tls.handshakeTimeout";

    /** The default for server sockets: 30 seconds. */
    Duration DEFAULT = Duration.ofSeconds(30);

    /**
     * Sets the deadline.
     *
     * @param timeout how long the handshake may take from the socket's acceptance; zero for none
     * @throws IllegalArgumentException if it is negative
     */
    void setHandshakeTimeout(Duration timeout);

    /** The deadline; zero for none. */
    Duration getHandshakeTimeout();

    /** The default of a server socket made now: {@value #PROPERTY} if set, else {@link #DEFAULT}. */
    static Duration serverDefault() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return DEFAULT;
        }
        try {
            long seconds = Long.parseLong(value.trim());
            if (seconds >= 0) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new IllegalArgumentException(PROPERTY + " must be a whole number of seconds, 0 or more: " + value);
    }
}
