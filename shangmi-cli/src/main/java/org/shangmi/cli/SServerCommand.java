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
 * {@code shangmi s_server}: a TLS server like {@code openssl s_server}, on the ShangMiTLS
 * provider (with {@code -tlcp}, TLCP and TLS on one port), one connection at a time: it prints
 * what each client sends (and sends it standard input), or with {@code -www} answers an HTTP GET
 * with a page that describes the connection.
 */
@Command(name = "s_server", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serve TLS, like openssl s_server, one connection at a time: print what the client sends and send it "
                + "standard input, or with -www answer HTTP GET with a text page about the connection. With -tlcp: TLCP "
                + "(GB/T 38636-2020) to TLCP clients and TLS (1.3, 1.2) to TLS clients, on the same port.",
            "Examples:",
            "  shangmi s_server -accept 4433 -cert chain.pem -key leaf.key -www",
            "  shangmi s_server -cert chain.pem -key k.pem -CAfile ca.pem -Verify 1",
            "  shangmi s_server -tlcp -sign_cert sign.pem -enc_cert enc.pem -www"})
final class SServerCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Mixin
    DeviceKeys.SdfOption sdf;

    @Spec
    CommandSpec spec;

    @Option(names = "-accept", paramLabel = "[HOST:]PORT", defaultValue = "4433",
            description = "Where to listen (default: port ${DEFAULT-VALUE} on every address; 0: a free port, printed).")
    String accept;

    @Option(names = "-verify", paramLabel = "DEPTH",
            description = "Ask the client for a certificate; DEPTH: the most intermediate CA certificates its chain may have.")
    Integer verifyDepth;

    @Option(names = "-Verify", paramLabel = "DEPTH", description = "Require a client certificate (and as -verify).")
    Integer requireDepth;

    @Option(names = "-www", description = "Answer an HTTP GET with a text/plain page that describes the connection.")
    boolean www;

    @Option(names = "-naccept", paramLabel = "N", description = "Stop after N connections (default: serve until stopped).")
    Integer naccept;

    @Mixin
    TlsOptions tls;

    HostPort where;

    @Override
    public Integer call() throws Exception {
        try {
            where = HostPort.parse(accept, false);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "-accept: " + e.getMessage());
        }
        if (tls.certificate == null && !tls.tlcp) {
            throw new ParameterException(spec.commandLine(), "s_server needs -cert (and -key, unless the -cert file holds the key)");
        }
        tls.check(spec, true);
        for (Integer depth : new Integer[] {verifyDepth, requireDepth}) {
            if (depth != null && depth < 0) {
                throw new ParameterException(spec.commandLine(), "-verify, -Verify: the depth is a number from 0");
            }
        }
        if (naccept != null && naccept < 1) {
            throw new ParameterException(spec.commandLine(), "-naccept: a number from 1");
        }
        return SServer.run(this);
    }

    /** The depth of -Verify, else of -verify; null if neither asks for a client certificate. */
    Integer depth() {
        return requireDepth != null ? requireDepth : verifyDepth;
    }
}
