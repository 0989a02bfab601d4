package org.shangmi.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.concurrent.Callable;
import org.shangmi.provider.spec.Sm9ParameterSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code shangmi sm9verify}: checks an SM9 signature, as {@code gmssl sm9verify} (exit 1 when it fails). */
@Command(name = "sm9verify", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Verify an SM9 signature of the input with the master public key and the signer's identity.",
            "Prints \"sm9verify success\", or \"sm9verify failure\" and exits 1.",
            "Example:",
            "  shangmi sm9verify -pubmaster sign_mpk.pem -id Alice -sig data.sig \\",
            "      -in data"})
final class Sm9VerifyCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    @Option(names = "-pubmaster", paramLabel = "FILE", required = true, description = "The signature master public key (PEM).")
    Path pubmaster;

    @Option(names = "-id", paramLabel = "ID", required = true, description = "The signer's identity.")
    String id;

    @Option(names = "-sig", paramLabel = "FILE", required = true, description = "The signature (DER).")
    Path sig;

    @Option(names = "-in", paramLabel = "FILE", description = "The signed data (default: standard input).")
    Path in;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        Signature verifier = Signature.getInstance("SM9", main.provider());
        verifier.initVerify(Sm9Files.readPublic(main, pubmaster));
        verifier.setParameter(new Sm9ParameterSpec(id.getBytes(StandardCharsets.UTF_8), Sm9ParameterSpec.HID_SIGN));
        InputOutputOptions io = new InputOutputOptions();
        io.in = in;
        try (InputStream input = io.openInput(main)) {
            byte[] buffer = new byte[8192];
            for (int n; (n = input.read(buffer)) > 0; ) {
                verifier.update(buffer, 0, n);
            }
        }
        boolean valid = verifier.verify(InputOutputOptions.read(main, sig));
        PrintWriter out = spec.commandLine().getOut();
        out.println(valid ? "sm9verify success" : "sm9verify failure");
        out.flush();
        return valid ? 0 : 1;
    }
}
