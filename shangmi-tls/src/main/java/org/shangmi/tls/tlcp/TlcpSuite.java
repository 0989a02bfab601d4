package org.shangmi.tls.tlcp;

import java.util.Arrays;
import java.util.List;

/**
 * The four cipher suites of GB/T 38636-2020 (section 6.4.5.2.1), named as Tencent Kona names
 * them so that its users keep their configuration. Every suite uses SM2 certificates, SM4 and
 * SM3 (HMAC-SM3 for the CBC suites' MAC and for the PRF).
 */
public enum TlcpSuite {
    /** SM2 encryption of the pre-master secret to the server's encryption key; SM4-CBC, HMAC-SM3. */
    TLCP_ECC_SM4_CBC_SM3(0xE013, false, false),
    /** SM2 encryption of the pre-master secret; SM4-GCM. */
    TLCP_ECC_SM4_GCM_SM3(0xE053, false, true),
    /** SM2 key exchange (GB/T 32918.3) with both sides' encryption keys; SM4-CBC, HMAC-SM3. */
    TLCP_ECDHE_SM4_CBC_SM3(0xE011, true, false),
    /** SM2 key exchange with both sides' encryption keys; SM4-GCM. */
    TLCP_ECDHE_SM4_GCM_SM3(0xE051, true, true);

    /** Bytes of an SM4 key. */
    static final int KEY_LENGTH = 16;
    /** Bytes of an HMAC-SM3 key and tag (CBC suites). */
    static final int MAC_LENGTH = 32;
    /** Bytes of the implicit part of a GCM nonce (GCM suites). */
    static final int FIXED_IV_LENGTH = 4;

    private final int code;
    private final boolean ephemeral;
    private final boolean aead;

    TlcpSuite(int code, boolean ephemeral, boolean aead) {
        this.code = code;
        this.ephemeral = ephemeral;
        this.aead = aead;
    }

    /** The two-byte code on the wire. */
    public int code() {
        return code;
    }

    /** Whether the key exchange is ECDHE (SM2 key exchange) rather than ECC (SM2 encryption). */
    public boolean ephemeral() {
        return ephemeral;
    }

    /** Whether records are SM4-GCM rather than SM4-CBC with HMAC-SM3. */
    public boolean aead() {
        return aead;
    }

    /** Bytes of key block this suite takes: two MAC keys (CBC), two SM4 keys, two fixed IVs (GCM). */
    int keyBlockLength() {
        return aead ? 2 * (KEY_LENGTH + FIXED_IV_LENGTH) : 2 * (MAC_LENGTH + KEY_LENGTH);
    }

    /** The suite with this wire code, or null. */
    static TlcpSuite ofCode(int code) {
        for (TlcpSuite suite : values()) {
            if (suite.code == code) {
                return suite;
            }
        }
        return null;
    }

    /** The suite of this name (Kona's, or GmSSL's {@code TLS_} spelling), or null. */
    public static TlcpSuite ofName(String name) {
        String normal = name.startsWith("TLS_") ? "TLCP_" + name.substring(4) : name;
        for (TlcpSuite suite : values()) {
            if (suite.name().equals(normal)) {
                return suite;
            }
        }
        return null;
    }

    /** All four in the default order of preference: ECC before ECDHE, GCM before CBC. */
    static List<TlcpSuite> defaults() {
        return Arrays.asList(TLCP_ECC_SM4_GCM_SM3, TLCP_ECC_SM4_CBC_SM3, TLCP_ECDHE_SM4_GCM_SM3,
                TLCP_ECDHE_SM4_CBC_SM3);
    }
}
