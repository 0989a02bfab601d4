package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.modulepath.PkiProgram;

/**
 * The PKI on the module path: core and provider packed as jars (automatic modules), and
 * {@link PkiProgram} run on the JDK under test, with ShangMi installed in code and through a
 * {@code java.security} file.
 */
class ModulePathTest {

    @TempDir
    Path directory;

    @Test
    void thePkiWorksWithTheJarsAsModules() throws Exception {
        OpenSslPki pki = new OpenSslPki(directory).chain();
        OpenSslCommand.run(new byte[0], "pkcs12", "-export", "-name", "leaf", "-inkey", pki.path("leaf.key").toString(),
                "-in", pki.path("leaf.pem").toString(), "-certfile", pki.path("inter.pem").toString(), "-keypbe", "SM4-CBC",
                "-certpbe", "SM4-CBC", "-macalg", "SM3", "-passout", "pass:secret1", "-out", pki.path("leaf.p12").toString());
        String modulePath = jar("shangmi-core", Sm3.class) + File.pathSeparator + jar("shangmi-provider", ShangMiProvider.class);
        Path security = SecurityFiles.shangMiFirst(directory);
        List<String> fileArgs = List.of(pki.path("root.pem").toString(), pki.path("inter.pem").toString(),
                pki.path("leaf.pem").toString(), pki.path("leaf.p12").toString(), "secret1");
        for (List<String> installing : List.of(List.of("install"), List.of("-Djava.security.properties=" + security, "listed"))) {
            List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                    "--module-path", modulePath, "--add-modules", "shangmi.provider",
                    "-cp", Paths.get(PkiProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                            .toString()));
            if (installing.size() > 1) {
                command.add(installing.get(0));
            }
            command.add(PkiProgram.class.getName());
            command.addAll(fileArgs);
            command.add(installing.get(installing.size() - 1));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), output);
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.contains("module shangmi.provider ShangMi org.shangmi.provider.Sm2PrivateKey"), output);
        }
    }

    /** The classes {@code type} was loaded from, packed as {@code name.jar}: an automatic module named after it. */
    private String jar(String name, Class<?> type) throws Exception {
        Path classes = Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = directory.resolve(name + ".jar");
        if (classes.toString().endsWith(".jar")) {
            Files.copy(classes, jar);
            return jar.toString();
        }
        ToolProvider tool = ToolProvider.findFirst("jar").orElseThrow();
        java.io.StringWriter said = new java.io.StringWriter();
        java.io.PrintWriter writer = new java.io.PrintWriter(said);
        int status = tool.run(writer, writer, "--create", "--file", jar.toString(), "-C", classes.toString(), ".");
        writer.flush();
        assertEquals(0, status, "jar " + name + ": " + said);
        return jar.toString();
    }
}
