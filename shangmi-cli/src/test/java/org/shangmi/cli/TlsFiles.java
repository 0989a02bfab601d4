package org.shangmi.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.shangmi.core.testing.OpenSslPki;

/**
 * Keys and certificates for the s_client and s_server tests, all made by openssl: the SM2 chain
 * root, inter, leaf (leaf.example.com; leaf-chain.pem holds leaf then inter), an SM2 client
 * certificate from inter (client-chain.pem), an SM2 root that issued neither ("other"), and
 * self-signed certificates for the standard suites: p256 (p256.example.com), p256b
 * (other.example.com), p256client (client.p256) and rsa (rsa.example.com).
 */
final class TlsFiles {

    static final Duration WAIT = Duration.ofSeconds(60);

    static final String GET = "GET / HTTP/1.0\r\n\r\n";

    final Path directory;

    TlsFiles(Path directory) throws IOException {
        this.directory = directory;
        OpenSslPki pki = new OpenSslPki(directory).chain();
        pki.issue("client", "/C=CN/O=ShangMi Test/CN=client", "inter", "leaf", 10);
        pki.root("other", "/C=CN/O=Elsewhere/CN=Other Root", 30);
        pki.otherRoot("p256", "/CN=p256.example.com", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256");
        pki.otherRoot("p256b", "/CN=other.example.com", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256");
        pki.otherRoot("p256client", "/CN=client.p256", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256");
        pki.otherRoot("rsa", "/CN=rsa.example.com", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048");
        concatenate("leaf-chain.pem", "leaf.pem", "inter.pem");
        concatenate("client-chain.pem", "client.pem", "inter.pem");
    }

    private void concatenate(String target, String... sources) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String source : sources) {
            text.append(Files.readString(directory.resolve(source)));
        }
        Files.writeString(directory.resolve(target), text);
    }

    String file(String name) {
        return directory.resolve(name).toString();
    }

    /**
     * One in-process run of the command line with {@code stdin}, which must end within
     * {@link #WAIT}.
     */
    static CliRun run(String stdin, String... args) {
        ExecutorService one = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "in-process shangmi");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Future<CliRun> run = one.submit(() -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                StringWriter err = new StringWriter();
                int status = Main.execute(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), out,
                        new PrintWriter(err, true), false, args);
                return new CliRun(status, out.toByteArray(), err.toString());
            });
            return run.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("shangmi " + String.join(" ", args) + " did not end within " + WAIT);
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            one.shutdownNow();
        }
    }
}
