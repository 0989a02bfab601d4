package org.shangmi.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options s_client and s_server share. Plain values only: the TLS classes load when a
 * connection is made, not when the command line is parsed.
 */
final class TlsOptions {

    @Option(names = "-cert", paramLabel = "FILE",
            description = "The certificate (PEM), followed by the chain to send with it (leaf first).")
    Path certificate;

    @Option(names = "-key", paramLabel = "FILE",
            description = "Its private key: PKCS#8 PEM of any algorithm the installed providers read, or SM2 in any form "
                    + "(default: the -cert file).")
    Path key;

    @Option(names = "-tlcp", description = "Speak TLCP (GB/T 38636-2020, the GM double-certificate protocol) with the "
            + "-sign_cert and -enc_cert pairs. s_client: TLCP only; s_server: TLCP clients get TLCP and TLS clients "
            + "TLS (1.3, 1.2) on the same port, with the signing pair.")
    boolean tlcp;

    @Option(names = "-sign_cert", paramLabel = "FILE",
            description = "TLCP: the signing certificate (PEM), followed by its CA chain (leaf first).")
    Path signCertificate;

    @Option(names = "-sign_key", paramLabel = "FILE", description = "TLCP: the signing private key, read as -key "
            + "(default: the -sign_cert file).")
    Path signKey;

    @Option(names = "-enc_cert", paramLabel = "FILE", description = "TLCP: the encryption certificate (PEM).")
    Path encCertificate;

    @Option(names = "-enc_key", paramLabel = "FILE", description = "TLCP: the encryption private key, read as -key "
            + "(default: the -enc_cert file).")
    Path encKey;

    @Option(names = "-cipher", paramLabel = "LIST", split = ":",
            description = "TLCP: the cipher suites to enable, colon-separated, in order of preference: TLCP_ECC_SM4_GCM_SM3, "
                    + "TLCP_ECC_SM4_CBC_SM3, TLCP_ECDHE_SM4_GCM_SM3, TLCP_ECDHE_SM4_CBC_SM3 (the default order), or GmSSL's "
                    + "names, TLS_ECC_SM4_GCM_SM3 and so on. The ECDHE suites need the client's pairs too.")
    List<String> tlcpCipherSuites = new ArrayList<>();

    @Option(names = "-CAfile", paramLabel = "FILE",
            description = "The trusted CA certificates (PEM) to verify the peer with (default: the JDK's trust store).")
    Path caFile;

    @Option(names = "-verify_return_error", description = "End the handshake when the peer's certificate does not verify "
            + "(otherwise the failure is reported and the connection goes on, as in openssl).")
    boolean verifyReturnError;

    @Option(names = "-alpn", paramLabel = "LIST", split = ",",
            description = "Application protocols (ALPN), comma-separated, in order of preference (s_server: the first of "
                    + "them the client offers; a client that offers none is refused, as openssl does).")
    List<String> alpn = new ArrayList<>();

    @Option(names = "-ciphersuites", paramLabel = "LIST", split = ":",
            description = "The cipher suites to enable (JSSE names, colon-separated, in order of preference; "
                    + "default: TLS_SM4_GCM_SM3 and TLS_SM4_CCM_SM3 first, then the standard ones; "
                    + "with -tlcp, s_server's TLS suites).")
    List<String> cipherSuites = new ArrayList<>();

    @Option(names = "-brief", description = "Print only a summary of each connection, to standard error.")
    boolean brief;

    @Option(names = "-quiet", description = "Print no summary (s_client: and read on after the end of standard input, as with -ign_eof).")
    boolean quiet;

    @Option(names = "-debug", description = "Let Bouncy Castle's JSSE log each connection to standard error "
            + "(java.util.logging, level INFO; otherwise only its errors).")
    boolean debug;

    /**
     * The checks of the key options that s_client and s_server share: -tlcp takes the two pairs
     * instead of -cert and -key, each key with its certificate; a server needs both pairs, a
     * client both or neither.
     */
    void check(CommandSpec spec, boolean server) {
        if (!tlcp) {
            if (signCertificate != null || signKey != null || encCertificate != null || encKey != null
                    || !tlcpCipherSuites.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "-sign_cert, -sign_key, -enc_cert, -enc_key and -cipher go with -tlcp");
            }
            if (key != null && certificate == null) {
                throw new ParameterException(spec.commandLine(), "-key goes with -cert");
            }
            return;
        }
        if (certificate != null || key != null) {
            throw new ParameterException(spec.commandLine(), "with -tlcp the keys are -sign_cert, -sign_key, -enc_cert and "
                    + "-enc_key, not -cert and -key");
        }
        if (signKey != null && signCertificate == null || encKey != null && encCertificate == null) {
            throw new ParameterException(spec.commandLine(), "-sign_key goes with -sign_cert, -enc_key with -enc_cert");
        }
        if ((signCertificate == null) != (encCertificate == null) || server && signCertificate == null) {
            throw new ParameterException(spec.commandLine(), server
                    ? "s_server -tlcp needs -sign_cert and -enc_cert (and -sign_key, -enc_key unless the files hold the keys)"
                    : "-sign_cert and -enc_cert go together");
        }
        if (!alpn.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "-alpn does not go with -tlcp: TLCP has no ALPN here");
        }
        if (!server && !cipherSuites.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "-ciphersuites names TLS suites: TLCP's go in -cipher");
        }
    }
}
