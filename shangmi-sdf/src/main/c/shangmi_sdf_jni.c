/*
 * libshangmi-sdf-jni: the JNI binding of the ShangMiSDF provider to a vendor's GM/T 0018 (SDF)
 * library, opened at run time with dlopen. One Java method per C function (SdfBinding names the
 * C signatures). Java has checked every length before the call (SdfSession): this file copies
 * exactly the arrays' lengths into buffers of its own, calls, copies the outputs back and wipes
 * what it copied. Nothing here prints.
 */
#include <dlfcn.h>
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SDR_NOTSUPPORT 0x01000002
#define SDR_NOBUFFER 0x0100001C

typedef int (*fn_open_device)(void **);
typedef int (*fn_close)(void *);
typedef int (*fn_open_session)(void *, void **);
typedef int (*fn_device_info)(void *, unsigned char *);
typedef int (*fn_random)(void *, unsigned int, unsigned char *);
typedef int (*fn_access_right)(void *, unsigned int, unsigned char *, unsigned int);
typedef int (*fn_release_right)(void *, unsigned int);
typedef int (*fn_export)(void *, unsigned int, unsigned char *);
typedef int (*fn_internal_sign)(void *, unsigned int, unsigned char *, unsigned int, unsigned char *);
typedef int (*fn_internal_decrypt)(void *, unsigned int, unsigned int, unsigned char *, unsigned char *, unsigned int *);
typedef int (*fn_generate_kek)(void *, unsigned int, unsigned int, unsigned int, unsigned char *, unsigned int *, void **);
typedef int (*fn_import_kek)(void *, unsigned int, unsigned int, unsigned char *, unsigned int, void **);
typedef int (*fn_import_isk)(void *, unsigned int, unsigned char *, void **);
typedef int (*fn_destroy_key)(void *, void *);
typedef int (*fn_cipher)(void *, void *, unsigned int, unsigned char *, unsigned char *, unsigned int, unsigned char *, unsigned int *);
typedef int (*fn_create_file)(void *, unsigned char *, unsigned int, unsigned int);
typedef int (*fn_read_file)(void *, unsigned char *, unsigned int, unsigned int, unsigned int *, unsigned char *);
typedef int (*fn_write_file)(void *, unsigned char *, unsigned int, unsigned int, unsigned int, unsigned char *);
typedef int (*fn_delete_file)(void *, unsigned char *, unsigned int);

/* The functions found in one library; a missing one is NULL and answers SDR_NOTSUPPORT. */
typedef struct {
    void *library;
    fn_open_device open_device;
    fn_close close_device;
    fn_open_session open_session;
    fn_close close_session;
    fn_device_info get_device_info;
    fn_random generate_random;
    fn_access_right get_access_right;
    fn_release_right release_access_right;
    fn_export export_sign_public_key;
    fn_export export_enc_public_key;
    fn_internal_sign internal_sign;
    fn_internal_decrypt internal_decrypt;
    fn_generate_kek generate_key_with_kek;
    fn_import_kek import_key_with_kek;
    fn_import_isk import_key_with_isk;
    fn_destroy_key destroy_key;
    fn_cipher encrypt;
    fn_cipher decrypt;
    fn_cipher calculate_mac;
    fn_create_file create_file;
    fn_read_file read_file;
    fn_write_file write_file;
    fn_delete_file delete_file;
} sdf_functions;

static sdf_functions *table(jlong handle) {
    return (sdf_functions *) (intptr_t) handle;
}

static void *pointer(jlong value) {
    return (void *) (intptr_t) value;
}

static void throw_new(JNIEnv *env, const char *class_name, const char *message) {
    jclass type = (*env)->FindClass(env, class_name);
    if (type != NULL) {
        (*env)->ThrowNew(env, type, message);
    }
}

/* A copy of a Java array in C memory, wiped and freed by release(). */
typedef struct {
    unsigned char *bytes;
    jsize length;
} buffer;

static void release(buffer *b);

/*
 * A copy of array[offset..offset+length) (zeros when array is NULL). Refuses, without calling
 * anything, a negative length or offset or a range beyond the array (Java checked them: this is
 * the second line), and a copy that raised an exception.
 */
