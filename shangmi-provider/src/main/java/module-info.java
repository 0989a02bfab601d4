/**
 * The ShangMi JCA provider: SM2, SM3, HMAC-SM3 and SM4 through the standard Java APIs.
 *
 * <p>Install it with {@code ShangMiProvider.install()} (first in the list, ahead of SunEC), or name it
 * ({@code ShangMi}) in a {@code java.security} file: the provider is registered with
 * {@link java.util.ServiceLoader}. The other backends (modules {@code org.shangmi.openssl.ffm},
 * {@code org.shangmi.openssl.jni} and {@code org.shangmi.vector}) are found at run time when present;
 * without them the Java backend serves every algorithm.
 *
 * @provides java.security.Provider {@link org.shangmi.provider.ShangMiProvider}
 * @uses org.shangmi.core.backend.BackendService to find the backends present
 */
module org.shangmi.provider {
    requires transitive org.shangmi.core; // its kdf package is part of this API

    exports org.shangmi.provider;
    exports org.shangmi.provider.spec;

    uses org.shangmi.core.backend.BackendService;

    provides java.security.Provider with org.shangmi.provider.ShangMiProvider;
}
