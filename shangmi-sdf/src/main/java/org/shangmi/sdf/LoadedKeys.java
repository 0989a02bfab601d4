package org.shangmi.sdf;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The device keys a key store has loaded, each with a check of the password that unlocked it: an
 * HMAC-SM3 of the password under a random key of this object, never the password. A later request
 * with the same password gets the same key without a new access right; another password, a
 * destroyed key or a closed device means loading again (and the device judges the password).
 */
final class LoadedKeys {

    /** Held weakly: a key nobody uses any more is released by its cleaner, not kept by the store. */
    private static final class Loaded {
        final java.lang.ref.WeakReference<SdfPrivateKey> key;
        final byte[] check;

        Loaded(SdfPrivateKey key, byte[] check) {
            this.key = new java.lang.ref.WeakReference<>(key);
            this.check = check;
        }
    }

    /** Loads a key from the device. */
    interface Loader {
        SdfPrivateKey load() throws SdfException;
    }

    private final Provider software;
    private final byte[] macKey = new byte[32];
    private final Map<String, Loaded> keys = new HashMap<>();

    LoadedKeys(Provider software) {
        this.software = software;
        new SecureRandom().nextBytes(macKey);
    }

    /**
     * The key loaded for {@code alias} with this password, else a new one from {@code loader}; one
     * load at a time, so that concurrent first requests do not each ask the device for the right.
     */
    synchronized SdfPrivateKey getOrLoad(String alias, char[] password, Loader loader) throws SdfException {
        byte[] check = check(password);
        Loaded loaded = keys.get(alias);
        SdfPrivateKey key = loaded == null ? null : loaded.key.get();
        if (key != null && !key.isDestroyed() && !key.device().isClosed() && MessageDigest.isEqual(loaded.check, check)) {
            return key;
        }
        key = loader.load();
        keys.put(alias, new Loaded(key, check));
        return key;
    }

    private byte[] check(char[] password) {
        byte[] bytes = EccStructs.utf8(password);
        try {
            Mac mac = Mac.getInstance("HmacSM3", software);
            mac.init(new SecretKeySpec(macKey, "HmacSM3"));
            return mac.doFinal(bytes);
        } catch (GeneralSecurityException e) {
            throw new ProviderException(e);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }
}
