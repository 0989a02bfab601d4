package org.shangmi.sdf;

/** The result codes of GM/T 0018 (SDR_BASE 0x01000000 plus a number), by name. */
enum SdfError {
    SDR_UNKNOWERR(0x01000001, "unknown error"),
    SDR_NOTSUPPORT(0x01000002, "function not supported"),
    SDR_COMMFAIL(0x01000003, "communication with the device failed"),
    SDR_HARDFAIL(0x01000004, "hardware error"),
    SDR_OPENDEVICE(0x01000005, "cannot open the device"),
    SDR_OPENSESSION(0x01000006, "cannot open a session"),
    SDR_PARDENY(0x01000007, "no permission"),
    SDR_KEYNOTEXIST(0x01000008, "no such key"),
    SDR_ALGNOTSUPPORT(0x01000009, "algorithm not supported"),
    SDR_ALGMODNOTSUPPORT(0x0100000A, "algorithm mode not supported"),
    SDR_PKOPERR(0x0100000B, "public-key operation failed"),
    SDR_SKOPERR(0x0100000C, "private-key operation failed"),
    SDR_SIGNERR(0x0100000D, "signing failed"),
    SDR_VERIFYERR(0x0100000E, "verification failed"),
    SDR_SYMOPERR(0x0100000F, "symmetric operation failed"),
    SDR_STEPERR(0x01000010, "call out of order"),
    SDR_FILESIZEERR(0x01000011, "file size exceeded"),
    SDR_FILENOEXIST(0x01000012, "no such file"),
    SDR_FILEOFSERR(0x01000013, "file offset out of range"),
    SDR_KEYTYPEERR(0x01000014, "wrong key type"),
    SDR_KEYERR(0x01000015, "key error"),
    SDR_ENCDATAERR(0x01000016, "malformed ciphertext"),
    SDR_RANDERR(0x01000017, "random generation failed"),
    SDR_PRKRERR(0x01000018, "private-key access right refused"),
    SDR_MACERR(0x01000019, "MAC failed"),
    SDR_FILEEXISTS(0x0100001A, "file exists"),
    SDR_FILEWERR(0x0100001B, "file write failed"),
    SDR_NOBUFFER(0x0100001C, "out of memory"),
    SDR_INARGERR(0x0100001D, "invalid input argument"),
    SDR_OUTARGERR(0x0100001E, "invalid output argument");

    static final int SDR_OK = 0;

    final int code;
    final String meaning;

    SdfError(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The standard's name of a code, or null for a vendor's own. */
    static SdfError of(int code) {
        int n = code - 0x01000000;
        if (n >= 1 && n <= values().length) {
            SdfError error = values()[n - 1];
            if (error.code == code) {
                return error;
            }
        }
        return null;
    }
}
