package org.shangmi.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The output of the C timing programs over GmSSL's library (shangmi-bench/src/main/c): one line
 * per case, its name in one or more words and the figure last.
 */
final class GmsslFigures {

    private GmsslFigures() {
    }

    /** Each line's figure by its name (the words before the figure, joined by one space). */
    static Map<String, Double> read(Path file) throws IOException {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String trimmed = line.trim();
            int last = trimmed.lastIndexOf(' ');
            if (last > 0) {
                figures.put(trimmed.substring(0, last).replaceAll("\\s+", " "), Double.parseDouble(trimmed.substring(last + 1)));
            }
        }
        return figures;
    }

    /** The machine description bin/bench writes beside a JMH result, as the report's first lines. */
    static String machine(Path result) throws IOException {
        Path machine = Path.of(result + ".machine");
        return Files.exists(machine) ? Files.readString(machine).strip() + "\n\n" : "";
    }
}
