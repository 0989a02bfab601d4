/**
 * What the two libcrypto bindings share above their C calls: the backend
 * ({@link org.shangmi.core.libcrypto.LibcryptoBackend}: library path, version floor, native-access
 * check, details, the Java engines' share of the work), the engines of SM3, HMAC-SM3, SM4 and SM2
 * with every check made before a C call, and the guard that keeps a C object from being freed
 * under a call. A binding supplies only its calls: {@code shangmi-openssl-ffm} through the FFM API,
 * {@code shangmi-openssl-jni} through JNI.
 *
 * <p>Internal to shangmi: exported only to the two binding modules, with no compatibility promise.
 */
package org.shangmi.core.libcrypto;
