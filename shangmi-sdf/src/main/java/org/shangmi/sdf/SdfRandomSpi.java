package org.shangmi.sdf;

import java.security.ProviderException;
import java.security.SecureRandomSpi;

/**
 * {@code SecureRandom "SDF"}: every byte from the device's generator ({@code SDF_GenerateRandom},
 * in calls of at most 256 bytes). Seeds given by the caller are not mixed in: the device's
 * generator takes none.
 */
final class SdfRandomSpi extends SecureRandomSpi {

    private static final long serialVersionUID = 1L;

    private final transient SdfDevice device;

    SdfRandomSpi(SdfDevice device) {
        this.device = device;
    }

    @Override
    protected void engineSetSeed(byte[] seed) {
        // the device's generator takes no seed
    }

    @Override
    protected void engineNextBytes(byte[] bytes) {
        try {
            SdfSession session = device.borrow();
            try {
                session.random(bytes, 0, bytes.length);
            } finally {
                device.giveBack(session);
            }
        } catch (SdfException | IllegalStateException e) {
            throw new ProviderException("the device's random generator failed: " + e.getMessage(), e);
        }
    }

    @Override
    protected byte[] engineGenerateSeed(int numBytes) {
        byte[] seed = new byte[numBytes];
        engineNextBytes(seed);
        return seed;
    }
}
