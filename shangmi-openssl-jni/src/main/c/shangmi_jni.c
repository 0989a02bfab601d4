/*
 * The JNI side of shangmi-openssl-jni: libcrypto 3.x opened at run time (dlopen), so that one build
 * works against any 3.x, and the EVP calls the Java side needs, each a thin wrapper.
 *
 * Rules: the only global state is the library handle and the function pointers, set once by
 * open(); Java checks every length, offset and handle before calling, so the C side trusts its
 * arguments; every libcrypto failure becomes an org.shangmi.openssl.jni.JniException carrying
 * OpenSSL's reason, and the error queue is empty on return; arrays are accessed critically only
 * around calls that cannot block. A buffer filled by a JNI call (GetByteArrayRegion and the like)
 * is used only once ExceptionCheck says the call worked, and no JNI call but cleanup follows a
 * pending exception. Stack copies of keys, digests and tags are wiped on every path.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <jni.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct evp_md_st EVP_MD;
typedef struct evp_md_ctx_st EVP_MD_CTX;
typedef struct evp_mac_st EVP_MAC;
typedef struct evp_mac_ctx_st EVP_MAC_CTX;
typedef struct evp_cipher_st EVP_CIPHER;
typedef struct evp_cipher_ctx_st EVP_CIPHER_CTX;
typedef struct evp_pkey_st EVP_PKEY;
typedef struct evp_pkey_ctx_st EVP_PKEY_CTX;
typedef struct bignum_st BIGNUM;
/* OpenSSL's OSSL_PARAM (openssl/core.h), whose layout is part of the 3.x ABI */
typedef struct {
    const char *key;
    unsigned int data_type;
    void *data;
    size_t data_size;
    size_t return_size;
} OSSL_PARAM;

static void *library;
static unsigned long (*p_OpenSSL_version_num)(void);
static const char *(*p_OpenSSL_version)(int);
static unsigned long (*p_ERR_get_error)(void);
static unsigned long (*p_ERR_peek_error)(void);
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
static OSSL_PARAM (*p_OSSL_PARAM_construct_utf8_string)(const char *, char *, size_t);
static OSSL_PARAM (*p_OSSL_PARAM_construct_end)(void);
static EVP_MAC *(*p_EVP_MAC_fetch)(void *, const char *, const char *);
static EVP_MAC_CTX *(*p_EVP_MAC_CTX_new)(EVP_MAC *);
static void (*p_EVP_MAC_CTX_free)(EVP_MAC_CTX *);
static EVP_MAC_CTX *(*p_EVP_MAC_CTX_dup)(const EVP_MAC_CTX *);
static int (*p_EVP_MAC_init)(EVP_MAC_CTX *, const unsigned char *, size_t, const OSSL_PARAM *);
static int (*p_EVP_MAC_update)(EVP_MAC_CTX *, const unsigned char *, size_t);
static int (*p_EVP_MAC_final)(EVP_MAC_CTX *, unsigned char *, size_t *, size_t);
static EVP_CIPHER *(*p_EVP_CIPHER_fetch)(void *, const char *, const char *);
static EVP_CIPHER_CTX *(*p_EVP_CIPHER_CTX_new)(void);
static void (*p_EVP_CIPHER_CTX_free)(EVP_CIPHER_CTX *);
static int (*p_EVP_CipherInit_ex2)(EVP_CIPHER_CTX *, const EVP_CIPHER *, const unsigned char *, const unsigned char *,
        int, const OSSL_PARAM *);
