package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.function.Supplier;
import javax.crypto.MacSpi;
import org.shangmi.core.zuc.ZucMac;
import org.shangmi.core.zuc.ZucSBoxLayer;
import org.shangmi.provider.spec.Zuc3gppParameterSpec;

/**
 * Mac "ZUC-128" (128-EIA3's 32-bit MAC; with an {@code IvParameterSpec} the ZUC IV is given
 * directly, as in Bouncy Castle, and with a {@link Zuc3gppParameterSpec} it is 128-EIA3's,
 * derived from COUNT, BEARER and DIRECTION) and "ZUC-256-32", "-64" and "-128" (alias
 * "ZUC-256"), ZUC-256's MACs.
 *
 * <p>The IV is required: these MACs are secure only when no (key, IV) pair tags two different
 * messages. {@code doFinal} starts over with the same key and IV, as the JCA asks (so that the
 * same message can be checked again); a new message needs a new IV. A 3GPP spec with a LENGTH
 * makes the MAC cover exactly that many bits: the message must be ⌈LENGTH/8⌉ bytes, and the
 * bits past LENGTH in the last byte are ignored.
 */
final class ZucMacSpi extends MacSpi {

    /** The longest 3GPP LENGTH: ⌈LENGTH/32⌉ + 2 keystream words must stay within the engine's 2^27. */
    static final long MAX_LENGTH_BITS = (org.shangmi.core.zuc.Zuc.MAX_WORDS - 2) * 32;

    private final ZucVariant variant;
    /** 32 for ZUC-128; 32, 64 or 128 for ZUC-256. */
    private final int tagBits;
    private final Supplier<ZucSBoxLayer> layers;
    /** This MAC's S-box layer, asked for at the first key. */
    private ZucSBoxLayer layer;
    private byte[] key;
    private byte[] iv;
    private long lengthBits = -1;
    /** The MAC of the current message; null until the first input after init or reset, made then. */
    private ZucMac mac;
    private boolean initialised;
    private long bytes;
    /** The last byte of a message whose LENGTH is not whole bytes, held back until doFinal. */
    private int heldByte = -1;
    private final byte[] one = new byte[1];

    /** @param layers gives the S-box layer of this MAC's engines (see {@link ZucCipherSpi}) */
    ZucMacSpi(ZucVariant variant, int tagBits, Supplier<ZucSBoxLayer> layers) {
        this.variant = variant;
        this.tagBits = tagBits;
        this.layers = layers;
    }

    @Override
    protected int engineGetMacLength() {
        return tagBits / 8;
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params) throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            throw new InvalidAlgorithmParameterException(variant.algorithm + " MACs need an IV (IvParameterSpec"
                    + (variant == ZucVariant.ZUC_128 ? " or Zuc3gppParameterSpec" : "") + ")");
        }
        byte[] newIv = variant.engineIv(variant.iv(params, false));
        long newLength = params instanceof Zuc3gppParameterSpec spec ? spec.getLengthBits() : -1;
        if (newLength > MAX_LENGTH_BITS) {
            throw new InvalidAlgorithmParameterException("128-EIA3 here covers at most " + MAX_LENGTH_BITS
                    + " bits (its keystream of LENGTH + 64 bits stays within 2^32), not " + newLength);
        }
        byte[] rawKey = variant.rawKey(key);
        ZucMac newMac;
        try {
            newMac = newMac(rawKey, newIv);
        } catch (RuntimeException e) {
            Arrays.fill(rawKey, (byte) 0);
            throw e;
        }
        wipe();
        this.key = rawKey;
        this.iv = newIv;
        this.lengthBits = newLength;
        this.mac = newMac;
        initialised = true;
    }

    /** The MAC for the message under way, made (its keystream loaded) on first use after a reset. */
    private ZucMac mac() {
        if (!initialised) {
            throw new IllegalStateException(variant.algorithm + " MAC is not initialised");
        }
        if (mac == null) {
            mac = newMac(key, iv);
        }
        return mac;
    }

    private ZucMac newMac(byte[] rawKey, byte[] engineIv) {
        if (layer == null) {
            layer = layers.get();
        }
        return variant == ZucVariant.ZUC_128 ? ZucMac.eia3(rawKey, engineIv, layer) : ZucMac.zuc256(rawKey, engineIv, tagBits, layer);
    }

    @Override
    protected void engineUpdate(byte input) {
        one[0] = input;
        engineUpdate(one, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        Ranges.check(input, offset, len);
        ZucMac current = mac();
        int whole = len;
        if (lengthBits >= 0) {
            long limit = (lengthBits + 7) / 8;
            if (bytes + len > limit) {
                throw new IllegalStateException("the 3GPP spec's LENGTH of " + lengthBits + " bits takes " + limit
                        + " bytes; this would make " + (bytes + len));
            }
            if (lengthBits % 8 != 0 && bytes + len == limit && len > 0) {
                heldByte = input[offset + len - 1] & 0xff;
                whole--;
            }
        }
        current.update(input, offset, whole);
        bytes += len;
    }

    @Override
    protected byte[] engineDoFinal() {
        ZucMac current = mac();
        if (lengthBits >= 0 && bytes != (lengthBits + 7) / 8) {
            throw new IllegalStateException("the 3GPP spec's LENGTH of " + lengthBits + " bits takes " + (lengthBits + 7) / 8
                    + " bytes, got " + bytes);
        }
        byte[] tag = new byte[tagBits / 8];
        int extraBits = lengthBits > 0 ? (int) (lengthBits % 8) : 0;
        current.finish(extraBits == 0 ? 0 : heldByte, extraBits, tag, 0);
        mac = null;
        engineReset();
        return tag;
    }

    @Override
    protected void engineReset() {
        if (mac != null) {
            mac.destroy();
            mac = null;
        }
        bytes = 0;
        heldByte = -1;
    }

    private void wipe() {
        if (mac != null) {
            mac.destroy();
            mac = null;
        }
        if (key != null) {
            Arrays.fill(key, (byte) 0);
            key = null;
        }
        initialised = false;
        bytes = 0;
        heldByte = -1;
    }
}
