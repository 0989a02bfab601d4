package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/shangmi's start-up cache is recorded from this workload: every command of it must succeed. */
class StartupTrainingTest {

    @TempDir
    Path directory;

    @Test
    void everyCommandOfTheWorkloadSucceeds() throws Exception {
        assertNull(StartupTraining.run(directory));
        assertTrue(Files.size(directory.resolve("cert.pem")) > 0, "the workload made its certificate");
        assertTrue(Files.readString(directory.resolve("back2.txt")).equals(Files.readString(directory.resolve("data.txt"))),
                "SM2 decryption gave the data back");
    }
}
