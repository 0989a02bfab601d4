package org.shangmi.tls.tlcp;

/** A side of a TLCP connection, where a boolean would leave open whose side it is. */
enum Side {
    CLIENT, SERVER;

    /** The other side. */
    Side peer() {
        return this == CLIENT ? SERVER : CLIENT;
    }
}
