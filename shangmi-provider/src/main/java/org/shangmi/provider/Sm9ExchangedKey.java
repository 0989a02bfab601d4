package org.shangmi.provider;

/**
 * The result of an SM9 key exchange: the shared key, and the two confirmation values of
 * GB/T 38635.2. The party sends {@link #getConfirmation()} (S_B from the responder, S_A from the
 * initiator) and checks the one it receives with {@link #confirms(byte[])}.
 */
public final class Sm9ExchangedKey extends ConfirmedKey {

    private static final long serialVersionUID = 1L;

    Sm9ExchangedKey(String algorithm, byte[] key, byte[] own, byte[] peer) {
        super(algorithm, key, own, peer);
    }
}
