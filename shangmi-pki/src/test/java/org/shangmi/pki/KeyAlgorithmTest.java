package org.shangmi.pki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslCommand;

/** The algorithm of PKCS#8 keys that openssl made, against the OIDs of the standards that define them. */
class KeyAlgorithmTest {

    /** A new key from {@code openssl genpkey}, as PKCS#8 DER (genpkey's DER of an EC key is SEC1's form). */
    private static byte[] opensslKey(String... genpkeyOptions) {
        String[] args = new String[genpkeyOptions.length + 1];
        args[0] = "genpkey";
        System.arraycopy(genpkeyOptions, 0, args, 1, genpkeyOptions.length);
        byte[] pem = OpenSslCommand.run(new byte[0], args);
        return OpenSslCommand.run(pem, "pkcs8", "-topk8", "-nocrypt", "-outform", "DER");
    }

    @Test
    void namesTheAlgorithmAndTheCurveOfOpensslKeys() {
        OpenSslCommand.assumeAvailable();
        // RFC 5480 id-ecPublicKey with GB/T 33560's sm2p256v1
        assertEquals(new KeyAlgorithm("1.2.840.10045.2.1", "1.2.156.10197.1.301"),
                KeyAlgorithm.ofPkcs8(opensslKey("-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:SM2")));
        // RFC 5480 prime256v1
        assertEquals(new KeyAlgorithm("1.2.840.10045.2.1", "1.2.840.10045.3.1.7"),
                KeyAlgorithm.ofPkcs8(opensslKey("-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256")));
        // RFC 8017 rsaEncryption (NULL parameters), RFC 8410 id-Ed25519 (no parameters)
        assertEquals(new KeyAlgorithm("1.2.840.113549.1.1.1", null),
                KeyAlgorithm.ofPkcs8(opensslKey("-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024")));
        assertEquals(new KeyAlgorithm("1.3.101.112", null), KeyAlgorithm.ofPkcs8(opensslKey("-algorithm", "ED25519")));
    }

    @Test
    void anythingElseIsNoPkcs8Key() {
        OpenSslCommand.assumeAvailable();
        byte[] key = opensslKey("-algorithm", "ED25519");
        assertNull(KeyAlgorithm.ofPkcs8(Arrays.copyOf(key, 10)));
        assertNull(KeyAlgorithm.ofPkcs8(new byte[0]));
        assertNull(KeyAlgorithm.ofPkcs8(new byte[32]));
        byte[] sec1 = OpenSslCommand.run(new byte[0], "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:SM2",
                "-outform", "DER");
        assertNull(KeyAlgorithm.ofPkcs8(sec1), "SEC1's ECPrivateKey is not a PrivateKeyInfo");
    }
}
