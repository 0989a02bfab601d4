package org.shangmi.tls.tlcp;

import java.nio.charset.StandardCharsets;
import java.security.Security;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.shangmi.provider.ShangMiProvider;

/**
 * TLCP records and the PRF built with Bouncy Castle's low-level engines (SM4Engine, CBC, GCM,
 * HMac over SM3Digest), written from GB/T 38636's layout, independently of the code under test;
 * and the values GmSSL 3 (commit 24ae4827) computes for the same inputs.
 */
final class RecordReference {

    /**
     * Made with GmSSL 3 at commit 24ae4827 (../shared/peers/gmssl), linking libgmssl: tls_prf(DIGEST_sm3(),
     * pre_master, 48, "master secret", client_random, 32, server_random, 32, 48, master), then
     * tls_prf(DIGEST_sm3(), master, 48, "key expansion", server_random, 32, client_random, 32, 128,
     * key_block) (the calls and argument order of its tlcp.c), with pre_master[i] = i,
     * client_random[i] = 0x40 + i, server_random[i] = 0x80 + i.
     */
    static final byte[] GMSSL_KEY_BLOCK = hex("2a51cdd1a56bbf4face72a48ac92ee83354f2638d762d483eb0b330b3d956c2c"
            + "e8d48b0d35e51bdd24c24c1551f049d1b185e6ca8b67dec1dd1cc0278e857075"
            + "a952e2ecd617122a8ec7e3395215707fc98ecea4243356f4acaf9ca4f26b95e9"
            + "a499cdce00ce5c663e0a515c892f8fbf601489564adf529e4230f87f1547fc37");

    private RecordReference() {
    }

    static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex);
    }

    static byte[] pattern(int length, int first) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (first + i);
        }
        return b;
    }

    /** The first {@code length} bytes of GmSSL's key block, as a suite takes them. */
    static byte[] keyBlock(TlcpSuite suite) {
        return Arrays.copyOf(GMSSL_KEY_BLOCK, suite.keyBlockLength());
    }

    /** Installs ShangMi first unless it is installed; true if this call installed it. */
    static boolean installShangMi() {
        return Security.insertProviderAt(new ShangMiProvider(), 1) != -1;
    }

    static void uninstallShangMi(boolean installed) {
        if (installed) {
            Security.removeProvider(ShangMiProvider.NAME);
        }
    }

    /** A "random" source that repeats {@code bytes}, so that a test knows the IVs. */
    static SecureRandom fixedRandom(byte[] bytes) {
        return new SecureRandom() {
            private static final long serialVersionUID = 1L;

            @Override
            public void nextBytes(byte[] out) {
                for (int i = 0; i < out.length; i++) {
                    out[i] = bytes[i % bytes.length];
                }
            }
        };
    }

    static byte[] macHeader(long seq, int type, int length) {
        byte[] h = new byte[13];
        for (int i = 0; i < 8; i++) {
            h[i] = (byte) (seq >>> (56 - 8 * i));
        }
        h[8] = (byte) type;
        h[9] = 1;
        h[10] = 1;
        h[11] = (byte) (length >> 8);
        h[12] = (byte) length;
        return h;
    }

    static byte[] hmacSm3(byte[] key, byte[]... parts) {
        HMac mac = new HMac(new SM3Digest());
        mac.init(new KeyParameter(key));
        for (byte[] p : parts) {
            mac.update(p, 0, p.length);
        }
        byte[] out = new byte[32];
        mac.doFinal(out, 0);
        return out;
    }

    /** content ‖ HMAC-SM3 ‖ padLen + 1 bytes of value padLen: the CBC body before encryption. */
    static byte[] cbcBody(byte[] macKey, long seq, int type, byte[] content, int padLen) {
        byte[] mac = hmacSm3(macKey, macHeader(seq, type, content.length), content);
        byte[] body = new byte[content.length + 32 + padLen + 1];
        System.arraycopy(content, 0, body, 0, content.length);
        System.arraycopy(mac, 0, body, content.length, 32);
        Arrays.fill(body, content.length + 32, body.length, (byte) padLen);
        return body;
    }

    /** iv ‖ SM4-CBC(body) with Bouncy Castle's SM4Engine in CBC mode. */
    static byte[] cbcEncrypt(byte[] key, byte[] iv, byte[] body) {
        if (body.length % 16 != 0) {
            throw new IllegalArgumentException("body of " + body.length);
        }
        CBCBlockCipher cbc = (CBCBlockCipher) CBCBlockCipher.newInstance(new SM4Engine());
        cbc.init(true, new ParametersWithIV(new KeyParameter(key), iv));
        byte[] out = Arrays.copyOf(iv, 16 + body.length);
        for (int i = 0; i < body.length; i += 16) {
            cbc.processBlock(body, i, out, 16 + i);
        }
        return out;
    }

    /** A whole CBC fragment with {@code padLen} bytes of padding. */
    static byte[] cbcRecord(byte[] key, byte[] macKey, byte[] iv, long seq, int type, byte[] content, int padLen) {
        return cbcEncrypt(key, iv, cbcBody(macKey, seq, type, content, padLen));
    }

    /** seq ‖ SM4-GCM(fixedIv ‖ seq; aad = header; content) ‖ tag with Bouncy Castle's GCM. */
    static byte[] gcmRecord(byte[] key, byte[] fixedIv, long seq, int type, byte[] content) {
        byte[] header = macHeader(seq, type, content.length);
        byte[] nonce = new byte[12];
        System.arraycopy(fixedIv, 0, nonce, 0, 4);
        System.arraycopy(header, 0, nonce, 4, 8);
        GCMBlockCipher gcm = (GCMBlockCipher) GCMBlockCipher.newInstance(new SM4Engine());
        gcm.init(true, new AEADParameters(new KeyParameter(key), 128, nonce, header));
        byte[] out = new byte[8 + content.length + 16];
        System.arraycopy(header, 0, out, 0, 8);
        int n = gcm.processBytes(content, 0, content.length, out, 8);
        try {
            gcm.doFinal(out, 8 + n);
        } catch (InvalidCipherTextException e) {
            throw new AssertionError(e);
        }
        return out;
    }

    /** TLS 1.2's P_hash in its plainest form, over Bouncy Castle's HMac of {@code digest}. */
    static byte[] pHash(Digest digest, byte[] secret, String label, byte[] seed, int length) {
        HMac mac = new HMac(digest);
        mac.init(new KeyParameter(secret));
        byte[] labelSeed = new byte[label.length() + seed.length];
        System.arraycopy(label.getBytes(StandardCharsets.US_ASCII), 0, labelSeed, 0, label.length());
        System.arraycopy(seed, 0, labelSeed, label.length(), seed.length);
        int size = mac.getMacSize();
        byte[] a = hmac(mac, labelSeed);
        byte[] out = new byte[0];
        while (out.length < length) {
            byte[] aSeed = new byte[size + labelSeed.length];
            System.arraycopy(a, 0, aSeed, 0, size);
            System.arraycopy(labelSeed, 0, aSeed, size, labelSeed.length);
            byte[] block = hmac(mac, aSeed);
            byte[] longer = Arrays.copyOf(out, out.length + size);
            System.arraycopy(block, 0, longer, out.length, size);
            out = longer;
            a = hmac(mac, a);
        }
        return Arrays.copyOf(out, length);
    }

    private static byte[] hmac(HMac mac, byte[] data) {
        mac.update(data, 0, data.length);
        byte[] out = new byte[mac.getMacSize()];
        mac.doFinal(out, 0);
        return out;
    }
}
