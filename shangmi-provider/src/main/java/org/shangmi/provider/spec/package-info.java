/**
 * Parameter and key specifications for SM2 and SM4 beyond the JDK's own: SM2 IDs for signatures
 * and key exchange, ciphertext formats, raw and compressed SM2 keys, PEM, SM4-XTS tweaks, SM9
 * identities and keys, and the 3GPP inputs of the ZUC algorithms.
 */
package org.shangmi.provider.spec;
