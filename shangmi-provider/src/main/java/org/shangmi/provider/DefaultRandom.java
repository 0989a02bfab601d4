package org.shangmi.provider;

import java.security.SecureRandom;

/** The SecureRandom the services use when the caller gives none: one per JVM, created on first use. */
final class DefaultRandom {

    private DefaultRandom() {
    }

    private static final class Holder {
        static final SecureRandom INSTANCE = new SecureRandom();
    }

    static SecureRandom get() {
        return Holder.INSTANCE;
    }
}
