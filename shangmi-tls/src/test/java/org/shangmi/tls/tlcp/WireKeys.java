package org.shangmi.tls.tlcp;

import java.util.Arrays;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * A connection's record keys as someone holding its master secret computes them, with Bouncy
 * Castle's engines and {@link RecordReference} rather than the code under test: the key block
 * from the master secret and the two randoms, and records of either direction sealed (with any
 * padding, for CBC) or opened at a given sequence number.
 */
final class WireKeys {

    private final TlcpSuite suite;
    private final byte[] keyBlock;

    /**
     * @param clientHello the plaintext ClientHello record
     * @param serverHello the plaintext ServerHello record
     */
    WireKeys(TlcpSuite suite, byte[] masterSecret, byte[] clientHello, byte[] serverHello) {
        this.suite = suite;
        byte[] clientRandom = random(clientHello);
        byte[] serverRandom = random(serverHello);
        keyBlock = RecordReference.pHash(new SM3Digest(), masterSecret, "key expansion",
                TlcpRecords.concat(serverRandom, clientRandom), suite.keyBlockLength());
    }

    /** The random of a hello record: after the record header, the message header and the version. */
    private static byte[] random(byte[] helloRecord) {
        int at = TlcpRecords.HEADER + 4 + 2;
        return Arrays.copyOfRange(helloRecord, at, at + 32);
    }

    private byte[] slice(int off, int len) {
        return Arrays.copyOfRange(keyBlock, off, off + len);
    }

    private byte[] macKey(boolean fromClient) {
        return slice(fromClient ? 0 : 32, 32);
    }

    private byte[] cbcKey(boolean fromClient) {
        return slice(fromClient ? 64 : 80, 16);
    }

    private byte[] gcmKey(boolean fromClient) {
        return slice(fromClient ? 0 : 16, 16);
    }

    private byte[] gcmFixedIv(boolean fromClient) {
        return slice(fromClient ? 32 : 36, 4);
    }

    /** A whole protected record, with the least padding for CBC. */
    byte[] seal(boolean fromClient, long seq, int type, byte[] content) {
        if (suite.aead()) {
            return TlcpRecords.record(type, RecordReference.gcmRecord(gcmKey(fromClient), gcmFixedIv(fromClient), seq, type, content));
        }
        int padLength = (16 - (content.length + 33) % 16) % 16;
        return TlcpRecords.record(type, cbcFragment(fromClient, RecordReference.cbcBody(macKey(fromClient), seq, type, content, padLength)));
    }

    /** The CBC body (content, MAC, padding) before encryption, for a test to spoil. */
    byte[] cbcBody(boolean fromClient, long seq, int type, byte[] content, int padLength) {
        return RecordReference.cbcBody(macKey(fromClient), seq, type, content, padLength);
    }

    /** IV and SM4-CBC encryption of a body as given. */
    byte[] cbcFragment(boolean fromClient, byte[] body) {
        return RecordReference.cbcEncrypt(cbcKey(fromClient), RecordReference.pattern(16, 0x30), body);
    }

    /** The content of a protected record; the MAC or tag is checked. */
    byte[] open(boolean fromClient, long seq, byte[] record) {
        int type = record[0] & 0xff;
        byte[] fragment = TlcpRecords.fragment(record);
        if (suite.aead()) {
            byte[] nonce = TlcpRecords.concat(gcmFixedIv(fromClient), Arrays.copyOf(fragment, 8));
            int length = fragment.length - 8 - 16;
            GCMBlockCipher gcm = (GCMBlockCipher) GCMBlockCipher.newInstance(new SM4Engine());
            gcm.init(false, new AEADParameters(new KeyParameter(gcmKey(fromClient)), 128, nonce,
                    RecordReference.macHeader(seq, type, length)));
            byte[] content = new byte[length + 16];
            int n = gcm.processBytes(fragment, 8, fragment.length - 8, content, 0);
            try {
                n += gcm.doFinal(content, n);
            } catch (InvalidCipherTextException e) {
                throw new AssertionError("the record does not open under the derived keys", e);
            }
            return Arrays.copyOf(content, n);
        }
        CBCBlockCipher cbc = (CBCBlockCipher) CBCBlockCipher.newInstance(new SM4Engine());
        cbc.init(false, new ParametersWithIV(new KeyParameter(cbcKey(fromClient)), fragment, 0, 16));
        byte[] body = new byte[fragment.length - 16];
        for (int i = 0; i < body.length; i += 16) {
            cbc.processBlock(fragment, 16 + i, body, i);
        }
        int padLength = body[body.length - 1] & 0xff;
        byte[] content = Arrays.copyOf(body, body.length - 32 - padLength - 1);
        byte[] mac = Arrays.copyOfRange(body, content.length, content.length + 32);
        if (!Arrays.equals(mac, RecordReference.hmacSm3(macKey(fromClient), RecordReference.macHeader(seq, type, content.length), content))) {
            throw new AssertionError("the record's MAC does not verify under the derived keys");
        }
        return content;
    }
}
