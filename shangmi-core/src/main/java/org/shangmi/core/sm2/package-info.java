/**
 * SM2 arithmetic and protocols: the field and order arithmetic, curve points, signatures, encryption and key exchange. The class javadoc of each says which methods run in constant time.
 *
 * <p>Internal to shangmi: exported only to the shangmi modules, with no compatibility promise.
 * Use the algorithms through the JCA and {@code org.shangmi.provider.ShangMiProvider}.
 */
package org.shangmi.core.sm2;
