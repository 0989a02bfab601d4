package org.shangmi.tls.tlcp;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Mac;

/**
 * The TLCP pseudo-random function: TLS 1.2's {@code P_hash} (RFC 5246 section 5) with HMAC-SM3
 * (GB/T 38636-2020 section 6.5), and what the handshake derives with it: the master secret, the
 * key block and the Finished verify data. The HMAC is any provider's {@code Mac "HmacSM3"}.
 */
final class TlcpPrf {

    static final String HMAC_SM3 = "HmacSM3";
    static final int MASTER_SECRET_LENGTH = 48;
    static final int RANDOM_LENGTH = 32;
    static final int VERIFY_DATA_LENGTH = 12;

    private TlcpPrf() {
    }

    /** PRF(secret, label, seed) with HMAC-SM3: {@code length} bytes. */
    static byte[] prf(byte[] secret, String label, byte[] seed, int length) throws TlcpAlertException {
        return prf(HMAC_SM3, secret, label, seed, length);
    }

    /**
     * P_hash(secret, label ‖ seed) with the named HMAC:
     * A(0) = label ‖ seed, A(i) = HMAC(secret, A(i-1)), output = HMAC(secret, A(1) ‖ label ‖ seed) ‖
     * HMAC(secret, A(2) ‖ label ‖ seed) ‖ ..., cut to {@code length} bytes.
     *
     * @throws TlcpAlertException (internal_error) when no provider offers the HMAC
     */
    static byte[] prf(String macAlgorithm, byte[] secret, String label, byte[] seed, int length)
            throws TlcpAlertException {
        Objects.requireNonNull(macAlgorithm);
        Objects.requireNonNull(secret);
        Objects.requireNonNull(seed);
        if (length < 0) {
            throw new IllegalArgumentException("a negative PRF length: " + length);
        }
        byte[] labelSeed = concat(label.getBytes(StandardCharsets.US_ASCII), seed);
        RecordKey key = new RecordKey(secret, 0, secret.length, macAlgorithm);
        byte[] a = null;
        byte[] block = null;
        try {
            Mac mac = Mac.getInstance(macAlgorithm);
            mac.init(key);
            byte[] out = new byte[length];
            a = mac.doFinal(labelSeed);
            for (int done = 0; done < length; ) {
                mac.update(a);
                mac.update(labelSeed);
                block = mac.doFinal();
                int take = Math.min(block.length, length - done);
                System.arraycopy(block, 0, out, done, take);
                done += take;
                Arrays.fill(block, (byte) 0);
                byte[] next = mac.doFinal(a);
                Arrays.fill(a, (byte) 0);
                a = next;
            }
            return out;
        } catch (GeneralSecurityException e) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "no usable " + macAlgorithm + " for the PRF", e);
        } finally {
            key.destroy();
            if (a != null) {
                Arrays.fill(a, (byte) 0);
            }
            if (block != null) {
                Arrays.fill(block, (byte) 0);
            }
        }
    }

    /** master_secret = PRF(pre_master_secret, "master secret", client_random ‖ server_random)[0..47]. */
    static byte[] masterSecret(byte[] preMaster, byte[] clientRandom, byte[] serverRandom) throws TlcpAlertException {
        return prf(preMaster, "master secret", randoms(clientRandom, serverRandom), MASTER_SECRET_LENGTH);
    }

    /** key_block = PRF(master_secret, "key expansion", server_random ‖ client_random), {@code length} bytes. */
    static byte[] keyBlock(byte[] master, byte[] clientRandom, byte[] serverRandom, int length) throws TlcpAlertException {
        return prf(master, "key expansion", randoms(serverRandom, clientRandom), length);
    }

    /**
     * verify_data = PRF(master_secret, "client finished" or "server finished", SM3(handshake
     * messages))[0..11]; the caller hashes the messages.
     */
    static byte[] finished(byte[] master, Side sender, byte[] handshakeHash) throws TlcpAlertException {
        return prf(master, sender == Side.CLIENT ? "client finished" : "server finished", handshakeHash, VERIFY_DATA_LENGTH);
    }

    private static byte[] randoms(byte[] first, byte[] second) {
        if (first.length != RANDOM_LENGTH || second.length != RANDOM_LENGTH) {
            throw new IllegalArgumentException("hello randoms are 32 bytes, not " + first.length + " and " + second.length);
        }
        return concat(first, second);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
