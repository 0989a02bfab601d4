/**
 * Parameter and key specifications for SM2 and SM4 beyond the JDK's own: SM2 IDs for signatures
 * and key exchange, ciphertext formats, raw and compressed SM2 keys, PEM, and SM4-XTS tweaks.
 */
package org.shangmi.provider.spec;
