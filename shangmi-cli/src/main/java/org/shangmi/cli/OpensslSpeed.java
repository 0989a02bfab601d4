package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the {@code openssl speed} command, when there is one on the PATH, and reads its figure:
 * the reference column of {@code shangmi speed}. Parsed from its output, never guessed: anything
 * unexpected gives no figure.
 */
final class OpensslSpeed {

    /** The name of the reference column, in the table and the files. */
    static final String COLUMN = "openssl speed";

    /** "SM3   152824.02k": thousands of bytes per second for the one size asked. */
    private static final Pattern EVP_LINE = Pattern.compile("^\\S+\\s+([0-9]+(?:\\.[0-9]+)?)k$");
    /** " 256 bits SM2 (CurveSM2)   0.0006s   0.0006s   1622.4   1816.3": signs and verifies per second. */
    private static final Pattern SM2_LINE =
            Pattern.compile("^\\s*256 bits SM2.*\\s([0-9]+(?:\\.[0-9]+)?)\\s+([0-9]+(?:\\.[0-9]+)?)\\s*$");

    private OpensslSpeed() {
    }

    /**
     * MB/s (or signatures, verifications per second for {@code sm2 sign}/{@code sm2 verify}) from
     * {@code openssl speed ARGS}, timed for whole {@code seconds} (at least one); null if there is no
     * {@code openssl} command or its output is not as expected. {@code outputs} keeps each run's
     * output for the other operations it measured.
     */
    static Double measure(List<String> args, String operation, double seconds, Map<List<String>, String> outputs) {
        String cached = outputs.get(args);
        if (cached != null) {
            return parse(cached, operation); // sm2 sign and verify come from one run
        }
        List<String> command = new ArrayList<>(List.of("openssl", "speed", "-seconds",
                Long.toString(Math.max(1, Math.round(seconds)))));
        command.addAll(args);
        String output;
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                return null;
            }
        } catch (IOException e) {
            return null; // no openssl command
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        outputs.put(args, output);
        return parse(output, operation);
    }

    static Double parse(String output, String operation) {
        for (String line : output.lines().toList()) {
            if (operation.startsWith("sm2")) {
                Matcher sm2 = SM2_LINE.matcher(line);
                if (sm2.matches()) {
                    return Double.parseDouble(sm2.group(operation.equals("sm2 sign") ? 1 : 2));
                }
            } else {
                Matcher evp = EVP_LINE.matcher(line.trim());
                if (evp.matches()) {
                    return Double.parseDouble(evp.group(1)) / 1000;
                }
            }
        }
        return null;
    }
}
