/**
 * The vector backend: {@link org.shangmi.vector.VectorBackend}, found by the provider
 * through {@link java.util.ServiceLoader}. Not for direct use.
 */
package org.shangmi.vector;
