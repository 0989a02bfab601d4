package org.shangmi.sdf;

/**
 * The C functions of one vendor library, one method each, as thin as the binding allows: handles
 * are the C pointers' values, structures are their packed bytes (see {@link EccStructs}), and
 * every method returns the function's result code. {@link SdfLibrary} is the only caller: it checks
 * every length against the sizes the function will write before the call, so an implementation
 * copies exactly the arrays' lengths and checks nothing but null pointers it would create itself.
 * A function the library does not export returns {@link SdfError#SDR_NOTSUPPORT}.
 *
 * <p>Each {@code long[]} or {@code int[]} argument of length 1 receives an output value.
 */
interface SdfBinding {

    /** "FFM" or "JNI", for messages. */
    String name();

    /** Whether the library exports {@code SDF_name}. */
    boolean exports(String name);

    // int SDF_OpenDevice(void **phDeviceHandle)
    int openDevice(long[] device);

    // int SDF_CloseDevice(void *hDeviceHandle)
    int closeDevice(long device);

    // int SDF_OpenSession(void *hDeviceHandle, void **phSessionHandle)
    int openSession(long device, long[] session);

    // int SDF_CloseSession(void *hSessionHandle)
    int closeSession(long session);

    // int SDF_GetDeviceInfo(void *hSessionHandle, DEVICEINFO *pstDeviceInfo)
    int getDeviceInfo(long session, byte[] info);

    // int SDF_GenerateRandom(void *hSessionHandle, unsigned int uiLength, unsigned char *pucRandom)
    int generateRandom(long session, byte[] out, int length);

    // int SDF_GetPrivateKeyAccessRight(void *hSessionHandle, unsigned int uiKeyIndex, unsigned char *pucPassword, unsigned int uiPwdLength)
    int getPrivateKeyAccessRight(long session, int index, byte[] password);

    // int SDF_ReleasePrivateKeyAccessRight(void *hSessionHandle, unsigned int uiKeyIndex)
    int releasePrivateKeyAccessRight(long session, int index);

    // int SDF_ExportSignPublicKey_ECC(void *hSessionHandle, unsigned int uiKeyIndex, ECCrefPublicKey *pucPublicKey)
    int exportSignPublicKeyEcc(long session, int index, byte[] publicKey);

    // int SDF_ExportEncPublicKey_ECC(void *hSessionHandle, unsigned int uiKeyIndex, ECCrefPublicKey *pucPublicKey)
    int exportEncPublicKeyEcc(long session, int index, byte[] publicKey);

    // int SDF_InternalSign_ECC(void *hSessionHandle, unsigned int uiISKIndex, unsigned char *pucData, unsigned int uiDataLength, ECCSignature *pucSignature)
    int internalSignEcc(long session, int index, byte[] digest, byte[] signature);

    // int SDF_InternalDecrypt_ECC(void *hSessionHandle, unsigned int uiISKIndex, unsigned int uiAlgID, ECCCipher *pucEncData, unsigned char *pucData, unsigned int *puiDataLength)
    int internalDecryptEcc(long session, int index, int algorithm, byte[] cipher, byte[] out, int[] outLength);

    // int SDF_GenerateKeyWithKEK(void *hSessionHandle, unsigned int uiKeyBits, unsigned int uiAlgID, unsigned int uiKEKIndex, unsigned char *pucKey, unsigned int *puiKeyLength, void **phKeyHandle)
    int generateKeyWithKek(long session, int bits, int algorithm, int kekIndex, byte[] wrapped, int[] wrappedLength, long[] key);

    // int SDF_ImportKeyWithKEK(void *hSessionHandle, unsigned int uiAlgID, unsigned int uiKEKIndex, unsigned char *pucKey, unsigned int puiKeyLength, void **phKeyHandle)
    int importKeyWithKek(long session, int algorithm, int kekIndex, byte[] wrapped, long[] key);

    // int SDF_ImportKeyWithISK_ECC(void *hSessionHandle, unsigned int uiISKIndex, ECCCipher *pucKey, void **phKeyHandle)
    int importKeyWithIskEcc(long session, int index, byte[] cipher, long[] key);

    // int SDF_DestroyKey(void *hSessionHandle, void *hKeyHandle)
    int destroyKey(long session, long key);

    // int SDF_Encrypt(void *hSessionHandle, void *hKeyHandle, unsigned int uiAlgID, unsigned char *pucIV, unsigned char *pucData, unsigned int uiDataLength, unsigned char *pucEncData, unsigned int *puiEncDataLength)
    // int SDF_Decrypt(... the same, decrypting)
    int cipher(boolean encrypt, long session, long key, int algorithm, byte[] iv, byte[] in, int inOff, int length, byte[] out, int outOff, int[] outLength);

    // int SDF_CalculateMAC(void *hSessionHandle, void *hKeyHandle, unsigned int uiAlgID, unsigned char *pucIV, unsigned char *pucData, unsigned int uiDataLength, unsigned char *pucMAC, unsigned int *puiMACLength)
    int calculateMac(long session, long key, int algorithm, byte[] iv, byte[] in, int inOff, int length, byte[] mac, int[] macLength);

    // int SDF_CreateFile(void *hSessionHandle, unsigned char *pucFileName, unsigned int uiNameLen, unsigned int uiFileSize)
    int createFile(long session, byte[] name, int size);

    // int SDF_ReadFile(void *hSessionHandle, unsigned char *pucFileName, unsigned int uiNameLen, unsigned int uiOffset, unsigned int *puiReadLength, unsigned char *pucBuffer)
    int readFile(long session, byte[] name, int offset, int[] length, byte[] buffer);

    // int SDF_WriteFile(void *hSessionHandle, unsigned char *pucFileName, unsigned int uiNameLen, unsigned int uiOffset, unsigned int uiWriteLength, unsigned char *pucBuffer)
    int writeFile(long session, byte[] name, int offset, byte[] data);

    // int SDF_DeleteFile(void *hSessionHandle, unsigned char *pucFileName, unsigned int uiNameLen)
    int deleteFile(long session, byte[] name);
}
