/**
 * Key derivation functions of the ShangMi family for direct use: {@link org.shangmi.core.kdf.Sm3Kdf}
 * (the KDF of GB/T 32918.4, used by SM2 encryption and key exchange) and
 * {@link org.shangmi.core.kdf.Hkdf} (HKDF-SM3, RFC 5869 with HMAC-SM3, as RFC 8998 uses it).
 * Both run in constant time in their secret inputs.
 */
package org.shangmi.core.kdf;
