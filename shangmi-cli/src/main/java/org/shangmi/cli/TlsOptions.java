package org.shangmi.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

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
                    + "default: TLS_SM4_GCM_SM3 and TLS_SM4_CCM_SM3 first, then the standard ones).")
    List<String> cipherSuites = new ArrayList<>();

    @Option(names = "-brief", description = "Print only a summary of each connection, to standard error.")
    boolean brief;

    @Option(names = "-quiet", description = "Print no summary (s_client: and read on after the end of standard input, as with -ign_eof).")
    boolean quiet;

    @Option(names = "-debug", description = "Let Bouncy Castle's JSSE log each connection to standard error "
            + "(java.util.logging, level INFO; otherwise only its errors).")
    boolean debug;
}
