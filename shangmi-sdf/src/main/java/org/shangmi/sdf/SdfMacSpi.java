package org.shangmi.sdf;

import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.ProviderException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.MacSpi;
import javax.crypto.spec.IvParameterSpec;

/**
 * {@code Mac "SM4-CBC-MAC"} with an {@link SdfSecretKey}: the CBC-MAC of SM4 computed in the
 * device ({@code SDF_CalculateMAC} with SGD_SM4_MAC), 16 bytes. The chaining starts from the
 * {@link IvParameterSpec} given to {@code init}, or zeros; a last partial block is filled with
 * zero bytes, and a message of whole blocks is not padded (as GmSSL's {@code sm4_cbc_mac} and its
 * SDF device compute it). Whole blocks go to the device as they arrive; the padding is added
 * here, so the device sees whole blocks only. An empty message is refused: the device's
 * function takes no empty input, and the peers disagree on what its MAC would be.
 *
 * <p>As any CBC-MAC without a length prefix, it is secure only for messages of one fixed length
 * under a key, and zero filling lets a message and its zero-extended form share a MAC: it is here
 * for protocols that prescribe it, not as a general MAC (HMAC-SM3 is that).
 */
final class SdfMacSpi extends MacSpi {

    private static final int BLOCK = 16;

    private SdfSecretKey key;
    private byte[] iv = new byte[BLOCK];
    private final byte[] chain = new byte[BLOCK];
    /** The message's last bytes, 1 to 16 once any arrived: kept back so that doFinal has a block to pad. */
    private final byte[] pending = new byte[BLOCK];
    private int pendingLength;

    @Override
    protected int engineGetMacLength() {
        return BLOCK;
    }

    @Override
    protected void engineInit(Key given, AlgorithmParameterSpec params) throws InvalidKeyException,
            InvalidAlgorithmParameterException {
        if (!(given instanceof SdfSecretKey device)) {
            throw new InvalidKeyException("ShangMiSDF's SM4-CBC-MAC takes keys held in its devices (SdfSecretKey)");
        }
        if (device.isDestroyed()) {
            throw new InvalidKeyException("the device key is destroyed");
        }
        byte[] start;
        if (params == null) {
            start = new byte[BLOCK];
        } else if (params instanceof IvParameterSpec spec) {
            start = spec.getIV();
            if (start.length != BLOCK) {
                throw new InvalidAlgorithmParameterException("SM4-CBC-MAC takes a 16-byte IV, not " + start.length);
            }
        } else {
            throw new InvalidAlgorithmParameterException("SM4-CBC-MAC takes an IvParameterSpec or no parameters");
        }
        key = device;
        iv = start;
        engineReset();
    }

    @Override
    protected void engineUpdate(byte input) {
        engineUpdate(new byte[] {input}, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        checkState();
        Objects.checkFromIndexSize(offset, len, input.length);
        if (len == 0) {
            return;
        }
        int total = pendingLength + len;
        // everything but the last 1 to 16 bytes goes to the device now
        int send = (total - 1) / BLOCK * BLOCK;
        if (send == 0) {
            System.arraycopy(input, offset, pending, pendingLength, len);
            pendingLength = total;
            return;
        }
        byte[] blocks = new byte[send];
        try {
            System.arraycopy(pending, 0, blocks, 0, pendingLength);
            System.arraycopy(input, offset, blocks, pendingLength, send - pendingLength);
            chain(blocks, send);
            int keep = total - send;
            System.arraycopy(input, offset + len - keep, pending, 0, keep);
            Arrays.fill(pending, keep, BLOCK, (byte) 0);
            pendingLength = keep;
        } finally {
            Arrays.fill(blocks, (byte) 0);
        }
    }

    private void chain(byte[] blocks, int len) {
        SdfSecretKey using = key;
        try {
            using.sessionKey().use((session, handle) -> {
                session.cbcMac(handle, chain, blocks, 0, len);
                return null;
            });
        } catch (SdfException | IllegalStateException e) {
            throw new ProviderException("the device did not compute the MAC: " + e.getMessage(), e);
        } finally {
            Reference.reachabilityFence(using);
        }
    }

    @Override
    protected byte[] engineDoFinal() {
        checkState();
        try {
            if (pendingLength == 0) {
                throw new IllegalStateException("SM4-CBC-MAC of an empty message: the device computes none");
            }
            // the zero filling of a partial block: pending's unused bytes are zero
            chain(pending, BLOCK);
            return chain.clone();
        } finally {
            engineReset();
        }
    }

    @Override
    protected void engineReset() {
        System.arraycopy(iv, 0, chain, 0, BLOCK);
        Arrays.fill(pending, (byte) 0);
        pendingLength = 0;
    }

    private void checkState() {
        if (key == null) {
            throw new IllegalStateException("Mac not initialized");
        }
    }
}