static int (*p_EVP_CIPHER_CTX_set_padding)(EVP_CIPHER_CTX *, int);
static int (*p_EVP_CipherUpdate)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
static OSSL_PARAM (*p_OSSL_PARAM_construct_BN)(const char *, unsigned char *, size_t);
static OSSL_PARAM (*p_OSSL_PARAM_construct_octet_string)(const char *, void *, size_t);
static EVP_PKEY_CTX *(*p_EVP_PKEY_CTX_new_from_name)(void *, const char *, const char *);
static EVP_PKEY_CTX *(*p_EVP_PKEY_CTX_new_from_pkey)(void *, EVP_PKEY *, const char *);
static void (*p_EVP_PKEY_CTX_free)(EVP_PKEY_CTX *);
static int (*p_EVP_PKEY_CTX_set_params)(EVP_PKEY_CTX *, const OSSL_PARAM *);
static int (*p_EVP_PKEY_fromdata_init)(EVP_PKEY_CTX *);
static int (*p_EVP_PKEY_fromdata)(EVP_PKEY_CTX *, EVP_PKEY **, int, OSSL_PARAM *);
static void (*p_EVP_PKEY_free)(EVP_PKEY *);
static int (*p_EVP_PKEY_keygen_init)(EVP_PKEY_CTX *);
static int (*p_EVP_PKEY_generate)(EVP_PKEY_CTX *, EVP_PKEY **);
static int (*p_EVP_PKEY_get_bn_param)(const EVP_PKEY *, const char *, BIGNUM **);
static int (*p_EVP_PKEY_get_octet_string_param)(const EVP_PKEY *, const char *, unsigned char *, size_t, size_t *);
static int (*p_BN_bn2binpad)(const BIGNUM *, unsigned char *, int);
static void (*p_BN_clear_free)(BIGNUM *);
static int (*p_EVP_PKEY_sign_init)(EVP_PKEY_CTX *);
static int (*p_EVP_PKEY_sign)(EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);
static int (*p_EVP_PKEY_verify_init)(EVP_PKEY_CTX *);
static int (*p_EVP_PKEY_verify)(EVP_PKEY_CTX *, const unsigned char *, size_t, const unsigned char *, size_t);
static int (*p_EVP_PKEY_encrypt_init)(EVP_PKEY_CTX *);
static int (*p_EVP_PKEY_encrypt)(EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);
static int (*p_EVP_PKEY_decrypt_init)(EVP_PKEY_CTX *);
static int (*p_EVP_PKEY_decrypt)(EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);

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
    jclass type = (*env)->FindClass(env, "org/shangmi/openssl/jni/JniException");
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
JNIEXPORT jstring JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_open(JNIEnv *env, jclass type, jstring path) {
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
    BIND(ERR_peek_error);
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
    BIND(OSSL_PARAM_construct_utf8_string);
    BIND(OSSL_PARAM_construct_end);
    BIND(EVP_MAC_fetch);
    BIND(EVP_MAC_CTX_new);
    BIND(EVP_MAC_CTX_free);
    BIND(EVP_MAC_CTX_dup);
    BIND(EVP_MAC_init);
    BIND(EVP_MAC_update);
    BIND(EVP_MAC_final);
    BIND(EVP_CIPHER_fetch);
    BIND(EVP_CIPHER_CTX_new);
    BIND(EVP_CIPHER_CTX_free);
    BIND(EVP_CipherInit_ex2);
    BIND(EVP_CIPHER_CTX_set_padding);
    BIND(EVP_CipherUpdate);
    BIND(OSSL_PARAM_construct_BN);
    BIND(OSSL_PARAM_construct_octet_string);
    BIND(EVP_PKEY_CTX_new_from_name);
    BIND(EVP_PKEY_CTX_new_from_pkey);
    BIND(EVP_PKEY_CTX_free);
    BIND(EVP_PKEY_CTX_set_params);
    BIND(EVP_PKEY_fromdata_init);
    BIND(EVP_PKEY_fromdata);
    BIND(EVP_PKEY_free);
    BIND(EVP_PKEY_keygen_init);
    BIND(EVP_PKEY_generate);
    BIND(EVP_PKEY_get_bn_param);
    BIND(EVP_PKEY_get_octet_string_param);
    BIND(BN_bn2binpad);
    BIND(BN_clear_free);
    BIND(EVP_PKEY_sign_init);
    BIND(EVP_PKEY_sign);
    BIND(EVP_PKEY_verify_init);
    BIND(EVP_PKEY_verify);
    BIND(EVP_PKEY_encrypt_init);
    BIND(EVP_PKEY_encrypt);
    BIND(EVP_PKEY_decrypt_init);
    BIND(EVP_PKEY_decrypt);
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

JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_versionNumber(JNIEnv *env, jclass type) {
    (void) env;
    (void) type;
    return (jlong) p_OpenSSL_version_num();
}

/* ERR_peek_error(): the oldest error queued on this thread, 0 if none (tests check that calls leave none). */
JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pendingError(JNIEnv *env, jclass type) {
    (void) env;
    (void) type;
    return (jlong) p_ERR_peek_error();
}

/* OpenSSL_version(OPENSSL_VERSION), for example "OpenSSL 3.0.19 27 Jan 2026". */
JNIEXPORT jstring JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_versionText(JNIEnv *env, jclass type) {
    (void) type;
    return (*env)->NewStringUTF(env, p_OpenSSL_version(0));
}

/* The file the dynamic linker mapped for libcrypto, or null if it cannot tell. */
JNIEXPORT jstring JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_libraryFile(JNIEnv *env, jclass type) {
    (void) type;
    Dl_info info;
    if (dladdr(*(void **) (&p_OpenSSL_version_num), &info) == 0 || info.dli_fname == NULL) {
        return NULL;
    }
    return (*env)->NewStringUTF(env, info.dli_fname);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_mdFetch(JNIEnv *env, jclass type, jstring name) {
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

JNIEXPORT jint JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_mdSize(JNIEnv *env, jclass type, jlong md) {
    (void) env;
    (void) type;
    return p_EVP_MD_get_size((const EVP_MD *) (intptr_t) md);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_mdCtxNew(JNIEnv *env, jclass type, jlong md) {
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

JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_mdCtxFree(JNIEnv *env, jclass type, jlong ctx) {
    (void) env;
    (void) type;
    p_EVP_MD_CTX_free((EVP_MD_CTX *) (intptr_t) ctx);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_mdCtxCopy(JNIEnv *env, jclass type, jlong ctx) {
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

JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_mdInit(JNIEnv *env, jclass type, jlong ctx, jlong md) {
    (void) type;
    if (p_EVP_DigestInit_ex2((EVP_MD_CTX *) (intptr_t) ctx, (const EVP_MD *) (intptr_t) md, NULL) != 1) {
        throw_exception(env, "EVP_DigestInit_ex2");
    }
}

/* Hashes input[offset..offset+length); Java keeps length to a chunk, since the array is pinned meanwhile. */
JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_mdUpdate(JNIEnv *env, jclass type, jlong ctx, jbyteArray input,
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
JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_mdFinal(JNIEnv *env, jclass type, jlong ctx, jlong md,
        jbyteArray output, jint offset) {
    (void) type;
    unsigned char digest[64];
    unsigned int length = 0;
    if (p_EVP_DigestFinal_ex((EVP_MD_CTX *) (intptr_t) ctx, digest, &length) != 1) {
        throw_exception(env, "EVP_DigestFinal_ex");
    } else {
        (*env)->SetByteArrayRegion(env, output, offset, (jsize) length, (const jbyte *) digest);
        if (!(*env)->ExceptionCheck(env)
                && p_EVP_DigestInit_ex2((EVP_MD_CTX *) (intptr_t) ctx, (const EVP_MD *) (intptr_t) md, NULL) != 1) {
            throw_exception(env, "EVP_DigestInit_ex2");
        }
    }
    explicit_bzero(digest, sizeof digest);
}

/*
 * Copies array[offset..offset+length) into memory of its own (at least one byte), or returns NULL
 * with an exception pending (no memory, or a range the JVM refuses).
 */
static unsigned char *copy_region(JNIEnv *env, jbyteArray array, jint offset, jint length) {
    unsigned char *copy = malloc(length > 0 ? (size_t) length : 1);
    if (copy == NULL) {
        jclass type = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
        if (type != NULL) {
            (*env)->ThrowNew(env, type, "no native memory for a key");
        }
        return NULL;
    }
    (*env)->GetByteArrayRegion(env, array, offset, length, (jbyte *) copy);
    if ((*env)->ExceptionCheck(env)) {
        explicit_bzero(copy, length > 0 ? (size_t) length : 1);
        free(copy);
        return NULL;
    }
    return copy;
}

/* Wipes and frees what copy_region returned. */
static void wipe_free(unsigned char *copy, jint length) {
    explicit_bzero(copy, length > 0 ? (size_t) length : 1);
    free(copy);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_macFetch(JNIEnv *env, jclass type, jstring name) {
    (void) type;
    const char *chars = (*env)->GetStringUTFChars(env, name, NULL);
    if (chars == NULL) {
        return 0;
    }
    EVP_MAC *mac = p_EVP_MAC_fetch(NULL, chars, NULL);
    (*env)->ReleaseStringUTFChars(env, name, chars);
    if (mac == NULL) {
        throw_exception(env, "EVP_MAC_fetch");
        return 0;
    }
    return (jlong) (intptr_t) mac;
}

JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_macCtxNew(JNIEnv *env, jclass type, jlong mac) {
    (void) type;
    EVP_MAC_CTX *ctx = p_EVP_MAC_CTX_new((EVP_MAC *) (intptr_t) mac);
    if (ctx == NULL) {
        throw_exception(env, "EVP_MAC_CTX_new");
    }
    return (jlong) (intptr_t) ctx;
}

JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_macCtxFree(JNIEnv *env, jclass type, jlong ctx) {
    (void) env;
    (void) type;
    p_EVP_MAC_CTX_free((EVP_MAC_CTX *) (intptr_t) ctx);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_macCtxDup(JNIEnv *env, jclass type, jlong ctx) {
    (void) type;
    EVP_MAC_CTX *copy = p_EVP_MAC_CTX_dup((const EVP_MAC_CTX *) (intptr_t) ctx);
    if (copy == NULL) {
        throw_exception(env, "EVP_MAC_CTX_dup");
    }
    return (jlong) (intptr_t) copy;
}

/*
 * Keys the context with key[offset..offset+length) (a private copy, wiped after) for HMAC over the
 * digest named, and starts a message. An empty key is passed as a zero-length buffer, never as
 * NULL, which would mean "keep the old key".
 */
JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_macInit(JNIEnv *env, jclass type, jlong ctx, jbyteArray key,
        jint offset, jint length, jstring digest) {
    (void) type;
    const char *digest_name = (*env)->GetStringUTFChars(env, digest, NULL);
    if (digest_name == NULL) {
        return;
    }
    unsigned char *copy = copy_region(env, key, offset, length);
    if (copy == NULL) {
        (*env)->ReleaseStringUTFChars(env, digest, digest_name);
        return;
    }
    OSSL_PARAM params[2];
    params[0] = p_OSSL_PARAM_construct_utf8_string("digest", (char *) digest_name, 0);
    params[1] = p_OSSL_PARAM_construct_end();
    int ok = p_EVP_MAC_init((EVP_MAC_CTX *) (intptr_t) ctx, copy, (size_t) length, params);
    wipe_free(copy, length);
    (*env)->ReleaseStringUTFChars(env, digest, digest_name);
    if (ok != 1) {
        throw_exception(env, "EVP_MAC_init");
    }
}

/* Starts a new message under the key already set. */
JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_macRestart(JNIEnv *env, jclass type, jlong ctx) {
    (void) type;
    if (p_EVP_MAC_init((EVP_MAC_CTX *) (intptr_t) ctx, NULL, 0, NULL) != 1) {
        throw_exception(env, "EVP_MAC_init");
    }
}

/* MACs input[offset..offset+length); Java keeps length to a chunk, since the array is pinned meanwhile. */
JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_macUpdate(JNIEnv *env, jclass type, jlong ctx, jbyteArray input,
        jint offset, jint length) {
    (void) type;
    jbyte *bytes = (*env)->GetPrimitiveArrayCritical(env, input, NULL);
    if (bytes == NULL) {
        return;
    }
    int ok = p_EVP_MAC_update((EVP_MAC_CTX *) (intptr_t) ctx, (const unsigned char *) bytes + offset, (size_t) length);
    (*env)->ReleasePrimitiveArrayCritical(env, input, bytes, JNI_ABORT);
    if (ok != 1) {
        throw_exception(env, "EVP_MAC_update");
    }
}

/* Writes the tag to output[offset..) (Java checked the room for length bytes) and starts a new message. */
JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_macFinal(JNIEnv *env, jclass type, jlong ctx, jbyteArray output,
        jint offset, jint length) {
    (void) type;
    unsigned char tag[64];
    size_t written = 0;
    if (p_EVP_MAC_final((EVP_MAC_CTX *) (intptr_t) ctx, tag, &written, sizeof tag) != 1) {
        throw_exception(env, "EVP_MAC_final");
    } else if (written != (size_t) length) {
        throw_exception(env, "EVP_MAC_final wrote a tag of another length");
    } else {
        (*env)->SetByteArrayRegion(env, output, offset, length, (const jbyte *) tag);
        if (!(*env)->ExceptionCheck(env) && p_EVP_MAC_init((EVP_MAC_CTX *) (intptr_t) ctx, NULL, 0, NULL) != 1) {
            throw_exception(env, "EVP_MAC_init");
        }
    }
    explicit_bzero(tag, sizeof tag);
}

JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_cipherFetch(JNIEnv *env, jclass type, jstring name) {
    (void) type;
    const char *chars = (*env)->GetStringUTFChars(env, name, NULL);
    if (chars == NULL) {
        return 0;
    }
    EVP_CIPHER *cipher = p_EVP_CIPHER_fetch(NULL, chars, NULL);
    (*env)->ReleaseStringUTFChars(env, name, chars);
    if (cipher == NULL) {
        throw_exception(env, "EVP_CIPHER_fetch");
        return 0;
    }
    return (jlong) (intptr_t) cipher;
}

/*
 * A context keyed with the 16-byte key and, if iv is not null, the 16-byte IV (Java checked both
 * lengths), padding off; the copies of key and IV are wiped before return.
 */
JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_cipherCtxNew(JNIEnv *env, jclass type, jlong cipher,
        jboolean encrypt, jbyteArray key, jbyteArray iv) {
    (void) type;
    unsigned char key_bytes[16];
    unsigned char iv_bytes[16];
    (*env)->GetByteArrayRegion(env, key, 0, sizeof key_bytes, (jbyte *) key_bytes);
    if (iv != NULL && !(*env)->ExceptionCheck(env)) {
        (*env)->GetByteArrayRegion(env, iv, 0, sizeof iv_bytes, (jbyte *) iv_bytes);
    }
    EVP_CIPHER_CTX *ctx = NULL;
    if (!(*env)->ExceptionCheck(env)) {
        ctx = p_EVP_CIPHER_CTX_new();
        if (ctx == NULL) {
            throw_exception(env, "EVP_CIPHER_CTX_new");
        } else if (p_EVP_CipherInit_ex2(ctx, (const EVP_CIPHER *) (intptr_t) cipher, key_bytes,
                           iv != NULL ? iv_bytes : NULL, encrypt ? 1 : 0, NULL) != 1) {
            p_EVP_CIPHER_CTX_free(ctx);
            ctx = NULL;
            throw_exception(env, "EVP_CipherInit_ex2");
        } else if (p_EVP_CIPHER_CTX_set_padding(ctx, 0) != 1) {
            p_EVP_CIPHER_CTX_free(ctx);
            ctx = NULL;
            throw_exception(env, "EVP_CIPHER_CTX_set_padding");
        }
    }
    explicit_bzero(key_bytes, sizeof key_bytes);
    explicit_bzero(iv_bytes, sizeof iv_bytes);
    return (jlong) (intptr_t) ctx;
}

JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_cipherCtxFree(JNIEnv *env, jclass type, jlong ctx) {
    (void) env;
    (void) type;
    p_EVP_CIPHER_CTX_free((EVP_CIPHER_CTX *) (intptr_t) ctx);
}

/* Starts over with the key already set and the 16-byte iv (null for ECB). */
JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_cipherRestart(JNIEnv *env, jclass type, jlong ctx,
        jboolean encrypt, jbyteArray iv) {
    (void) type;
    unsigned char iv_bytes[16];
    if (iv != NULL) {
        (*env)->GetByteArrayRegion(env, iv, 0, sizeof iv_bytes, (jbyte *) iv_bytes);
        if ((*env)->ExceptionCheck(env)) {
            explicit_bzero(iv_bytes, sizeof iv_bytes);
            return;
        }
    }
    int ok = p_EVP_CipherInit_ex2((EVP_CIPHER_CTX *) (intptr_t) ctx, NULL, NULL, iv != NULL ? iv_bytes : NULL,
            encrypt ? 1 : 0, NULL);
    explicit_bzero(iv_bytes, sizeof iv_bytes);
    if (ok != 1) {
        throw_exception(env, "EVP_CipherInit_ex2");
    }
}

/*
 * Transforms input[in_offset..in_offset+length) into output[out_offset..) (the same array and
 * range for in-place work; Java keeps length to a chunk, since both arrays are pinned meanwhile);
 * returns the number of bytes written.
 */
JNIEXPORT jint JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_cipherUpdate(JNIEnv *env, jclass type, jlong ctx,
        jbyteArray input, jint in_offset, jint length, jbyteArray output, jint out_offset) {
    (void) type;
    jboolean same = (*env)->IsSameObject(env, input, output);
    jbyte *in = (*env)->GetPrimitiveArrayCritical(env, input, NULL);
    if (in == NULL) {
        return -1;
    }
    jbyte *out = same ? in : (*env)->GetPrimitiveArrayCritical(env, output, NULL);
    if (out == NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, input, in, JNI_ABORT);
        return -1;
    }
    int written = -1;
    int ok = p_EVP_CipherUpdate((EVP_CIPHER_CTX *) (intptr_t) ctx, (unsigned char *) out + out_offset, &written,
            (const unsigned char *) in + in_offset, length);
    if (!same) {
        (*env)->ReleasePrimitiveArrayCritical(env, output, out, 0);
    }
    (*env)->ReleasePrimitiveArrayCritical(env, input, in, same ? 0 : JNI_ABORT);
    if (ok != 1) {
        throw_exception(env, "EVP_CipherUpdate");
        return -1;
    }
    return written;
}

/* EVP_PKEY_fromdata() selections (openssl/evp.h) */
#define SELECT_PRIVATE_KEY 0x85
#define SELECT_PUBLIC_KEY 0x86

/* An SM2 key from the parameters after the group; null with an exception pending if libcrypto refuses them. */
static EVP_PKEY *sm2_fromdata(JNIEnv *env, int selection, OSSL_PARAM key_param) {
    OSSL_PARAM params[3];
    params[0] = p_OSSL_PARAM_construct_utf8_string("group", "SM2", 0);
    params[1] = key_param;
    params[2] = p_OSSL_PARAM_construct_end();
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = p_EVP_PKEY_CTX_new_from_name(NULL, "SM2", NULL);
    if (ctx == NULL) {
        throw_exception(env, "EVP_PKEY_CTX_new_from_name(SM2)");
        return NULL;
    }
    if (p_EVP_PKEY_fromdata_init(ctx) != 1) {
        throw_exception(env, "EVP_PKEY_fromdata_init");
    } else if (p_EVP_PKEY_fromdata(ctx, &pkey, selection, params) != 1 || pkey == NULL) {
        pkey = NULL;
        throw_exception(env, "EVP_PKEY_fromdata");
    }
    p_EVP_PKEY_CTX_free(ctx);
    return pkey;
}

/* The SM2 private key d (32 bytes big-endian, range-checked by Java); its copies are wiped. */
JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pkeyPrivate(JNIEnv *env, jclass type, jbyteArray d) {
    (void) type;
    unsigned char big[32];
    unsigned char native[32];
    (*env)->GetByteArrayRegion(env, d, 0, sizeof big, (jbyte *) big);
    if ((*env)->ExceptionCheck(env)) {
        explicit_bzero(big, sizeof big);
        return 0;
    }
    /* OSSL_PARAM integers are in the machine's byte order */
    for (int i = 0; i < 32; i++) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        native[i] = big[31 - i];
#else
        native[i] = big[i];
#endif
    }
    EVP_PKEY *pkey = sm2_fromdata(env, SELECT_PRIVATE_KEY, p_OSSL_PARAM_construct_BN("priv", native, sizeof native));
    explicit_bzero(big, sizeof big);
    explicit_bzero(native, sizeof native);
    return (jlong) (intptr_t) pkey;
}

/* The SM2 public key x || y (64 bytes, checked by Java); an exception if it is not a point of the curve. */
JNIEXPORT jlong JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pkeyPublic(JNIEnv *env, jclass type, jbyteArray xy) {
    (void) type;
    unsigned char point[65];
    point[0] = 4;
    (*env)->GetByteArrayRegion(env, xy, 0, 64, (jbyte *) point + 1);
    if ((*env)->ExceptionCheck(env)) {
        return 0;
    }
    EVP_PKEY *pkey = sm2_fromdata(env, SELECT_PUBLIC_KEY, p_OSSL_PARAM_construct_octet_string("pub", point, sizeof point));
    return (jlong) (intptr_t) pkey;
}

JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pkeyFree(JNIEnv *env, jclass type, jlong pkey) {
    (void) env;
    (void) type;
    p_EVP_PKEY_free((EVP_PKEY *) (intptr_t) pkey);
}

/* A new SM2 key pair from OpenSSL's generator: d (32 bytes) and x || y (64 bytes) into the arrays Java sized. */
JNIEXPORT void JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pkeyGenerate(JNIEnv *env, jclass type, jbyteArray d,
        jbyteArray xy) {
    (void) type;
    EVP_PKEY_CTX *ctx = p_EVP_PKEY_CTX_new_from_name(NULL, "SM2", NULL);
    if (ctx == NULL) {
        throw_exception(env, "EVP_PKEY_CTX_new_from_name(SM2)");
        return;
    }
    OSSL_PARAM params[2];
    params[0] = p_OSSL_PARAM_construct_utf8_string("group", "SM2", 0);
    params[1] = p_OSSL_PARAM_construct_end();
    EVP_PKEY *pkey = NULL;
    if (p_EVP_PKEY_keygen_init(ctx) != 1) {
        throw_exception(env, "EVP_PKEY_keygen_init");
    } else if (p_EVP_PKEY_CTX_set_params(ctx, params) != 1) {
        throw_exception(env, "EVP_PKEY_CTX_set_params");
    } else if (p_EVP_PKEY_generate(ctx, &pkey) != 1 || pkey == NULL) {
        pkey = NULL;
        throw_exception(env, "EVP_PKEY_generate");
    }
    p_EVP_PKEY_CTX_free(ctx);
    if (pkey == NULL) {
        return;
    }
    unsigned char scalar[32];
    unsigned char point[65];
    size_t point_length = 0;
    BIGNUM *bn = NULL;
    if (p_EVP_PKEY_get_bn_param(pkey, "priv", &bn) != 1 || bn == NULL) {
        throw_exception(env, "EVP_PKEY_get_bn_param(priv)");
    } else if (p_BN_bn2binpad(bn, scalar, sizeof scalar) != (int) sizeof scalar) {
        throw_exception(env, "BN_bn2binpad");
    } else if (p_EVP_PKEY_get_octet_string_param(pkey, "pub", point, sizeof point, &point_length) != 1) {
        throw_exception(env, "EVP_PKEY_get_octet_string_param(pub)");
    } else if (point_length != sizeof point || point[0] != 4) {
        throw_exception(env, "EVP_PKEY_get_octet_string_param(pub) gave no uncompressed point");
    } else {
        (*env)->SetByteArrayRegion(env, d, 0, sizeof scalar, (const jbyte *) scalar);
        if (!(*env)->ExceptionCheck(env)) {
            (*env)->SetByteArrayRegion(env, xy, 0, 64, (const jbyte *) point + 1);
        }
    }
    if (bn != NULL) {
        p_BN_clear_free(bn);
    }
    explicit_bzero(scalar, sizeof scalar);
    p_EVP_PKEY_free(pkey);
}

/* A context for one operation with pkey, its init done; null with an exception pending. */
static EVP_PKEY_CTX *operation(JNIEnv *env, jlong pkey, int (*init)(EVP_PKEY_CTX *), const char *init_name) {
    EVP_PKEY_CTX *ctx = p_EVP_PKEY_CTX_new_from_pkey(NULL, (EVP_PKEY *) (intptr_t) pkey, NULL);
    if (ctx == NULL) {
        throw_exception(env, "EVP_PKEY_CTX_new_from_pkey");
        return NULL;
    }
    if (init(ctx) != 1) {
        p_EVP_PKEY_CTX_free(ctx);
        throw_exception(env, init_name);
        return NULL;
    }
    return ctx;
}

/* Signs the 32-byte digest; writes the DER signature to der (Java sized it for the longest) and returns its length. */
JNIEXPORT jint JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pkeySign(JNIEnv *env, jclass type, jlong pkey, jbyteArray digest,
        jbyteArray der) {
    (void) type;
    unsigned char e[32];
    unsigned char signature[80];
    jsize capacity = (*env)->GetArrayLength(env, der);
    (*env)->GetByteArrayRegion(env, digest, 0, sizeof e, (jbyte *) e);
    jint result = -1;
    EVP_PKEY_CTX *ctx = NULL;
    if (!(*env)->ExceptionCheck(env)
            && (ctx = operation(env, pkey, p_EVP_PKEY_sign_init, "EVP_PKEY_sign_init")) != NULL) {
        size_t length = (size_t) capacity < sizeof signature ? (size_t) capacity : sizeof signature;
        if (p_EVP_PKEY_sign(ctx, signature, &length, e, sizeof e) != 1) {
            throw_exception(env, "EVP_PKEY_sign");
        } else {
            (*env)->SetByteArrayRegion(env, der, 0, (jsize) length, (const jbyte *) signature);
            if (!(*env)->ExceptionCheck(env)) {
                result = (jint) length;
            }
        }
        p_EVP_PKEY_CTX_free(ctx);
    }
    explicit_bzero(e, sizeof e);
    explicit_bzero(signature, sizeof signature);
    return result;
}

/* 1 if der[0..length) is a valid signature of the 32-byte digest, else 0, the error queue emptied. */
JNIEXPORT jint JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pkeyVerify(JNIEnv *env, jclass type, jlong pkey, jbyteArray der,
        jint length, jbyteArray digest) {
    (void) type;
    unsigned char e[32];
    unsigned char signature[80];
    if ((size_t) length > sizeof signature) {
        return 0;
    }
    (*env)->GetByteArrayRegion(env, digest, 0, sizeof e, (jbyte *) e);
    if (!(*env)->ExceptionCheck(env)) {
        (*env)->GetByteArrayRegion(env, der, 0, length, (jbyte *) signature);
    }
    int ok = 0;
    EVP_PKEY_CTX *ctx = NULL;
    if (!(*env)->ExceptionCheck(env)
            && (ctx = operation(env, pkey, p_EVP_PKEY_verify_init, "EVP_PKEY_verify_init")) != NULL) {
        ok = p_EVP_PKEY_verify(ctx, signature, (size_t) length, e, sizeof e);
        p_EVP_PKEY_CTX_free(ctx);
        if (ok != 1) {
            p_ERR_clear_error(); /* an invalid signature leaves reasons behind */
        }
    }
    explicit_bzero(e, sizeof e);
    return ok == 1;
}

/*
 * Encrypts input[offset..offset+length) (at least one byte) with the public key; writes the
 * GM/T 0009 DER ciphertext to der (Java sized it) and returns its length.
 */
JNIEXPORT jint JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pkeyEncrypt(JNIEnv *env, jclass type, jlong pkey,
        jbyteArray input, jint offset, jint length, jbyteArray der) {
    (void) type;
    jsize capacity = (*env)->GetArrayLength(env, der);
    unsigned char *plain = copy_region(env, input, offset, length);
    if (plain == NULL) {
        return -1;
    }
    unsigned char *cipher = malloc((size_t) capacity);
    jint result = -1;
    EVP_PKEY_CTX *ctx = NULL;
    if (cipher == NULL) {
        throw_exception(env, "no native memory for a ciphertext");
    } else if ((ctx = operation(env, pkey, p_EVP_PKEY_encrypt_init, "EVP_PKEY_encrypt_init")) != NULL) {
        size_t written = (size_t) capacity;
        if (p_EVP_PKEY_encrypt(ctx, cipher, &written, plain, (size_t) length) != 1) {
            throw_exception(env, "EVP_PKEY_encrypt");
        } else if (written > (size_t) capacity) {
            throw_exception(env, "EVP_PKEY_encrypt wrote more than the room given");
        } else {
            (*env)->SetByteArrayRegion(env, der, 0, (jsize) written, (const jbyte *) cipher);
            if (!(*env)->ExceptionCheck(env)) {
                result = (jint) written;
            }
        }
        p_EVP_PKEY_CTX_free(ctx);
    }
    free(cipher);
    wipe_free(plain, length);
    return result;
}

/*
 * Decrypts the DER ciphertext der[0..length) into output[out_offset..out_offset+capacity) (Java
 * checked the room); returns the plaintext length, or -1 if libcrypto refuses the ciphertext (the
 * error queue emptied). The plaintext's native copy is wiped.
 */
JNIEXPORT jint JNICALL Java_org_shangmi_openssl_jni_NativeCrypto_pkeyDecrypt(JNIEnv *env, jclass type, jlong pkey,
        jbyteArray der, jint length, jbyteArray output, jint out_offset, jint capacity) {
    (void) type;
    unsigned char *cipher = copy_region(env, der, 0, length);
    if (cipher == NULL) {
        return -1;
    }
    unsigned char *plain = malloc(capacity > 0 ? (size_t) capacity : 1);
    jint result = -1;
    EVP_PKEY_CTX *ctx = NULL;
    if (plain == NULL) {
        throw_exception(env, "no native memory for a plaintext");
    } else if ((ctx = operation(env, pkey, p_EVP_PKEY_decrypt_init, "EVP_PKEY_decrypt_init")) != NULL) {
        /*
         * written goes in as the room in plain and comes out as the plaintext's length. libcrypto
         * 3.x's SM2 decryption (3.0 is the oldest the Java side accepts) fills the room it is told
         * of and refuses, before writing a plaintext byte, a C2 longer than that room
         * (SM2_R_BUFFER_TOO_SMALL, the fix of CVE-2021-3711). Besides, the only caller, JniSm2,
         * builds the DER here from C1 || C3 || C2 with C2 exactly capacity bytes long. So the
         * check after the call only guards against a provider that reports more than it wrote;
         * it never follows an overflow.
         */
        size_t written = (size_t) capacity;
        if (p_EVP_PKEY_decrypt(ctx, plain, &written, cipher, (size_t) length) != 1 || written > (size_t) capacity) {
            p_ERR_clear_error(); /* a point off the curve or a C3 that does not match: no plaintext */
        } else {
            (*env)->SetByteArrayRegion(env, output, out_offset, (jsize) written, (const jbyte *) plain);
            if (!(*env)->ExceptionCheck(env)) {
                result = (jint) written;
            }
        }
        p_EVP_PKEY_CTX_free(ctx);
    }
    if (plain != NULL) {
        wipe_free(plain, capacity);
    }
    free(cipher);
    return result;
}
