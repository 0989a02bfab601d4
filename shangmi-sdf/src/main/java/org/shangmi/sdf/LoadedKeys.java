package org.shangmi.sdf;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
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

    private static final class Loaded {
        final SdfPrivateKey key;
        final byte[] check;

        Loaded(SdfPrivateKey key, byte[] check) {
            this.key = key;
            this.check = check;
        }
    }

    private final Provider software;
    private final byte[] macKey = new byte[32];
    private final Map<String, Loaded> keys = new HashMap<>();

    LoadedKeys(Provider software) {
        this.software = software;
        new SecureRandom().nextBytes(macKey);
    }

    synchronized SdfPrivateKey get(String alias, char[] password) {
        Loaded loaded = keys.get(alias);
        if (loaded == null || loaded.key.isDestroyed() || loaded.key.device().isClosed()) {
            return null;
        }
        return MessageDigest.isEqual(loaded.check, check(password)) ? loaded.key : null;
    }

    synchronized void put(String alias, char[] password, SdfPrivateKey key) {
        keys.put(alias, new Loaded(key, check(password)));
    }

    private byte[] check(char[] password) {
        ByteBuffer bytes = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        try {
            Mac mac = Mac.getInstance("HmacSM3", software);
            mac.init(new SecretKeySpec(macKey, "HmacSM3"));
            mac.update(bytes.duplicate());
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new ProviderException(e);
        } finally {
            if (bytes.hasArray()) {
                Arrays.fill(bytes.array(), (byte) 0);
            }
        }
    }
}
