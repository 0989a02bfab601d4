package org.shangmi.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code shangmi verify}: checks an SM3withSM2 signature; prints "Verified OK" or "Verification failure" (exit 1). */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Verify an SM3withSM2 signature of the input.")
final class VerifyCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    @Option(names = "-in", paramLabel = "FILE", description = "The signed data (default: standard input).")
    Path in;

    @Option(names = "-pubkey", paramLabel = "FILE", required = true,
            description = "The public key file (any form; a private key file works too).")
    Path keyFile;

    @Option(names = "-signature", paramLabel = "FILE", required = true, description = "The signature file.")
    Path signatureFile;

    @Option(names = "-id", paramLabel = "ID", defaultValue = "1234567812345678",
            description = "The signer's ID (default: ${DEFAULT-VALUE}).")
    String id;

    @Option(names = "-raw", description = "The signature is r||s (64 bytes) instead of DER.")
    boolean raw;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        Signature verifier = SignCommand.signature(main, raw, id);
        verifier.initVerify(KeyFiles.readPublic(main, keyFile));
        verifier.update(InputOutputOptions.read(main, in));
        boolean valid = verifier.verify(InputOutputOptions.read(main, signatureFile));
        PrintWriter out = spec.commandLine().getOut();
        out.println(valid ? "Verified OK" : "Verification failure");
        out.flush();
        return valid ? 0 : Main.EXIT_FAILURE;
    }
}
