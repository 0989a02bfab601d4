/**
 * Byte handling, constant-time helpers and the strict DER reader and writer.
 *
 * <p>Internal to shangmi: exported only to the shangmi modules, with no compatibility promise.
 * Use the algorithms through the JCA and {@code org.shangmi.provider.ShangMiProvider}.
 */
package org.shangmi.core.util;
