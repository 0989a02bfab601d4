/**
 * The engine interfaces every backend implements, and the service through which the provider finds backends (Java, OpenSSL) at run time.
 *
 * <p>Internal to shangmi: exported only to the shangmi modules, with no compatibility promise.
 * Use the algorithms through the JCA and {@code org.shangmi.provider.ShangMiProvider}.
 */
package org.shangmi.core.backend;
