package org.shangmi.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.shangmi.report.HtmlReport;

/** The command line the report generators share: {@code OUT.md OUT.html [--svg DIR] RESULT.json...}. */
final class ReportCommand {

    /** A report made from JMH JSON files. */
    interface Report {
        /** Adds one results file. @throws IllegalArgumentException if it is not what the report reads */
        void read(Path file) throws IOException;

        String markdown();

        HtmlReport page();
    }

    private ReportCommand() {
    }

    /** Reads the files into {@code report} and writes its Markdown, its page and, with --svg, each chart. */
    static void run(String name, String[] args, Report report) throws IOException {
        List<String> files = new ArrayList<>(List.of(args));
        Path svgDirectory = null;
        int option = files.indexOf("--svg");
        if (option >= 0 && option + 1 < files.size()) {
            svgDirectory = Path.of(files.remove(option + 1));
            files.remove(option);
        }
        if (files.size() < 3) {
            System.err.println("usage: " + name + " OUT.md OUT.html [--svg DIR] RESULT.json...");
            System.exit(2);
        }
        try {
            for (String file : files.subList(2, files.size())) {
                report.read(Path.of(file));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("report: " + e.getMessage());
            System.exit(1);
        }
        Files.writeString(Path.of(files.get(0)), report.markdown());
        HtmlReport page = report.page();
        Files.writeString(Path.of(files.get(1)), page.html());
        if (svgDirectory != null) {
            Files.createDirectories(svgDirectory);
            for (HtmlReport.Chart chart : page.charts()) {
                Files.writeString(svgDirectory.resolve(JmhReport.fileName(chart.title()) + ".svg"), chart.svg());
            }
        }
        System.err.println("report: " + files.get(0) + ", " + files.get(1) + (svgDirectory == null ? "" : ", " + svgDirectory));
    }
}
