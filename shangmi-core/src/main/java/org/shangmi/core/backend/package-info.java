/**
 * The seam between the provider and its backends: the engine interfaces every backend implements,
 * the service through which the provider finds backends at run time, and the names of algorithms
 * and modes. Interfaces and values only; the engines live in the backends.
 *
 * <p>Internal to shangmi: exported only to the shangmi modules, with no compatibility promise.
 * Use the algorithms through the JCA and {@code org.shangmi.provider.ShangMiProvider}.
 */
package org.shangmi.core.backend;
