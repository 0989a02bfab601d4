package org.shangmi.core.sm9;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * The SM9 operations the timing-leak test ({@code org.shangmi.core.timing.TimingLeaks}) times,
 * reaching what only this package sees: signing with a given r (w = g^r and S = [r − h]ds), and
 * decryption with a valid or a wrong C3 and with one user key or another.
 */
public final class Sm9Timing {

    private static final byte[] BOB = "Bob".getBytes(StandardCharsets.US_ASCII);

    private final Sm9MasterPoint signMaster;
    private final byte[] ds;
    private final Sm9Signer signer = new Sm9Signer();
    private final byte[] message = "timed".getBytes(StandardCharsets.US_ASCII);
    private final byte[] de;
    private final Sm9Encryption.Ciphertext ciphertext;
    private final byte[][] otherKeys;

    public Sm9Timing() {
        SecureRandom random = new SecureRandom();
        byte[] ks = Sm9.randomScalar(random);
        signMaster = Sm9.signMasterPublicKey(ks);
        ds = Sm9.signUserKey(ks, BOB, Sm9.HID_SIGN);
        signMaster.pairingValue();
        byte[] ke = Sm9.randomScalar(random);
        Sm9MasterPoint encryptMaster = Sm9.encryptMasterPublicKey(ke);
        de = Sm9.encryptUserKey(ke, BOB, Sm9.HID_ENCRYPT);
        ciphertext = Sm9Encryption.encrypt(encryptMaster, BOB, Sm9.HID_ENCRYPT, message, 0, message.length,
                Sm9Encryption.Cipher.XOR, Sm9Encryption.Mac.SM3, random);
        otherKeys = new byte[16][];
        for (int i = 0; i < otherKeys.length; i++) {
            otherKeys[i] = Sm9.encryptUserKey(ke, ("user " + i).getBytes(StandardCharsets.US_ASCII), Sm9.HID_ENCRYPT);
        }
    }

    /** Signs with r (32 bytes, in [1, N − 1]); returns a byte of S. */
    public int sign(byte[] r) {
        signer.update(message, 0, message.length);
        Sm9Signer.Signature signature = signer.signWithKnownNonce(ds, signMaster, r);
        return signature == null ? 0 : signature.s()[1];
    }

    /** The valid C3 (32 bytes), for the decryption target to alter. */
    public byte[] validTag() {
        return ciphertext.c3().clone();
    }

    /** Decrypts with the given C3: 1 if it verified, 0 if not. */
    public int decryptWithTag(byte[] c3) {
        try {
            Sm9Encryption.decrypt(de, BOB, new Sm9Encryption.Ciphertext(ciphertext.c1(), c3, ciphertext.c2()),
                    Sm9Encryption.Cipher.XOR, Sm9Encryption.Mac.SM3);
            return 1;
        } catch (Sm9Encryption.BadTagException wrong) {
            return 0;
        }
    }

    /** How many other user keys {@link #decapsulateWith} can use. */
    public int otherKeys() {
        return otherKeys.length;
    }

    /** The pairing e(C1, de) and KDF of decryption with Bob's key (index −1) or another user's; returns a byte of K. */
    public int decapsulateWith(int keyIndex) {
        byte[] key = keyIndex < 0 ? de : otherKeys[keyIndex];
        byte[] k = Sm9.decapsulate(key, BOB, ciphertext.c1(), 0, ciphertext.c1().length, 32);
        int result = k[0];
        Arrays.fill(k, (byte) 0);
        return result;
    }
}
