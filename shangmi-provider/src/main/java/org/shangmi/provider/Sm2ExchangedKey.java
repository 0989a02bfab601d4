package org.shangmi.provider;

/**
 * The result of an SM2 key exchange: the shared key, and the two confirmation values of
 * GB/T 32918.3. The party sends {@link #getConfirmation()} (S_B from the responder, S_A from the
 * initiator) and checks the one it receives with {@link #confirms(byte[])}.
 */
public final class Sm2ExchangedKey extends ConfirmedKey {

    private static final long serialVersionUID = 2L;

    Sm2ExchangedKey(String algorithm, byte[] key, byte[] own, byte[] peer) {
        super(algorithm, key, own, peer);
    }
}
