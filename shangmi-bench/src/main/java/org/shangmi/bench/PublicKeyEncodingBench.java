package org.shangmi.bench;

import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code KeyFactory}: an SM2 public key read from X.509 with its point uncompressed (04 || x || y,
 * 91 bytes in all) or compressed (02/03 || x, 59 bytes). The compressed form is smaller on the
 * wire but costs a square root modulo p to read; both forms are checked to be on the curve.
 * Kona's key factory reads neither form of X.509, so it is not here.
 */
public class PublicKeyEncodingBench extends PublicKeyBench {

    @Param({"ShangMi-Java", "BC"})
    public String provider;

    @Param({"uncompressed", "compressed"})
    public String encoding;

    private KeyFactory factory;
    private byte[] encoded;
    private PublicKey expected;

    @Setup
    public void setUp() throws Exception {
        Peers peer = Peers.forLabel(provider);
        expected = peer.keyPairGenerator().generateKeyPair().getPublic();
        byte[] x509 = expected.getEncoded();
        encoded = encoding.equals("compressed") ? compress(x509) : x509;
        factory = peer.keyFactory();
        if (!Arrays.equals(decode().getEncoded(), x509)) {
            throw new IllegalStateException(provider + " reads the " + encoding + " key as another key");
        }
    }

    /**
     * The same SubjectPublicKeyInfo with its point compressed: an uncompressed SM2 key is
     * SEQUENCE (0x59) { AlgorithmIdentifier (21 bytes), BIT STRING (0x42) { 00 04 x y } }.
     */
    static byte[] compress(byte[] x509) {
        if (x509.length != 91 || x509[0] != 0x30 || x509[1] != 0x59 || x509[23] != 0x03 || x509[24] != 0x42
                || x509[25] != 0 || x509[26] != 0x04) {
            throw new IllegalArgumentException("not an uncompressed SM2 SubjectPublicKeyInfo");
        }
        byte[] out = new byte[59];
        out[0] = 0x30;
        out[1] = 57;
        System.arraycopy(x509, 2, out, 2, 21);
        out[23] = 0x03;
        out[24] = 34;
        out[25] = 0;
        out[26] = (byte) (0x02 | (x509[90] & 1));
        System.arraycopy(x509, 27, out, 27, 32);
        return out;
    }

    @Benchmark
    public PublicKey decode() throws Exception {
        return factory.generatePublic(new X509EncodedKeySpec(encoded));
    }
}
