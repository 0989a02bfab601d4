package org.shangmi.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLSocket;

/**
 * What {@link SClientCommand} does once its options are read: connect, hand-shake, print the
 * summary, then send standard input to the server from a thread of its own while the calling
 * thread copies what the server sends to standard output.
 */
final class SClient {

    private SClient() {
    }

    static int run(SClientCommand command) throws Exception {
        Main main = command.main;
        TlsOptions options = command.tls;
        String name = command.spec.qualifiedName();
        PrintWriter out = command.spec.commandLine().getOut();
        PrintWriter err = main.stderr();
        TlsSetup setup = new TlsSetup(main, options, command.verifyDepth, false, command.hostCheck);
        SSLSocket socket;
        try {
            socket = (SSLSocket) setup.context.getSocketFactory().createSocket(command.target.host(), command.target.port());
        } catch (IOException e) {
            err.println(name + ": cannot connect to " + command.target + ": " + e.getMessage());
            return Main.EXIT_FAILURE;
        }
        try (socket) {
            setup.configureClient(socket, command.serverName, command.certificateVerify);
            boolean verbose = !options.brief && !options.quiet;
            if (verbose) {
                out.println("CONNECTED(" + command.target + ")");
                out.flush();
            }
            try {
                socket.startHandshake();
            } catch (IOException e) {
                String verifyError = setup.trust.errorLine();
                if (verifyError != null) {
                    err.println(verifyError);
                }
                err.println(name + ": handshake failed: " + e.getMessage());
                return Main.EXIT_FAILURE;
            }
            List<String> summary = setup.summary(socket, null);
            if (options.brief && !options.quiet) {
                err.println("CONNECTION ESTABLISHED");
                summary.forEach(err::println);
                err.flush();
            } else if (verbose) {
                out.println("---");
                summary.forEach(out::println);
                out.println("---");
                out.flush();
            }
            return exchange(main, socket, command.ignoreEof || options.quiet, !options.quiet, name);
        }
    }

    /** Standard input to the server, the server's data to standard output, until either side ends. */
    private static int exchange(Main main, SSLSocket socket, boolean ignoreEof, boolean sayDone, String name) {
        PrintWriter err = main.stderr();
        AtomicBoolean closing = new AtomicBoolean();
        Thread sender = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                OutputStream toServer = socket.getOutputStream();
                InputStream stdin = main.stdin();
                for (int n; (n = stdin.read(buffer)) >= 0; ) {
                    if (n > 0) {
                        toServer.write(buffer, 0, n);
                        toServer.flush();
                    }
                }
                if (!ignoreEof) {
                    if (sayDone) {
                        err.println("DONE");
                    }
                    closing.set(true);
                    socket.close();
                }
            } catch (IOException e) {
                // the connection ended: the reading side says how
            }
        }, "s_client standard input");
        sender.setDaemon(true);
        sender.start();
        OutputStream stdout = main.stdout();
        byte[] buffer = new byte[16384];
        try {
            InputStream fromServer = socket.getInputStream();
            for (int n; (n = fromServer.read(buffer)) >= 0; ) {
                stdout.write(buffer, 0, n);
                stdout.flush();
            }
            return 0;
        } catch (IOException e) {
            if (closing.get()) {
                return 0;
            }
            err.println(name + ": " + e.getMessage());
            return Main.EXIT_FAILURE;
        }
    }
}
