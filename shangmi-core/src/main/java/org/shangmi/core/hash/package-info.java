/**
 * The digest and HMAC machinery shared by the engines: the Merkle-Damgård block digest, HMAC, PBKDF2 and the PKCS#12 key derivation.
 *
 * <p>Internal to shangmi: exported only to the shangmi modules, with no compatibility promise.
 * Use the algorithms through the JCA and {@code org.shangmi.provider.ShangMiProvider}.
 */
package org.shangmi.core.hash;
