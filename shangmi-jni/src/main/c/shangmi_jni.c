/*
 * The JNI side of shangmi-jni: libcrypto 3.x opened at run time (dlopen), so that one build
 * works against any 3.x, and the EVP calls the Java side needs, each a thin wrapper.
 *
 * Rules: the only global state is the library handle and the function pointers, set once by
 * open(); Java checks every length, offset and handle before calling, so the C side trusts its
 * arguments; every libcrypto failure becomes an org.shangmi.jni.JniException carrying
 * OpenSSL's reason, and the error queue is empty on return; arrays are accessed critically only
 * around calls that cannot block.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <jni.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct evp_md_st EVP_MD;
typedef struct evp_md_ctx_st EVP_MD_CTX;

static void *library;
static unsigned long (*p_OpenSSL_version_num)(void);
static const char *(*p_OpenSSL_version)(int);
static unsigned long (*p_ERR_get_error)(void);
static void (*p_ERR_error_string_n)(unsigned long, char *, size_t);
static void (*p_ERR_clear_error)(void);
static EVP_MD *(*p_EVP_MD_fetch)(void *, const char *, const char *);
static void (*p_EVP_MD_free)(EVP_MD *);
static int (*p_EVP_MD_get_size)(const EVP_MD *);
static EVP_MD_CTX *(*p_EVP_MD_CTX_new)(void);
static void (*p_EVP_MD_CTX_free)(EVP_MD_CTX *);
static int (*p_EVP_MD_CTX_copy_ex)(EVP_MD_CTX *, const EVP_MD_CTX *);
static int (*p_EVP_DigestInit_ex2)(EVP_MD_CTX *, const EVP_MD *, const void *);
static int (*p_EVP_DigestUpdate)(EVP_MD_CTX *, const void *, size_t);
static int (*p_EVP_DigestFinal_ex)(EVP_MD_CTX *, unsigned char *, unsigned int *);

static void throw_exception(JNIEnv *env, const char *what) {
    char message[512];
    unsigned long code = p_ERR_get_error ? p_ERR_get_error() : 0;
    if (code != 0) {
        char reason[256];
        p_ERR_error_string_n(code, reason, sizeof reason);
        snprintf(message, sizeof message, "%s: %s", what, reason);
        p_ERR_clear_error();
    } else {
        snprintf(message, sizeof message, "%s", what);
    }
    jclass type = (*env)->FindClass(env, "org/shangmi/jni/JniException");
    if (type != NULL) {
        (*env)->ThrowNew(env, type, message);
    }
}

#define BIND(name) \
    do { \
        *(void **) (&p_##name) = dlsym(handle, #name); \
        if (p_##name == NULL) { \
            missing = #name; \
            goto fail; \
        } \
    } while (0)

/* Opens the library at path (a soname or an absolute path Java has checked); returns null, or why not. */
JNIEXPORT jstring JNICALL Java_org_shangmi_jni_NativeCrypto_open(JNIEnv *env, jclass type, jstring path) {
    (void) type;
    if (library != NULL) {
        return NULL;
    }
    const char *name = (*env)->GetStringUTFChars(env, path, NULL);
    if (name == NULL) {
        return NULL; /* OutOfMemoryError pending */
    }
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    (*env)->ReleaseStringUTFChars(env, path, name);
    if (handle == NULL) {
        const char *error = dlerror();
        return (*env)->NewStringUTF(env, error != NULL ? error : "dlopen failed");
    }
    const char *missing = NULL;
    BIND(OpenSSL_version_num);
    BIND(OpenSSL_version);
    BIND(ERR_get_error);
    BIND(ERR_error_string_n);
    BIND(ERR_clear_error);
    BIND(EVP_MD_fetch);
    BIND(EVP_MD_free);
    BIND(EVP_MD_get_size);
    BIND(EVP_MD_CTX_new);
    BIND(EVP_MD_CTX_free);
    BIND(EVP_MD_CTX_copy_ex);
    BIND(EVP_DigestInit_ex2);
    BIND(EVP_DigestUpdate);
    BIND(EVP_DigestFinal_ex);
    library = handle;
    return NULL;
fail:
    dlclose(handle);
    {
        char message[160];
        snprintf(message, sizeof message, "the library has no function %s (not libcrypto 3.x?)", missing);
        return (*env)->NewStringUTF(env, message);
    }
}

JNIEXPORT jlong JNICALL Java_org_shangmi_jni_NativeCrypto_versionNumber(JNIEnv *env, jclass type) {
    (void) env;
    (void) type;
    return (jlong) p_OpenSSL_version_num();
}

/* OpenSSL_version(OPENSSL_VERSION), for example "OpenSSL 3.0.19 27 Jan 2026". */
JNIEXPORT jstring JNICALL Java_org_shangmi_jni_NativeCrypto_versionText(JNIEnv *env, jclass type) {
    (void) type;
    return (*env)->NewStringUTF(env, p_OpenSSL_version(0));
}

