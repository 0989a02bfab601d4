package org.shangmi.provider;

import java.security.DigestException;
import java.security.MessageDigestSpi;
import org.shangmi.core.backend.DigestEngine;

/** {@code MessageDigest} over any backend's {@link DigestEngine}: validates, delegates, translates. */
final class DigestSpi extends MessageDigestSpi implements Cloneable {

    private DigestEngine engine;

    DigestSpi(DigestEngine engine) {
        this.engine = engine;
    }

    @Override
    protected int engineGetDigestLength() {
        return engine.digestLength();
    }

    @Override
    protected void engineUpdate(byte input) {
        engine.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        Ranges.check(input, offset, len);
        engine.update(input, offset, len);
    }

    @Override
    protected byte[] engineDigest() {
        byte[] out = new byte[engine.digestLength()];
        engine.digest(out, 0);
        return out;
    }

    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        int length = engine.digestLength();
        if (len < length) {
            throw new DigestException(engine.algorithm() + " digest needs " + length + " bytes, only " + len + " given");
        }
        if (buf == null || offset < 0 || offset > buf.length - length) {
            throw new DigestException(engine.algorithm() + " digest does not fit in the buffer at offset " + offset);
        }
        engine.digest(buf, offset);
        return length;
    }

    @Override
    protected void engineReset() {
        engine.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        DigestSpi copy = (DigestSpi) super.clone();
        copy.engine = engine.copy();
        return copy;
    }
}
