package org.shangmi.provider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code java.security} recipe of docs/pki.md, for the JDK running the tests. */
final class SecurityFiles {

    private SecurityFiles() {
    }

    /**
     * Writes {@code directory/shangmi.security}: ShangMi first, by name (the JDK finds it through
     * {@code ServiceLoader}), then the JDK's own providers in their order, each moved down one place
     * (what docs/pki.md's shell lines write).
     */
    static Path shangMiFirst(Path directory) throws IOException {
        Path jdkFile = Paths.get(System.getProperty("java.home"), "conf", "security", "java.security");
        Matcher entry = Pattern.compile("(?m)^security\\.provider\\.(\\d+)=(.*)$").matcher(Files.readString(jdkFile));
        StringBuilder file = new StringBuilder("security.provider.1=" + ShangMiProvider.NAME + "\n");
        while (entry.find()) {
            file.append("security.provider.").append(Integer.parseInt(entry.group(1)) + 1).append('=')
                    .append(entry.group(2).strip()).append('\n');
        }
        return Files.writeString(directory.resolve("shangmi.security"), file.toString());
    }
}
