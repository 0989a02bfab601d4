package org.shangmi.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the command line, with what it printed. */
record CliRun(int status, byte[] outBytes, String err) {

    static CliRun of(byte[] stdin, boolean stderrIsTerminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int status = Main.execute(new ByteArrayInputStream(stdin), out, new PrintWriter(err, true), stderrIsTerminal, args);
        return new CliRun(status, out.toByteArray(), err.toString());
    }

    /** Standard output as UTF-8 text. */
    String out() {
        return new String(outBytes, StandardCharsets.UTF_8);
    }

    static CliRun of(String... args) {
        return of(new byte[0], false, args);
    }

    /** A run that must succeed: fails the test with the command line and what it said otherwise. */
    static CliRun ok(String... args) {
        CliRun run = of(args);
        org.junit.jupiter.api.Assertions.assertEquals(0, run.status(), String.join(" ", args) + ": " + run.err());
        return run;
    }
}