static int copy_in(JNIEnv *env, jbyteArray array, jint offset, jint length, buffer *out) {
    out->bytes = NULL;
    out->length = 0;
    if (length < 0 || offset < 0) {
        return 0;
    }
    if (array != NULL && offset > (*env)->GetArrayLength(env, array) - length) {
        return 0;
    }
    out->bytes = calloc(length > 0 ? (size_t) length : 1, 1);
    if (out->bytes == NULL) {
        return 0;
    }
    out->length = length;
    if (array != NULL && length > 0) {
        (*env)->GetByteArrayRegion(env, array, offset, length, (jbyte *) out->bytes);
        if ((*env)->ExceptionCheck(env)) {
            release(out);
            return 0;
        }
    }
    return 1;
}

static int copy_all(JNIEnv *env, jbyteArray array, buffer *out) {
    return copy_in(env, array, 0, array == NULL ? 0 : (*env)->GetArrayLength(env, array), out);
}

static void copy_out(JNIEnv *env, buffer *in, jbyteArray array, jint offset, jint length) {
    if (array != NULL && length > 0) {
        (*env)->SetByteArrayRegion(env, array, offset, length, (const jbyte *) in->bytes);
    }
}

static void release(buffer *b) {
    if (b->bytes != NULL) {
        volatile unsigned char *p = b->bytes;
        for (jsize i = 0; i < b->length; i++) {
            p[i] = 0;
        }
        free(b->bytes);
        b->bytes = NULL;
    }
}

static void set_long(JNIEnv *env, jlongArray array, void *value) {
    jlong v = (jlong) (intptr_t) value;
    (*env)->SetLongArrayRegion(env, array, 0, 1, &v);
}

static void set_int(JNIEnv *env, jintArray array, unsigned int value) {
    jint v = (jint) value;
    (*env)->SetIntArrayRegion(env, array, 0, 1, &v);
}

static unsigned int get_int(JNIEnv *env, jintArray array) {
    jint v = 0;
    (*env)->GetIntArrayRegion(env, array, 0, 1, &v);
    return (unsigned int) v;
}

#define FIND(field, name) t->field = (void *) dlsym(library, "SDF_" name)

/* Opens the library (a path or /proc/self/fd/N) and finds its functions; throws and returns 0 when it cannot. */
JNIEXPORT jlong JNICALL Java_org_shangmi_sdf_JniSdfBinding_open(JNIEnv *env, jclass cls, jstring path) {
    (void) cls;
    const char *name = (*env)->GetStringUTFChars(env, path, NULL);
    if (name == NULL) {
        return 0;
    }
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    (*env)->ReleaseStringUTFChars(env, path, name);
    if (library == NULL) {
        const char *reason = dlerror();
        throw_new(env, "java/lang/IllegalArgumentException", reason != NULL ? reason : "dlopen failed");
        return 0;
    }
    sdf_functions *t = calloc(1, sizeof(sdf_functions));
    if (t == NULL) {
        dlclose(library);
        throw_new(env, "java/lang/OutOfMemoryError", "libshangmi-sdf-jni");
        return 0;
    }
    t->library = library;
    FIND(open_device, "OpenDevice");
    FIND(close_device, "CloseDevice");
    FIND(open_session, "OpenSession");
    FIND(close_session, "CloseSession");
    FIND(get_device_info, "GetDeviceInfo");
    FIND(generate_random, "GenerateRandom");
    FIND(get_access_right, "GetPrivateKeyAccessRight");
    FIND(release_access_right, "ReleasePrivateKeyAccessRight");
    FIND(export_sign_public_key, "ExportSignPublicKey_ECC");
    FIND(export_enc_public_key, "ExportEncPublicKey_ECC");
    FIND(internal_sign, "InternalSign_ECC");
    FIND(internal_decrypt, "InternalDecrypt_ECC");
    FIND(generate_key_with_kek, "GenerateKeyWithKEK");
    FIND(import_key_with_kek, "ImportKeyWithKEK");
    FIND(import_key_with_isk, "ImportKeyWithISK_ECC");
    FIND(destroy_key, "DestroyKey");
    FIND(encrypt, "Encrypt");
    FIND(decrypt, "Decrypt");
    FIND(calculate_mac, "CalculateMAC");
    FIND(create_file, "CreateFile");
    FIND(read_file, "ReadFile");
    FIND(write_file, "WriteFile");
    FIND(delete_file, "DeleteFile");
    return (jlong) (intptr_t) t;
}

