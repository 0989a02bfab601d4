package org.shangmi.cli;

import java.security.MessageDigestSpi;
import java.security.Provider;

/** A provider whose SM3 fails on every digest and that offers nothing else: a peer gone wrong for {@code speed}. */
public final class BrokenProvider extends Provider {

    private static final long serialVersionUID = 1L;

    public BrokenProvider() {
        super("Broken", "1.0", "an SM3 that always fails");
        put("MessageDigest.SM3", FailingDigest.class.getName());
    }

    /** Takes input, then fails to produce a digest. */
    public static final class FailingDigest extends MessageDigestSpi {
        @Override
        protected void engineUpdate(byte input) {
        }

        @Override
        protected void engineUpdate(byte[] input, int offset, int len) {
        }

        @Override
        protected byte[] engineDigest() {
            throw new IllegalStateException("broken on purpose");
        }

        @Override
        protected void engineReset() {
        }
    }
}
