package org.shangmi.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.shangmi.pki.CrlBuilder;
import org.shangmi.provider.Sm2PrivateKey;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi crl}: with {@code -gencrl}, a CRL signed with SM3withSM2 by a CA key and
 * certificate, revoking the certificates given (what {@code openssl ca -gencrl} does with a
 * database and a configuration file); otherwise reads a CRL and prints or converts it, like
 * {@code openssl crl}.
 */
@Command(name = "crl", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Make a CRL signed by a CA (-gencrl), or print or convert one.",
            "Example:",
            "  shangmi crl -gencrl -CA ca.pem -CAkey ca.key -revoke leaf.pem -crlnumber 2 \\",
            "      -out ca.crl"})
final class CrlCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Spec
    CommandSpec spec;

    @Option(names = "-gencrl", description = "Make a CRL issued by -CA, signed with -CAkey.")
    boolean generate;

    @Option(names = "-CA", paramLabel = "FILE", description = "With -gencrl, the issuer's certificate.")
    Path caFile;

    @Option(names = "-CAkey", paramLabel = "FILE", description = "With -gencrl, the issuer's SM2 private key.")
    Path caKeyFile;

    @Option(names = "-revoke", paramLabel = "CERT", description = "With -gencrl, a certificate to list as revoked, now. "
            + "Repeatable.")
    List<Path> revokedFiles = new ArrayList<>();

    @Option(names = "-crlnumber", paramLabel = "N", defaultValue = "1",
            description = "With -gencrl, the CRL number, which grows with each CRL (default: ${DEFAULT-VALUE}).")
    BigInteger number;

    @Option(names = "-crldays", paramLabel = "N", defaultValue = "30",
            description = "With -gencrl, days until the next CRL (default: ${DEFAULT-VALUE}).")
    int days;

    @Option(names = "-sigopt", paramLabel = "distid:ID", description = "The SM2 ID to sign with (default: 1234567812345678).")
    String signingId;

    @Option(names = "-in", paramLabel = "FILE", description = "Without -gencrl, the CRL to read (PEM or DER; default: "
            + "standard input).")
    Path in;

    @Option(names = "-text", description = "Print the CRL's issuer, dates, number and revoked serial numbers.")
    boolean text;

    @Option(names = "-noout", description = "Do not write the CRL itself.")
    boolean noout;

    @Option(names = "-out", paramLabel = "FILE", description = "Output file (default: standard output).")
    Path out;

    @Option(names = "-outform", paramLabel = "PEM|DER", description = "Output form (default: PEM).")
    String outform;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        PkiFiles.isDer(spec, "-outform", outform);
        byte[] der;
        if (generate) {
            if (in != null) {
                throw new ParameterException(spec.commandLine(), "-gencrl makes a CRL; -in reads one");
            }
            der = generate();
        } else {
            if (caFile != null || caKeyFile != null || !revokedFiles.isEmpty() || signingId != null) {
                throw new ParameterException(spec.commandLine(), "-CA, -CAkey, -revoke and -sigopt go with -gencrl");
            }
            der = PkiFiles.crls(main, in).get(0).getEncoded();
        }
        if (text) {
            PrintWriter printer = spec.commandLine().getOut();
            printer.print(describe(PkiFiles.parseCrl(der)));
            printer.flush();
        }
        if (!noout) {
            InputOutputOptions.write(main, out, PkiFiles.encoded(outform, "X509 CRL", der), false);
        }
        return 0;
    }

    private byte[] generate() throws GeneralSecurityException, IOException {
        if (caFile == null || caKeyFile == null) {
            throw new ParameterException(spec.commandLine(), "-gencrl needs the issuer: -CA and -CAkey");
        }
        if (days < 1) {
            throw new ParameterException(spec.commandLine(), "-crldays is at least 1, not " + days);
        }
        X509Certificate ca = PkiFiles.certificate(main, caFile);
        PrivateKey caKey = KeyFiles.readPrivate(main, caKeyFile);
        if (!((Sm2PrivateKey) caKey).getPublicKey().equals(ca.getPublicKey())) {
            throw new GeneralSecurityException(caKeyFile + " is not the key of " + caFile);
        }
        Instant now = Instant.now();
        CrlBuilder builder;
        try {
            builder = new CrlBuilder().issuer(ca).number(number).updates(now, now.plus(Duration.ofDays(days)));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        for (Path file : revokedFiles) {
            X509Certificate revoked = PkiFiles.certificate(main, file);
            if (!revoked.getIssuerX500Principal().equals(ca.getSubjectX500Principal())) {
                throw new GeneralSecurityException(file + " was not issued by " + caFile + " (its issuer is "
                        + revoked.getIssuerX500Principal().getName() + ")");
            }
            builder.revoke(revoked.getSerialNumber(), now);
        }
        Signature signer = SignCommand.signature(main, false, signingId == null ? "1234567812345678" : distinguishingId());
        signer.initSign(caKey);
        return builder.signDer(signer);
    }

    private String distinguishingId() {
        if (!signingId.startsWith("distid:")) {
            throw new ParameterException(spec.commandLine(), "-sigopt takes distid:ID, not " + signingId);
        }
        return signingId.substring("distid:".length());
    }

    private static String describe(X509CRL crl) {
        StringBuilder text = new StringBuilder();
        text.append("Issuer: ").append(crl.getIssuerX500Principal().getName()).append('\n');
        text.append("Last Update: ").append(crl.getThisUpdate().toInstant()).append('\n');
        text.append("Next Update: ").append(crl.getNextUpdate() == null ? "none" : crl.getNextUpdate().toInstant()).append('\n');
        text.append("Signature Algorithm: ").append(crl.getSigAlgName()).append('\n');
        if (crl.getRevokedCertificates() == null) {
            text.append("No Revoked Certificates.\n");
        } else {
            text.append("Revoked Certificates:\n");
            for (X509CRLEntry entry : crl.getRevokedCertificates()) {
                text.append("    Serial Number: ").append(entry.getSerialNumber().toString(16).toUpperCase(java.util.Locale.ROOT))
                        .append("\n        Revocation Date: ").append(entry.getRevocationDate().toInstant()).append('\n');
            }
        }
        return text.toString();
    }
}
