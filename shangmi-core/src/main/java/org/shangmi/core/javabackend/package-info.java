/**
 * The Java backend: the pure-Java engines of this module behind the backend interfaces, always
 * loadable, on every JDK from 17. The libcrypto backends hand it the work their library cannot do.
 *
 * <p>Internal to shangmi, with no compatibility promise; the provider finds it through
 * {@link java.util.ServiceLoader}.
 */
package org.shangmi.core.javabackend;
