/**
 * The OpenSSL backend of shangmi: the system's libcrypto 3.x through the FFM API. It exports
 * nothing; {@code org.shangmi.provider} finds it through {@link java.util.ServiceLoader}. It calls
 * native code, so grant it access: {@code --enable-native-access=org.shangmi.openssl.ffm}.
 *
 * @provides org.shangmi.core.backend.BackendService the OpenSSL backend
 */
module org.shangmi.openssl.ffm {
    requires org.shangmi.core;

    provides org.shangmi.core.backend.BackendService with org.shangmi.openssl.ffm.FfmBackend;
}
