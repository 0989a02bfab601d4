package org.shangmi.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The results JMH writes with {@code -rf json}, read the same way for every report. */
final class JmhJson {

    private JmhJson() {
    }

    /**
     * The array of results in {@code file}.
     *
     * @throws IllegalArgumentException if the file is not JSON, or not an array of results
     */
    static JsonArray read(Path file) throws IOException {
        JsonElement parsed;
        try {
            parsed = JsonParser.parseString(Files.readString(file));
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(file + " is not JSON: " + e.getMessage(), e);
        }
        if (!parsed.isJsonArray()) {
            throw new IllegalArgumentException(file + " is not JMH results (-rf json writes an array of them)");
        }
        return parsed.getAsJsonArray();
    }
}
