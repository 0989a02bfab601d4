package org.shangmi.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The commands {@code bin/shangmi} runs once, in a JVM that records the classes it loads into a
 * class-data-sharing archive ({@code -XX:ArchiveClassesAtExit}) that later runs map instead of
 * loading and verifying those classes again: the tool's, its provider's, picocli's and the JDK's
 * it uses. It runs the everyday commands on throw-away files in {@code DIRECTORY}: keys,
 * signatures, digests (also through libcrypto, as larger inputs go), MACs, SM4, SM2 encryption, a
 * certificate. Their output is discarded; a command that fails makes it exit 1 naming it and
 * with what it said, so the workload cannot rot unnoticed.
 */
public final class StartupTraining {

    private StartupTraining() {
    }

    /** {@code StartupTraining DIRECTORY}: exit 0 if every command succeeded, else 1 naming the first that did not. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: StartupTraining DIRECTORY");
            System.exit(2);
        }
        String failed = run(Path.of(args[0]));
        if (failed != null) {
            System.err.println("shangmi start-up training: " + failed);
            System.exit(1);
        }
        System.exit(0);
    }

    /** Runs the workload in {@code directory}; null if every command succeeded, else which failed. */
    static String run(Path directory) throws IOException {
        Files.createDirectories(directory);
        Path data = directory.resolve("data.txt");
        Files.writeString(data, "a small file for the start-up training of the shangmi command\n");
        String key = file(directory, "key.pem");
        String pub = file(directory, "pub.pem");
        String signature = file(directory, "data.sig");
        String ciphertext = file(directory, "data.sm4");
        String sm2Ciphertext = file(directory, "data.sm2");
        String certificate = file(directory, "cert.pem");
        String in = data.toString();
        String hexKey = "0123456789abcdeffedcba9876543210";
        List<String[]> commands = new ArrayList<>();
        commands.add(new String[] {"genkey", "-out", key, "-pubout", pub});
        commands.add(new String[] {"dgst", in});
        // larger inputs and standard input go to libcrypto under auto: its binding's classes too
        commands.add(new String[] {"--backend", "SM3=openssl", "dgst", in});
        commands.add(new String[] {"mac", "-key", hexKey, in});
        commands.add(new String[] {"sign", "-key", key, "-in", in, "-out", signature});
        commands.add(new String[] {"verify", "-pubkey", pub, "-signature", signature, "-in", in});
        commands.add(new String[] {"enc", "-sm4-cbc", "-K", hexKey, "-iv", hexKey, "-in", in, "-out", ciphertext});
        commands.add(new String[] {"dec", "-sm4-cbc", "-K", hexKey, "-iv", hexKey, "-in", ciphertext, "-out", file(directory, "back.txt")});
        commands.add(new String[] {"encrypt", "-pubkey", pub, "-in", in, "-out", sm2Ciphertext});
        commands.add(new String[] {"decrypt", "-key", key, "-in", sm2Ciphertext, "-out", file(directory, "back2.txt")});
        commands.add(new String[] {"req", "-new", "-x509", "-key", key, "-subj", "/CN=shangmi start-up training", "-out", certificate});
        commands.add(new String[] {"x509", "-in", certificate, "-text", "-noout"});
        commands.add(new String[] {"pkey", "-key", key, "-pubout"});
        for (String[] command : commands) {
            StringWriter said = new StringWriter();
            int status = Main.execute(new ByteArrayInputStream(new byte[0]), OutputStream.nullOutputStream(),
                    new PrintWriter(said, true), false, command);
            if (status != 0) {
                return "'" + String.join(" ", command) + "' exited with " + status + ": " + said.toString().strip();
            }
        }
        return null;
    }

    private static String file(Path directory, String name) {
        return directory.resolve(name).toString();
    }
}
