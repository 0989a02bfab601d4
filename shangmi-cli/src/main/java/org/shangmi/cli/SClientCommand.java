package org.shangmi.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi s_client}: a TLS client like {@code openssl s_client}, on the ShangMiTLS provider
 * (TLS 1.3 with the RFC 8998 suites first, and the standard ones; TLCP with -tlcp). It prints a summary of the
 * connection, sends standard input to the server and prints what comes back.
 */
@Command(name = "s_client", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Connect to a TLS server (with -tlcp, a TLCP server), like openssl s_client: a summary of the "
                + "connection, then standard input to the server and what it sends to standard output.",
            "Examples:",
            "  shangmi s_client -connect example.com:443 -brief < /dev/null",
            "  shangmi s_client -connect host:4433 -CAfile ca.pem -ign_eof < request",
            "  shangmi s_client -tlcp -connect host:4433 -CAfile ca.pem < /dev/null"})
final class SClientCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Spec
    CommandSpec spec;

    @Option(names = "-connect", paramLabel = "HOST:PORT", defaultValue = "localhost:4433",
            description = "The server (default: ${DEFAULT-VALUE}); an IPv6 address goes in brackets, [::1]:4433.")
    String connect;

    @Option(names = "-servername", paramLabel = "NAME",
            description = "The server name to ask for (SNI) (default: the host of -connect, if a domain name).")
    String serverName;

    @Option(names = "-verify", paramLabel = "DEPTH",
            description = "The most intermediate CA certificates the server's chain may have (default: no limit).")
    Integer verifyDepth;

    @Option(names = "-verify_hostname", paramLabel = "NAME",
            description = "Check that the server's certificate names NAME (its DNS names; a wildcard in the left-most "
                    + "label only): the verdict covers it. Without it, or -verify_ip, the verdict covers the chain only.")
    String verifyHostname;

    @Option(names = "-verify_ip", paramLabel = "IP",
            description = "Check that the server's certificate names the IP address IP (its IP address names).")
    String verifyIp;

    @Option(names = "-ign_eof", description = "At the end of standard input, keep printing what the server sends until it "
            + "closes the connection (otherwise the client closes it, as openssl does).")
    boolean ignoreEof;

    @Mixin
    TlsOptions tls;

    /** What a TLCP client signs in its CertificateVerify (TlcpParameters.CertificateVerifyForm). */
    enum CertificateVerify { hash, messages }

    @Option(names = "-tlcp_cert_verify", paramLabel = "FORM",
            description = "TLCP: what the client's CertificateVerify signs: hash (the SM3 hash of the handshake messages, "
                    + "as GB/T 38636-2020, Tongsuo and Kona do; the default) or messages (the messages themselves, as "
                    + "GmSSL 3 does: its servers refuse the hash form).")
    CertificateVerify certificateVerify;

    HostPort target;
    /** What -verify_hostname or -verify_ip asks of the server's certificate; null if neither is given. */
    HostCheck hostCheck;

    @Override
    public Integer call() throws Exception {
        try {
            target = HostPort.parse(connect, true);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "-connect: " + e.getMessage());
        }
        tls.check(spec, false);
        if (certificateVerify != null && !tls.tlcp) {
            throw new ParameterException(spec.commandLine(), "-tlcp_cert_verify goes with -tlcp");
        }
        if (verifyHostname != null && verifyIp != null) {
            throw new ParameterException(spec.commandLine(), "-verify_hostname and -verify_ip: one or the other");
        }
        try {
            hostCheck = verifyHostname != null ? HostCheck.hostName(verifyHostname)
                    : verifyIp != null ? HostCheck.ipAddress(verifyIp) : null;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), (verifyIp != null ? "-verify_ip: " : "-verify_hostname: ")
                    + e.getMessage());
        }
        if (verifyDepth != null && verifyDepth < 0) {
            throw new ParameterException(spec.commandLine(), "-verify: the depth is a number from 0");
        }
        return SClient.run(this);
    }
}
