package org.shangmi.cli;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * What {@link SServerCommand} does once its options are read: listen, then serve one connection
 * at a time until -naccept connections have been served.
 */
final class SServer {

    /** How long -www waits for the request. */
    private static final int REQUEST_TIMEOUT_MILLIS = 30_000;

    private final SServerCommand command;
    private final TlsSetup setup;
    private final PrintWriter out;
    private final PrintWriter err;
    private final String name;
    private final StdinSender sender;

    private SServer(SServerCommand command, TlsSetup setup) {
        this.command = command;
        this.setup = setup;
        this.out = command.spec.commandLine().getOut();
        this.err = command.main.stderr();
        this.name = command.spec.qualifiedName();
        this.sender = command.www ? null : new StdinSender(command.main.stdin());
    }

    static int run(SServerCommand command) throws Exception {
        TlsSetup setup = new TlsSetup(command.main, command.tls, command.depth(), true, null);
        HostPort where = command.where;
        InetAddress address = where.host() == null ? null : InetAddress.getByName(where.host());
        try (SSLServerSocket listener = (SSLServerSocket) setup.context.getServerSocketFactory()
                .createServerSocket(where.port(), 50, address)) {
            SServer server = new SServer(command, setup);
            if (!command.tls.quiet) {
                InetAddress bound = listener.getInetAddress();
                server.out.println("ACCEPT " + new HostPort(bound.getHostAddress(), listener.getLocalPort()));
                server.out.flush();
            }
            for (int served = 0; command.naccept == null || served < command.naccept; served++) {
                server.serve((SSLSocket) listener.accept());
            }
        }
        return 0;
    }

    /** One connection, from handshake to close; a failure is reported and ends only this connection. */
    private void serve(SSLSocket socket) {
        TlsOptions options = command.tls;
        setup.trust.reset();
        String[] serverName = new String[1];
        String peer = new HostPort(socket.getInetAddress().getHostAddress(), socket.getPort()).toString();
        boolean verbose = !options.brief && !options.quiet;
        try (socket) {
            setup.configureServer(socket, command.verifyDepth != null, command.requireDepth != null, serverName);
            socket.startHandshake();
            List<String> summary = setup.summary(socket,
                    serverName[0] != null ? serverName[0] : TlsSetup.requestedServerName(socket.getSession()));
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
            if (command.www) {
                answer(socket, summary);
            } else {
                echo(socket);
            }
        } catch (IOException e) {
            String verifyError = setup.trust.errorLine();
            if (verifyError != null) {
                err.println(verifyError);
            }
            err.println(name + ": connection from " + peer + ": " + e.getMessage());
        }
        if (verbose) {
            out.println("CONNECTION CLOSED");
            out.flush();
        }
    }

    /** What the client sends to standard output, standard input to the client, until the client closes. */
    private void echo(SSLSocket socket) throws IOException {
        OutputStream stdout = command.main.stdout();
        sender.attach(socket.getOutputStream());
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[16384];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                stdout.write(buffer, 0, n);
                stdout.flush();
            }
        } catch (EOFException closedWithoutCloseNotify) {
            // the client is gone all the same
        } finally {
            sender.detach();
        }
    }

    /** -www: an HTTP GET gets a text/plain page about the connection; anything else a 400. */
    private void answer(SSLSocket socket, List<String> summary) throws IOException {
        socket.setSoTimeout(REQUEST_TIMEOUT_MILLIS);
        InputStream in = socket.getInputStream();
        String request = line(in);
        if (request == null) {
            return;
        }
        for (int headers = 0; headers < 100; headers++) {
            String header = line(in);
            if (header == null || header.isEmpty()) {
                break;
            }
        }
        String response;
        if (request.startsWith("GET /")) {
            String protocol = socket.getSession().getProtocol();
            String suite = socket.getSession().getCipherSuite();
            response = "HTTP/1.0 200 ok\r\nContent-type: text/plain\r\n\r\n"
                    + "shangmi s_server\n"
                    + "New, " + protocol + ", Cipher is " + suite + "\n"
                    + String.join("\n", summary) + "\n";
        } else {
            response = "HTTP/1.0 400 Bad Request\r\nContent-type: text/plain\r\n\r\n"
                    + "shangmi s_server -www answers GET only\n";
        }
        OutputStream toClient = socket.getOutputStream();
        toClient.write(response.getBytes(StandardCharsets.UTF_8));
        toClient.flush();
    }

    /** One line without its CR LF (at most 8 KiB), or null at the end of the stream. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) >= 0; ) {
            if (b == '\n') {
                return line.toString(StandardCharsets.ISO_8859_1).replaceFirst("\r$", "");
            }
            if (line.size() >= 8192) {
                throw new IOException("request line too long");
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * Standard input, read once a connection is open and sent to the connection open when it
     * arrives (or to the next one); a thread of its own, started with the first connection.
     */
    private static final class StdinSender implements Runnable {

        private final InputStream stdin;
        private OutputStream connection;
        private Thread thread;

        StdinSender(InputStream stdin) {
            this.stdin = stdin;
        }

        synchronized void attach(OutputStream to) {
            connection = to;
            notifyAll();
            if (thread == null) {
                thread = new Thread(this, "s_server standard input");
                thread.setDaemon(true);
                thread.start();
            }
        }

        synchronized void detach() {
            connection = null;
        }

        private synchronized OutputStream connection() throws InterruptedException {
            while (connection == null) {
                wait();
            }
            return connection;
        }

        @Override
        public void run() {
            byte[] buffer = new byte[8192];
            try {
                while (true) {
                    connection();
                    int n = stdin.read(buffer);
                    if (n < 0) {
                        return;
                    }
                    try {
                        OutputStream to = connection();
                        to.write(buffer, 0, n);
                        to.flush();
                    } catch (IOException closed) {
                        // the connection ended meanwhile: what was read is dropped
                    }
                }
            } catch (IOException | InterruptedException e) {
                // standard input is gone: the server goes on without it
            }
        }
    }
}
