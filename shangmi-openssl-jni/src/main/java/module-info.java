/**
 * The JNI backend: the system's libcrypto 3.x through a small C library, for JDK 17 and later.
 *
 * @provides org.shangmi.core.backend.BackendService the JNI backend
 */
module org.shangmi.openssl.jni {
    requires org.shangmi.core;

    provides org.shangmi.core.backend.BackendService with org.shangmi.openssl.jni.JniBackend;
}
