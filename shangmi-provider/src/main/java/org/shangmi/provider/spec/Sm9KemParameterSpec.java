package org.shangmi.provider.spec;

import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * Parameters of SM9 key encapsulation (GB/T 38635.2 clause 8): the recipient's identity and hid,
 * and the length of the key K to encapsulate. For {@code javax.crypto.KEM "SM9"} (JDK 21 and
 * later) and {@link org.shangmi.provider.Sm9KeyEncapsulation} (every JDK).
 */
public final class Sm9KemParameterSpec implements AlgorithmParameterSpec {

    private final Sm9ParameterSpec recipient;
    private final int keyLength;

    /**
     * @param recipient the identity the key is encapsulated to (for decapsulation: one's own)
     * @param keyLength bytes of K, at least 1
     */
    public Sm9KemParameterSpec(Sm9ParameterSpec recipient, int keyLength) {
        this.recipient = Objects.requireNonNull(recipient, "recipient");
        if (keyLength < 1) {
            throw new IllegalArgumentException("the key length must be positive, got " + keyLength);
        }
        this.keyLength = keyLength;
    }

    public Sm9ParameterSpec getRecipient() {
        return recipient;
    }

    public int getKeyLength() {
        return keyLength;
    }
}
