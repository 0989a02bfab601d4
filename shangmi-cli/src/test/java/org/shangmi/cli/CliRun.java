package org.shangmi.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the command line, with what it printed. */
record CliRun(int status, String out, String err) {

    static CliRun of(byte[] stdin, boolean stderrIsTerminal, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.execute(new ByteArrayInputStream(stdin), new PrintWriter(out, true),
                new PrintWriter(err, true), stderrIsTerminal, args);
        return new CliRun(status, out.toString(), err.toString());
    }

    static CliRun of(String... args) {
        return of(new byte[0], false, args);
    }
}
