package org.shangmi.provider.spec;

/**
 * The two families of SM9 keys. A signature master key (ks, Ppub-s in G2) issues signing keys
 * (points of G1); an encryption master key (ke, Ppub-e in G1) issues keys for decryption, key
 * decapsulation and key exchange (points of G2).
 */
public enum Sm9KeyKind {
    /** Signatures: OID sm9sign, 1.2.156.10197.1.302.1. */
    SIGN,
    /** Encryption, key encapsulation and key exchange: OID sm9encrypt, 1.2.156.10197.1.302.3. */
    ENCRYPT
}
