package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import javax.security.auth.x500.X500Principal;
import org.shangmi.pki.CertificateBuilder;
import org.shangmi.pki.CertificationRequest;
import org.shangmi.pki.CsrBuilder;
import org.shangmi.pki.Extensions;
import org.shangmi.pki.Names;
import org.shangmi.pki.PkiText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi req}: PKCS#10 certificate requests signed with SM3withSM2, and self-signed CA
 * certificates ({@code -x509}), like {@code openssl req}; or, with {@code -in}, a request read,
 * checked and printed. Signatures use the GM/T 0015 default ID unless {@code -sigopt distid:ID}
 * (or {@code -vfyopt}) says otherwise.
 */
@Command(name = "req", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Make an SM2 certificate request (or with -x509 a self-signed CA certificate), or read one with -in.",
            "Example:",
            "  shangmi req -new -key key.pem -subj /C=CN/O=Example/CN=example.com \\",
            "      -out req.pem"})
final class ReqCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Mixin
    DeviceKeys.SdfOption sdf;

    @Spec
    CommandSpec spec;

    @Option(names = "-new", description = "Make a new request (the default unless -in is given).")
    boolean makeNew;

    @Option(names = "-key", paramLabel = "FILE", description = "The SM2 private key that signs the new request.")
    Path keyFile;

    @Option(names = "-subj", paramLabel = "NAME", description = "The subject, as /C=CN/O=Org/CN=Name.")
    String subject;

    @Option(names = "-addext", paramLabel = "EXT", description = "An extension to request (or, with -x509, to include), "
            + "as name = value: basicConstraints, keyUsage, extendedKeyUsage, subjectAltName, subjectKeyIdentifier, "
            + "authorityKeyIdentifier. Repeatable.")
    List<String> addedExtensions = new ArrayList<>();

    @Option(names = "-x509", description = "Write a self-signed certificate instead of a request "
            + "(a CA: basicConstraints critical CA:TRUE and key identifiers unless -addext says otherwise).")
    boolean x509;

    @Option(names = "-in", paramLabel = "FILE", description = "Read this request instead of making one.")
    Path in;

    @Option(names = "-verify", description = "With -in, check the request's self-signature.")
    boolean verify;

    @Mixin
    SigningOptions signing;

    @Mixin
    PkiOutputOptions output;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        main.installedFirst();
        output.checkForm(spec);
        if (in != null) {
            if (makeNew || keyFile != null || subject != null || x509 || !addedExtensions.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "-in reads a request; -new, -key, -subj, -addext and -x509 make one");
            }
            return read();
        }
        if (keyFile == null || subject == null) {
            throw new ParameterException(spec.commandLine(), "a new request needs -key and -subj (or -in to read one)");
        }
        if (verify || signing.verifyingIdGiven()) {
            throw new ParameterException(spec.commandLine(), "-verify and -vfyopt apply to a request read with -in");
        }
        PrivateKey key = KeyFiles.readPrivate(main, keyFile);
        PublicKey publicKey = DeviceKeys.publicKey(key);
        X500Principal name;
        Extensions extensions = new Extensions();
        try {
            name = Names.parse(subject);
            addedExtensions.forEach(extensions::add);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Signature signer = signing.signer(main, spec, key);
        if (x509) {
            extensions.addDefault("basicConstraints = critical,CA:TRUE").addDefault("subjectKeyIdentifier = hash")
                    .addDefault("authorityKeyIdentifier = keyid");
            byte[] certificate = new CertificateBuilder().serial(signing.serial(spec)).subject(name).issuer(name, publicKey)
                    .publicKey(publicKey).validity(Instant.now(), signing.days(spec)).extensions(extensions).signDer(signer);
            output.write(main, output.text ? PkiText.certificate(PkiFiles.parse(certificate)) : "", "CERTIFICATE", certificate);
            return 0;
        }
        byte[] request = new CsrBuilder().subject(name).publicKey(publicKey).extensions(extensions).signDer(signer);
        output.write(main, output.text ? PkiText.request(CertificationRequest.parse(request), publicKey) : "",
                "CERTIFICATE REQUEST", request);
        return 0;
    }

    private int read() throws GeneralSecurityException, IOException {
        CertificationRequest request;
        try {
            request = CertificationRequest.parse(Pem.derOf(InputOutputOptions.read(main, in), "CERTIFICATE REQUEST",
                    "NEW CERTIFICATE REQUEST"));
        } catch (IllegalArgumentException e) {
            throw new GeneralSecurityException(in + ": " + e.getMessage(), e);
        }
        PublicKey key = KeyFactory.getInstance("SM2", main.provider()).generatePublic(new X509EncodedKeySpec(request.publicKeyInfo()));
        StringBuilder printed = new StringBuilder();
        if (output.subject) {
            printed.append("subject=").append(Names.oneLine(request.subject())).append('\n');
        }
        if (output.publicKey) {
            printed.append(Pem.encode("PUBLIC KEY", key.getEncoded()));
        }
        if (output.text) {
            printed.append(PkiText.request(request, key));
        }
        int status = 0;
        if (verify) {
            boolean valid = request.signedWithSm3WithSm2() && request.verify(signing.verifier(main, spec, key));
            // openssl reports this on standard error
            main.stderr().println(valid ? "Certificate request self-signature verify OK"
                    : "Certificate request self-signature verify failure");
            main.stderr().flush();
            status = valid ? 0 : Main.EXIT_FAILURE;
        }
        output.write(main, printed.toString(), "CERTIFICATE REQUEST", request.encoded());
        return status;
    }
}
