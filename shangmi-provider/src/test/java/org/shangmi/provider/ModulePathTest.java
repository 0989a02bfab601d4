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
import org.shangmi.launched.PkiProgram;

/**
 * The PKI with the jars as a user has them: core and provider packed as jars and
 * {@link PkiProgram} run on the JDK under test, on the module path (the modules' descriptors)
 * with ShangMi installed in code and named in a {@code java.security} file, and on the class path
 * named in that file (the {@code META-INF/services} registration).
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
        String program = Paths.get(PkiProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String listed = "-Djava.security.properties=" + security;
        List<List<String>> runs = List.of(
                List.of("--module-path", modulePath, "--add-modules", "org.shangmi.provider", "-cp", program),
                List.of("--module-path", modulePath, "--add-modules", "org.shangmi.provider", "-cp", program, listed),
                List.of("-cp", String.join(File.pathSeparator, modulePath, program), listed));
        for (List<String> options : runs) {
            List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(options);
            command.add(PkiProgram.class.getName());
            command.addAll(fileArgs);
            command.add(options.contains(listed) ? "listed" : "install");
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), output);
            assertEquals(0, process.exitValue(), command + "\n" + output);
            String module = options.contains("--module-path") ? "module org.shangmi.provider" : "module unnamed";
            assertTrue(output.startsWith(module + " ShangMi org.shangmi.provider.Sm2PrivateKey"), command + "\n" + output);
        }
    }

    /**
     * The README's module line is enough: a module that requires org.shangmi.provider alone reads
     * core's exported kdf package (the provider requires core transitively), and still cannot
     * reach core's internal packages.
     */
    @Test
    void requiringTheProviderAloneGivesTheKdfPackage() throws Exception {
        String modulePath = jar("shangmi-core", Sm3.class) + File.pathSeparator + jar("shangmi-provider", ShangMiProvider.class);
        Path sources = Files.createDirectories(directory.resolve("src/org/example/app"));
        Files.writeString(directory.resolve("src/module-info.java"), "module org.example.app { requires org.shangmi.provider; }\n");
        Files.writeString(sources.resolve("App.java"), String.join("\n",
                "package org.example.app;",
                "public class App {",
                "    public static void main(String[] args) throws Exception {",
                "        java.security.Security.addProvider(new org.shangmi.provider.ShangMiProvider());",
                "        byte[] okm = org.shangmi.core.kdf.Hkdf.sm3().derive(new byte[13], new byte[22], new byte[10], 42);",
                "        System.out.println(okm.length);",
                "    }",
                "}", ""));
        assertEquals("", javac(modulePath, sources.resolve("App.java")));

        Path internal = directory.resolve("src/org/example/app/Internal.java");
        Files.writeString(internal, "package org.example.app; class Internal { org.shangmi.core.sm3.Sm3 digest; }\n");
        assertTrue(javac(modulePath, internal).contains("org.shangmi.core.sm3"), "core's internal packages stay closed");
    }

    /** Compiles the module under src/ with one source file; returns what javac said (empty when it compiled). */
    private String javac(String modulePath, Path source) {
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        java.io.StringWriter said = new java.io.StringWriter();
        java.io.PrintWriter writer = new java.io.PrintWriter(said);
        int status = javac.run(writer, writer, "--module-path", modulePath, "-d", directory.resolve("out").toString(),
                directory.resolve("src/module-info.java").toString(), source.toString());
        writer.flush();
        return status == 0 ? said.toString() : "status " + status + ": " + said;
    }

    /** The classes {@code type} was loaded from, packed as {@code name.jar}. */
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