/* The file the dynamic linker mapped for libcrypto, or null if it cannot tell. */
JNIEXPORT jstring JNICALL Java_org_shangmi_jni_NativeCrypto_libraryFile(JNIEnv *env, jclass type) {
    (void) type;
    Dl_info info;
    if (dladdr(*(void **) (&p_OpenSSL_version_num), &info) == 0 || info.dli_fname == NULL) {
        return NULL;
    }
    return (*env)->NewStringUTF(env, info.dli_fname);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_jni_NativeCrypto_mdFetch(JNIEnv *env, jclass type, jstring name) {
    (void) type;
    const char *chars = (*env)->GetStringUTFChars(env, name, NULL);
    if (chars == NULL) {
        return 0;
    }
    EVP_MD *md = p_EVP_MD_fetch(NULL, chars, NULL);
    (*env)->ReleaseStringUTFChars(env, name, chars);
    if (md == NULL) {
        throw_exception(env, "EVP_MD_fetch");
        return 0;
    }
    return (jlong) (intptr_t) md;
}

JNIEXPORT jint JNICALL Java_org_shangmi_jni_NativeCrypto_mdSize(JNIEnv *env, jclass type, jlong md) {
    (void) env;
    (void) type;
    return p_EVP_MD_get_size((const EVP_MD *) (intptr_t) md);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_jni_NativeCrypto_mdCtxNew(JNIEnv *env, jclass type, jlong md) {
    (void) type;
    EVP_MD_CTX *ctx = p_EVP_MD_CTX_new();
    if (ctx == NULL) {
        throw_exception(env, "EVP_MD_CTX_new");
        return 0;
    }
    if (p_EVP_DigestInit_ex2(ctx, (const EVP_MD *) (intptr_t) md, NULL) != 1) {
        p_EVP_MD_CTX_free(ctx);
        throw_exception(env, "EVP_DigestInit_ex2");
        return 0;
    }
    return (jlong) (intptr_t) ctx;
}

JNIEXPORT void JNICALL Java_org_shangmi_jni_NativeCrypto_mdCtxFree(JNIEnv *env, jclass type, jlong ctx) {
    (void) env;
    (void) type;
    p_EVP_MD_CTX_free((EVP_MD_CTX *) (intptr_t) ctx);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_jni_NativeCrypto_mdCtxCopy(JNIEnv *env, jclass type, jlong ctx) {
    (void) type;
    EVP_MD_CTX *copy = p_EVP_MD_CTX_new();
    if (copy == NULL) {
        throw_exception(env, "EVP_MD_CTX_new");
        return 0;
    }
    if (p_EVP_MD_CTX_copy_ex(copy, (const EVP_MD_CTX *) (intptr_t) ctx) != 1) {
        p_EVP_MD_CTX_free(copy);
        throw_exception(env, "EVP_MD_CTX_copy_ex");
        return 0;
    }
    return (jlong) (intptr_t) copy;
}

JNIEXPORT void JNICALL Java_org_shangmi_jni_NativeCrypto_mdInit(JNIEnv *env, jclass type, jlong ctx, jlong md) {
    (void) type;
    if (p_EVP_DigestInit_ex2((EVP_MD_CTX *) (intptr_t) ctx, (const EVP_MD *) (intptr_t) md, NULL) != 1) {
        throw_exception(env, "EVP_DigestInit_ex2");
    }
}

/* Hashes input[offset..offset+length); Java keeps length to a chunk, since the array is pinned meanwhile. */
JNIEXPORT void JNICALL Java_org_shangmi_jni_NativeCrypto_mdUpdate(JNIEnv *env, jclass type, jlong ctx, jbyteArray input,
        jint offset, jint length) {
    (void) type;
    jbyte *bytes = (*env)->GetPrimitiveArrayCritical(env, input, NULL);
    if (bytes == NULL) {
        return; /* OutOfMemoryError pending */
    }
    int ok = p_EVP_DigestUpdate((EVP_MD_CTX *) (intptr_t) ctx, bytes + offset, (size_t) length);
    (*env)->ReleasePrimitiveArrayCritical(env, input, bytes, JNI_ABORT);
    if (ok != 1) {
        throw_exception(env, "EVP_DigestUpdate");
    }
}

/* Writes the digest to output[offset..) (Java checked the room) and leaves the context ready for a new message. */
JNIEXPORT void JNICALL Java_org_shangmi_jni_NativeCrypto_mdFinal(JNIEnv *env, jclass type, jlong ctx, jlong md,
        jbyteArray output, jint offset) {
    (void) type;
    unsigned char digest[64];
    unsigned int length = 0;
    if (p_EVP_DigestFinal_ex((EVP_MD_CTX *) (intptr_t) ctx, digest, &length) != 1) {
        throw_exception(env, "EVP_DigestFinal_ex");
        return;
    }
    (*env)->SetByteArrayRegion(env, output, offset, (jsize) length, (const jbyte *) digest);
    if (p_EVP_DigestInit_ex2((EVP_MD_CTX *) (intptr_t) ctx, (const EVP_MD *) (intptr_t) md, NULL) != 1) {
        throw_exception(env, "EVP_DigestInit_ex2");
    }
}
