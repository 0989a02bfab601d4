package org.shangmi.cli;

import java.io.Console;

/** Whether standard error is a terminal, which decides if progress bars are drawn. */
final class Terminal {

    private Terminal() {
    }

    /**
     * The launcher knows ({@code [ -t 2 ]}) and passes {@code -Dshangmi.stderr.tty}; without it, the
     * console is the best guess Java has (on JDK 22+ its {@code isTerminal()}).
     */
    static boolean stderrIsTerminal() {
        String flag = System.getProperty("shangmi.stderr.tty");
        if (flag != null) {
            return Boolean.parseBoolean(flag);
        }
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // before JDK 22 a console exists only on a terminal
        }
    }
}