JNIEXPORT jboolean JNICALL Java_org_shangmi_sdf_JniSdfBinding_exports(JNIEnv *env, jclass cls, jlong lib, jstring function) {
    (void) cls;
    const char *name = (*env)->GetStringUTFChars(env, function, NULL);
    if (name == NULL) {
        return JNI_FALSE;
    }
    char symbol[128];
    size_t length = strlen(name);
    jboolean found = JNI_FALSE;
    if (length + 5 < sizeof symbol) {
        memcpy(symbol, "SDF_", 4);
        memcpy(symbol + 4, name, length + 1);
        found = dlsym(table(lib)->library, symbol) != NULL ? JNI_TRUE : JNI_FALSE;
    }
    (*env)->ReleaseStringUTFChars(env, function, name);
    return found;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_openDevice(JNIEnv *env, jclass cls, jlong lib, jlongArray device) {
    (void) cls;
    if (table(lib)->open_device == NULL) {
        return SDR_NOTSUPPORT;
    }
    void *handle = NULL;
    int rc = table(lib)->open_device(&handle);
    set_long(env, device, handle);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_closeDevice(JNIEnv *env, jclass cls, jlong lib, jlong device) {
    (void) env; (void) cls;
    return table(lib)->close_device == NULL ? SDR_NOTSUPPORT : table(lib)->close_device(pointer(device));
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_openSession(JNIEnv *env, jclass cls, jlong lib, jlong device,
        jlongArray session) {
    (void) cls;
    if (table(lib)->open_session == NULL) {
        return SDR_NOTSUPPORT;
    }
    void *handle = NULL;
    int rc = table(lib)->open_session(pointer(device), &handle);
    set_long(env, session, handle);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_closeSession(JNIEnv *env, jclass cls, jlong lib, jlong session) {
    (void) env; (void) cls;
    return table(lib)->close_session == NULL ? SDR_NOTSUPPORT : table(lib)->close_session(pointer(session));
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_getDeviceInfo(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jbyteArray info) {
    (void) cls;
    if (table(lib)->get_device_info == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer out;
    if (!copy_all(env, info, &out)) {
        return SDR_NOBUFFER;
    }
    int rc = table(lib)->get_device_info(pointer(session), out.bytes);
    copy_out(env, &out, info, 0, out.length);
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_generateRandom(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jbyteArray random, jint length) {
    (void) cls;
    if (table(lib)->generate_random == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer out;
    if (!copy_in(env, NULL, 0, length, &out)) {
        return SDR_NOBUFFER;
    }
    int rc = table(lib)->generate_random(pointer(session), (unsigned int) length, out.bytes);
    if (rc == 0) {
        copy_out(env, &out, random, 0, length);
    }
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_getPrivateKeyAccessRight(JNIEnv *env, jclass cls, jlong lib,
        jlong session, jint index, jbyteArray password) {
    (void) cls;
    if (table(lib)->get_access_right == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer in;
    if (!copy_all(env, password, &in)) {
        return SDR_NOBUFFER;
    }
    int rc = table(lib)->get_access_right(pointer(session), (unsigned int) index, in.bytes, (unsigned int) in.length);
    release(&in);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_releasePrivateKeyAccessRight(JNIEnv *env, jclass cls, jlong lib,
        jlong session, jint index) {
    (void) env; (void) cls;
    return table(lib)->release_access_right == NULL ? SDR_NOTSUPPORT
            : table(lib)->release_access_right(pointer(session), (unsigned int) index);
}

static jint export_public_key(JNIEnv *env, fn_export function, jlong session, jint index, jbyteArray key) {
    if (function == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer out;
    if (!copy_all(env, key, &out)) {
        return SDR_NOBUFFER;
    }
    int rc = function(pointer(session), (unsigned int) index, out.bytes);
    if (rc == 0) {
        copy_out(env, &out, key, 0, out.length);
    }
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_exportSignPublicKeyEcc(JNIEnv *env, jclass cls, jlong lib,
        jlong session, jint index, jbyteArray key) {
    (void) cls;
    return export_public_key(env, table(lib)->export_sign_public_key, session, index, key);
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_exportEncPublicKeyEcc(JNIEnv *env, jclass cls, jlong lib,
        jlong session, jint index, jbyteArray key) {
    (void) cls;
    return export_public_key(env, table(lib)->export_enc_public_key, session, index, key);
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_internalSignEcc(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jint index, jbyteArray digest, jbyteArray signature) {
    (void) cls;
    if (table(lib)->internal_sign == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer in, out;
    if (!copy_all(env, digest, &in)) {
        return SDR_NOBUFFER;
    }
    if (!copy_all(env, signature, &out)) {
        release(&in);
        return SDR_NOBUFFER;
    }
    int rc = table(lib)->internal_sign(pointer(session), (unsigned int) index, in.bytes, (unsigned int) in.length, out.bytes);
    if (rc == 0) {
        copy_out(env, &out, signature, 0, out.length);
    }
    release(&in);
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_internalDecryptEcc(JNIEnv *env, jclass cls, jlong lib,
        jlong session, jint index, jint algorithm, jbyteArray cipher, jbyteArray plain, jintArray plainLength) {
    (void) cls;
    if (table(lib)->internal_decrypt == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer in, out;
    if (!copy_all(env, cipher, &in)) {
        return SDR_NOBUFFER;
    }
    if (!copy_all(env, plain, &out)) {
        release(&in);
        return SDR_NOBUFFER;
    }
    unsigned int length = (unsigned int) out.length;
    int rc = table(lib)->internal_decrypt(pointer(session), (unsigned int) index, (unsigned int) algorithm, in.bytes,
            out.bytes, &length);
    if (rc == 0) {
        /* a length beyond the buffer is reported, never copied: Java refuses it */
        copy_out(env, &out, plain, 0, length <= (unsigned int) out.length ? (jint) length : 0);
        set_int(env, plainLength, length);
    }
    release(&in);
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_generateKeyWithKek(JNIEnv *env, jclass cls, jlong lib,
        jlong session, jint bits, jint algorithm, jint kek, jbyteArray wrapped, jintArray wrappedLength, jlongArray key) {
    (void) cls;
    if (table(lib)->generate_key_with_kek == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer out;
    if (!copy_all(env, wrapped, &out)) {
        return SDR_NOBUFFER;
    }
    unsigned int length = (unsigned int) out.length;
    void *handle = NULL;
    int rc = table(lib)->generate_key_with_kek(pointer(session), (unsigned int) bits, (unsigned int) algorithm,
            (unsigned int) kek, out.bytes, &length, &handle);
    if (rc == 0) {
        copy_out(env, &out, wrapped, 0, length <= (unsigned int) out.length ? (jint) length : 0);
        set_int(env, wrappedLength, length);
        set_long(env, key, handle);
    }
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_importKeyWithKek(JNIEnv *env, jclass cls, jlong lib,
        jlong session, jint algorithm, jint kek, jbyteArray wrapped, jlongArray key) {
    (void) cls;
    if (table(lib)->import_key_with_kek == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer in;
    if (!copy_all(env, wrapped, &in)) {
        return SDR_NOBUFFER;
    }
    void *handle = NULL;
    int rc = table(lib)->import_key_with_kek(pointer(session), (unsigned int) algorithm, (unsigned int) kek, in.bytes,
            (unsigned int) in.length, &handle);
    if (rc == 0) {
        set_long(env, key, handle);
    }
    release(&in);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_importKeyWithIskEcc(JNIEnv *env, jclass cls, jlong lib,
        jlong session, jint index, jbyteArray cipher, jlongArray key) {
    (void) cls;
    if (table(lib)->import_key_with_isk == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer in;
    if (!copy_all(env, cipher, &in)) {
        return SDR_NOBUFFER;
    }
    void *handle = NULL;
    int rc = table(lib)->import_key_with_isk(pointer(session), (unsigned int) index, in.bytes, &handle);
    if (rc == 0) {
        set_long(env, key, handle);
    }
    release(&in);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_destroyKey(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jlong key) {
    (void) env; (void) cls;
    return table(lib)->destroy_key == NULL ? SDR_NOTSUPPORT : table(lib)->destroy_key(pointer(session), pointer(key));
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_cipher(JNIEnv *env, jclass cls, jlong lib, jboolean encrypt,
        jlong session, jlong key, jint algorithm, jbyteArray iv, jbyteArray input, jint inOff, jint length,
        jbyteArray output, jint outOff, jintArray outLength) {
    (void) cls;
    fn_cipher function = encrypt ? table(lib)->encrypt : table(lib)->decrypt;
    if (function == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer vector, in, out;
    if (!copy_all(env, iv, &vector)) {
        return SDR_NOBUFFER;
    }
    if (!copy_in(env, input, inOff, length, &in)) {
        release(&vector);
        return SDR_NOBUFFER;
    }
    /* room beyond the input for a library that pads: only what fits the input's length is copied back */
    if (length < 0 || length > 0x7fffffff - 64 || !copy_in(env, NULL, 0, length + 64, &out)) {
        release(&vector);
        release(&in);
        return SDR_NOBUFFER;
    }
    unsigned int written = (unsigned int) length;
    int rc = function(pointer(session), pointer(key), (unsigned int) algorithm, iv == NULL ? NULL : vector.bytes, in.bytes,
            (unsigned int) length, out.bytes, &written);
    if (rc == 0) {
        copy_out(env, &out, output, outOff, written <= (unsigned int) length ? (jint) written : 0);
        copy_out(env, &vector, iv, 0, vector.length);
        set_int(env, outLength, written);
    }
    release(&vector);
    release(&in);
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_calculateMac(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jlong key, jint algorithm, jbyteArray iv, jbyteArray input, jint inOff, jint length, jbyteArray mac,
        jintArray macLength) {
    (void) cls;
    if (table(lib)->calculate_mac == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer vector, in, out;
    if (!copy_all(env, iv, &vector)) {
        return SDR_NOBUFFER;
    }
    if (!copy_in(env, input, inOff, length, &in)) {
        release(&vector);
        return SDR_NOBUFFER;
    }
    /* the function takes no capacity: room for the longest MAC (HMAC-SM3, 32 bytes) whatever Java asked */
    jint room = mac == NULL ? 0 : (*env)->GetArrayLength(env, mac);
    if (!copy_in(env, NULL, 0, room < 64 ? 64 : room, &out)) {
        release(&vector);
        release(&in);
        return SDR_NOBUFFER;
    }
    unsigned int written = (unsigned int) room;
    int rc = table(lib)->calculate_mac(pointer(session), pointer(key), (unsigned int) algorithm,
            iv == NULL ? NULL : vector.bytes, in.bytes, (unsigned int) length, out.bytes, &written);
    if (rc == 0) {
        copy_out(env, &out, mac, 0, written <= (unsigned int) room ? (jint) written : 0);
        copy_out(env, &vector, iv, 0, vector.length);
        set_int(env, macLength, written);
    }
    release(&vector);
    release(&in);
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_createFile(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jbyteArray name, jint size) {
    (void) cls;
    if (table(lib)->create_file == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer file;
    if (!copy_all(env, name, &file)) {
        return SDR_NOBUFFER;
    }
    int rc = table(lib)->create_file(pointer(session), file.bytes, (unsigned int) file.length, (unsigned int) size);
    release(&file);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_readFile(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jbyteArray name, jint offset, jintArray length, jbyteArray data) {
    (void) cls;
    if (table(lib)->read_file == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer file, out;
    if (!copy_all(env, name, &file)) {
        return SDR_NOBUFFER;
    }
    if (!copy_all(env, data, &out)) {
        release(&file);
        return SDR_NOBUFFER;
    }
    unsigned int read = get_int(env, length);
    if (read > (unsigned int) out.length) {
        read = (unsigned int) out.length;
    }
    int rc = table(lib)->read_file(pointer(session), file.bytes, (unsigned int) file.length, (unsigned int) offset, &read,
            out.bytes);
    if (rc == 0) {
        copy_out(env, &out, data, 0, read <= (unsigned int) out.length ? (jint) read : 0);
        set_int(env, length, read);
    }
    release(&file);
    release(&out);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_writeFile(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jbyteArray name, jint offset, jbyteArray data) {
    (void) cls;
    if (table(lib)->write_file == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer file, in;
    if (!copy_all(env, name, &file)) {
        return SDR_NOBUFFER;
    }
    if (!copy_all(env, data, &in)) {
        release(&file);
        return SDR_NOBUFFER;
    }
    int rc = table(lib)->write_file(pointer(session), file.bytes, (unsigned int) file.length, (unsigned int) offset,
            (unsigned int) in.length, in.bytes);
    release(&file);
    release(&in);
    return rc;
}

JNIEXPORT jint JNICALL Java_org_shangmi_sdf_JniSdfBinding_deleteFile(JNIEnv *env, jclass cls, jlong lib, jlong session,
        jbyteArray name) {
    (void) cls;
    if (table(lib)->delete_file == NULL) {
        return SDR_NOTSUPPORT;
    }
    buffer file;
    if (!copy_all(env, name, &file)) {
        return SDR_NOBUFFER;
    }
    int rc = table(lib)->delete_file(pointer(session), file.bytes, (unsigned int) file.length);
    release(&file);
    return rc;
}
