/*
 * The JNI side of the binding study (org.shangmi.bench.binding.JniBinding): the same C functions
 * the other bindings call (OpenSSL_version_num, EVP_Digest, libsodium's sealed boxes), each behind
 * one JNI function that pins the Java arrays for the call, as a JNI library written for speed would.
 * The libraries are opened at run time; the only global state is their handles and the function
 * pointers. Java checks every length before calling.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <jni.h>
#include <stdint.h>
#include <stdio.h>

static unsigned long (*p_OpenSSL_version_num)(void);
static void *(*p_EVP_MD_fetch)(void *, const char *, const char *);
static int (*p_EVP_Digest)(const void *, size_t, unsigned char *, unsigned int *, const void *, void *);
static int (*p_sodium_init)(void);
static int (*p_crypto_box_keypair)(unsigned char *, unsigned char *);
static int (*p_crypto_box_seal)(unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);
static int (*p_crypto_box_seal_open)(unsigned char *, const unsigned char *, unsigned long long, const unsigned char *,
        const unsigned char *);

#define BIND(handle, name) \
    do { \
        *(void **) (&p_##name) = dlsym(handle, #name); \
        if (p_##name == NULL) { \
            snprintf(message, sizeof message, "no function %s", #name); \
            return (*env)->NewStringUTF(env, message); \
        } \
    } while (0)

/* Opens libcrypto and libsodium by the names given; null, or why not. */
JNIEXPORT jstring JNICALL Java_org_shangmi_bench_binding_JniBinding_open(JNIEnv *env, jclass type, jstring crypto,
        jstring sodium) {
    (void) type;
    char message[256];
    const char *names[2] = {(*env)->GetStringUTFChars(env, crypto, NULL), (*env)->GetStringUTFChars(env, sodium, NULL)};
    void *handles[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        if (names[i] != NULL) {
            handles[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        }
    }
    if (names[0] != NULL) {
        (*env)->ReleaseStringUTFChars(env, crypto, names[0]);
    }
    if (names[1] != NULL) {
        (*env)->ReleaseStringUTFChars(env, sodium, names[1]);
    }
    if (handles[0] == NULL || handles[1] == NULL) {
        const char *error = dlerror();
        return (*env)->NewStringUTF(env, error != NULL ? error : "dlopen failed");
    }
    BIND(handles[0], OpenSSL_version_num);
    BIND(handles[0], EVP_MD_fetch);
    BIND(handles[0], EVP_Digest);
    BIND(handles[1], sodium_init);
    BIND(handles[1], crypto_box_keypair);
    BIND(handles[1], crypto_box_seal);
    BIND(handles[1], crypto_box_seal_open);
    if (p_sodium_init() < 0) {
        return (*env)->NewStringUTF(env, "sodium_init failed");
    }
    return NULL;
}

JNIEXPORT jlong JNICALL Java_org_shangmi_bench_binding_JniBinding_versionNumberNative(JNIEnv *env, jclass type) {
    (void) env;
    (void) type;
    return (jlong) p_OpenSSL_version_num();
}

JNIEXPORT jlong JNICALL Java_org_shangmi_bench_binding_JniBinding_fetchSm3(JNIEnv *env, jclass type) {
    (void) env;
    (void) type;
    return (jlong) (intptr_t) p_EVP_MD_fetch(NULL, "SM3", NULL);
}

JNIEXPORT jint JNICALL Java_org_shangmi_bench_binding_JniBinding_digest(JNIEnv *env, jclass type, jlong md,
        jbyteArray input, jint length, jbyteArray output) {
    (void) type;
    jbyte *in = (*env)->GetPrimitiveArrayCritical(env, input, NULL);
    jbyte *out = in == NULL ? NULL : (*env)->GetPrimitiveArrayCritical(env, output, NULL);
    int ok = 0;
    if (out != NULL) {
        ok = p_EVP_Digest(in, (size_t) length, (unsigned char *) out, NULL, (const void *) (intptr_t) md, NULL);
        (*env)->ReleasePrimitiveArrayCritical(env, output, out, 0);
    }
    if (in != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, input, in, JNI_ABORT);
    }
    return ok;
}

JNIEXPORT jint JNICALL Java_org_shangmi_bench_binding_JniBinding_keyPairNative(JNIEnv *env, jclass type, jbyteArray publicKey,
        jbyteArray secretKey) {
    (void) type;
    unsigned char pk[32];
    unsigned char sk[32];
    int result = p_crypto_box_keypair(pk, sk);
    (*env)->SetByteArrayRegion(env, publicKey, 0, 32, (const jbyte *) pk);
    (*env)->SetByteArrayRegion(env, secretKey, 0, 32, (const jbyte *) sk);
    return result;
}

JNIEXPORT jint JNICALL Java_org_shangmi_bench_binding_JniBinding_sealNative(JNIEnv *env, jclass type, jbyteArray ciphertext,
        jbyteArray message, jint length, jbyteArray publicKey) {
    (void) type;
    jbyte *c = (*env)->GetPrimitiveArrayCritical(env, ciphertext, NULL);
    jbyte *m = c == NULL ? NULL : (*env)->GetPrimitiveArrayCritical(env, message, NULL);
    jbyte *pk = m == NULL ? NULL : (*env)->GetPrimitiveArrayCritical(env, publicKey, NULL);
    int result = -1;
    if (pk != NULL) {
        result = p_crypto_box_seal((unsigned char *) c, (const unsigned char *) m, (unsigned long long) length,
                (const unsigned char *) pk);
        (*env)->ReleasePrimitiveArrayCritical(env, publicKey, pk, JNI_ABORT);
    }
    if (m != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, message, m, JNI_ABORT);
    }
    if (c != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, ciphertext, c, 0);
    }
    return result;
}

JNIEXPORT jint JNICALL Java_org_shangmi_bench_binding_JniBinding_sealOpen(JNIEnv *env, jclass type, jbyteArray message,
        jbyteArray ciphertext, jint length, jbyteArray publicKey, jbyteArray secretKey) {
    (void) type;
    jbyte *m = (*env)->GetPrimitiveArrayCritical(env, message, NULL);
    jbyte *c = m == NULL ? NULL : (*env)->GetPrimitiveArrayCritical(env, ciphertext, NULL);
    jbyte *pk = c == NULL ? NULL : (*env)->GetPrimitiveArrayCritical(env, publicKey, NULL);
    jbyte *sk = pk == NULL ? NULL : (*env)->GetPrimitiveArrayCritical(env, secretKey, NULL);
    int result = -1;
    if (sk != NULL) {
        result = p_crypto_box_seal_open((unsigned char *) m, (const unsigned char *) c, (unsigned long long) length,
                (const unsigned char *) pk, (const unsigned char *) sk);
        (*env)->ReleasePrimitiveArrayCritical(env, secretKey, sk, JNI_ABORT);
    }
    if (pk != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, publicKey, pk, JNI_ABORT);
    }
    if (c != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, ciphertext, c, JNI_ABORT);
    }
    if (m != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, message, m, 0);
    }
    return result;
}
