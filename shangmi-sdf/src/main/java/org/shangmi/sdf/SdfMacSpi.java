package org.shangmi.sdf;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
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
 * function takes no empty input, and the peers disagree on what its MAC would be. A failed
 * device call resets the Mac: the message must be given again.
 *
 * <p>As any CBC-MAC without a length prefix, it is secure only for messages of one fixed length
 * under a key, and zero filling lets a message and its zero-extended form share a MAC: it is here
 * for protocols that prescribe it, not as a general MAC (HMAC-SM3 is that); and its IV must be
 * fixed or agreed, never taken from the message's sender, who could otherwise change the first
 * block at will.
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
        checkState();
        if (pendingLength == BLOCK) {
            sendPending();
        }
        pending[pendingLength++] = input;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        checkState();
        Objects.checkFromIndexSize(offset, len, input.length);
        if (len == 0) {
            return;
        }
        int take = Math.min(BLOCK - pendingLength, len);
        System.arraycopy(input, offset, pending, pendingLength, take);
        pendingLength += take;
        int from = offset + take;
        int left = len - take;
        if (left == 0) {
            return; // pending is kept back, full or not, for doFinal's last block
        }
        sendPending();
        // the input's whole blocks go straight to the device, but for its last 1 to 16 bytes
        int send = (left - 1) / BLOCK * BLOCK;
        if (send > 0) {
            chain(input, from, send);
        }
        System.arraycopy(input, from + send, pending, 0, left - send);
        pendingLength = left - send;
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        if (input.hasArray()) {
            engineUpdate(input.array(), input.arrayOffset() + input.position(), input.remaining());
            input.position(input.limit());
            return;
        }
        byte[] buffer = new byte[Math.min(input.remaining(), SdfSession.CIPHER_CHUNK)];
        try {
            while (input.hasRemaining()) {
                int n = Math.min(buffer.length, input.remaining());
                input.get(buffer, 0, n);
                engineUpdate(buffer, 0, n);
            }
        } finally {
            Arrays.fill(buffer, (byte) 0);
        }
    }

    /** Chains the full pending block (more input follows it, so it is not the last). */
    private void sendPending() {
        chain(pending, 0, BLOCK);
        Arrays.fill(pending, (byte) 0);
        pendingLength = 0;
    }

    /**
     * Chains whole blocks through the device. A failure ends the message: the chaining may have
     * moved for part of the input, so the Mac is reset and the message must be given again.
     */
    private void chain(byte[] blocks, int off, int len) {
        SdfSecretKey using = key;
        try {
            using.sessionKey().use((session, handle) -> {
                session.cbcMac(handle, chain, blocks, off, len);
                return null;
            });
        } catch (SdfException | IllegalStateException e) {
            engineReset();
            throw new ProviderException("the device did not compute the MAC (the Mac is reset): " + e.getMessage(), e);
        } finally {
            Reference.reachabilityFence(using);
        }
    }

    @Override
    protected byte[] engineDoFinal() {
        checkState();
        try {
            if (pendingLength == 0) {
                throw new ProviderException("SM4-CBC-MAC of an empty message: the device computes none");
            }
            // the zero filling of a partial block: pending's unused bytes are zero
            chain(pending, 0, BLOCK);
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
