package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Help at 80 columns: picocli wraps paragraphs, but an example command longer than the width is
 * broken where it happens to fall, without indentation, and a paragraph broken by hand is broken
 * again. So every description line is either a whole paragraph (ending as a sentence or a
 * heading does) or an indented example line that fits, continued by hand where needed.
 */
class HelpLayoutTest {

    private static final int WIDTH = 80;

    @Test
    void everyDescriptionLineFitsEightyColumns() {
        CommandLine root = new CommandLine(new Main(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(),
                new PrintWriter(new StringWriter()), false));
        List<String> tooLong = new ArrayList<>();
        check("shangmi", root, tooLong);
        for (Map.Entry<String, CommandLine> command : root.getSubcommands().entrySet()) {
            if (!command.getKey().equals("help")) { // picocli's own
                check(command.getKey(), command.getValue(), tooLong);
            }
        }
        assertEquals(List.of(), tooLong, "examples over " + (WIDTH - 1) + " columns, or paragraphs broken by hand");
    }

    private static void check(String name, CommandLine command, List<String> tooLong) {
        for (String line : command.getCommandSpec().usageMessage().description()) {
            boolean example = line.startsWith(" ");
            boolean paragraph = line.endsWith(".") || line.endsWith(":") || line.endsWith(")");
            if (example ? line.length() >= WIDTH : !paragraph) {
                tooLong.add(name + ": " + line);
            }
        }
    }
}
