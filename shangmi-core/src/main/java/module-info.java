/**
 * The pure-Java ShangMi engines behind the {@code org.shangmi.provider} module.
 *
 * <p>Applications use the algorithms through the JCA (install {@code org.shangmi.provider}'s
 * {@code ShangMiProvider}). This module exports one package for direct use,
 * {@link org.shangmi.core.kdf}: the SM3 key derivation function of GB/T 32918 and HKDF-SM3. Every
 * other package is internal: exported only to the shangmi modules that build on it, with no
 * compatibility promise.
 *
 * @provides org.shangmi.core.backend.BackendService the Java backend
 */
module org.shangmi.core {
    exports org.shangmi.core.kdf;

    exports org.shangmi.core.backend to org.shangmi.provider, org.shangmi.openssl.ffm, org.shangmi.openssl.jni, org.shangmi.vector;
    exports org.shangmi.core.libcrypto to org.shangmi.openssl.ffm, org.shangmi.openssl.jni;
    exports org.shangmi.core.hash to org.shangmi.provider;
    exports org.shangmi.core.sm2 to org.shangmi.provider, org.shangmi.sdf;
    exports org.shangmi.core.sm3 to org.shangmi.provider;
    exports org.shangmi.core.sm9 to org.shangmi.provider;
    exports org.shangmi.core.zuc to org.shangmi.provider, org.shangmi.vector;
    exports org.shangmi.core.sm4 to org.shangmi.vector, org.shangmi.provider;
    exports org.shangmi.core.util to org.shangmi.provider, org.shangmi.openssl.ffm, org.shangmi.openssl.jni, org.shangmi.vector,
            org.shangmi.pki, org.shangmi.sdf;

    provides org.shangmi.core.backend.BackendService with org.shangmi.core.javabackend.JavaBackend;
}
