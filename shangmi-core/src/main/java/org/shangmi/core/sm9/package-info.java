/**
 * SM9 (GB/T 38635, GM/T 0044), the identity-based ShangMi algorithms: the field tower and the
 * R-ate pairing of the 256-bit BN curve, the groups G1 and G2, the KGC's master keys and user-key
 * extraction, signatures, key encapsulation, encryption and key exchange. The class javadoc of
 * each says which methods run in constant time.
 *
 * <p>Internal to shangmi: exported only to the shangmi modules, with no compatibility promise.
 * Use the algorithms through the JCA and {@code org.shangmi.provider.ShangMiProvider}.
 */
package org.shangmi.core.sm9;
