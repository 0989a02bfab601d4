/**
 * The ZUC stream ciphers (ZUC-128 of GM/T 0001 and ZUC-256), 128-EEA3's IV and the ZUC MACs, in
 * constant time.
 *
 * <p>Internal to shangmi: exported only to the shangmi modules, with no compatibility promise.
 * Use the algorithms through the JCA and {@code org.shangmi.provider.ShangMiProvider}.
 */
package org.shangmi.core.zuc;
