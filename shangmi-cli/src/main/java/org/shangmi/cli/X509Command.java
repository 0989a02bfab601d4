package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.shangmi.pki.CertificateBuilder;
import org.shangmi.pki.CertificationRequest;
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
 * {@code shangmi x509}: prints and converts certificates, and with {@code -req} issues one from a
 * certificate request, signed with SM3withSM2 by a CA key and certificate, like {@code openssl x509}.
 */
@Command(name = "x509", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print or convert a certificate, or with -req issue one from a request, signed by a CA.",
            "Example:",
            "  shangmi x509 -req -in req.pem -CA ca.pem -CAkey ca.key -days 365 \\",
            "      -addext keyUsage=critical,digitalSignature -out cert.pem"})
final class X509Command implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Mixin
    DeviceKeys.SdfOption sdf;

    @Spec
    CommandSpec spec;

    @Option(names = "-in", paramLabel = "FILE", description = "The certificate (with -req, the request) (default: standard input).")
    Path in;

    @Option(names = "-req", description = "The input is a certificate request: issue a certificate for it.")
    boolean request;

    @Option(names = "-CA", paramLabel = "FILE", description = "With -req, the issuer's certificate.")
    Path caFile;

    @Option(names = "-CAkey", paramLabel = "FILE", description = "With -req, the issuer's SM2 private key.")
    Path caKeyFile;

    @Option(names = "-extfile", paramLabel = "FILE", description = "With -req, extensions from this OpenSSL-style file...")
    Path extensionFile;

    @Option(names = "-extensions", paramLabel = "SECTION", description = "...in this section (default: the lines before any section).")
    String extensionSection;

    @Option(names = "-addext", paramLabel = "EXT", description = "With -req, an extension, as name = value (after -extfile's). Repeatable.")
    List<String> addedExtensions = new ArrayList<>();

    @Option(names = "-copy_extensions", paramLabel = "none|copy", defaultValue = "none",
            description = "With -req, copy the extensions the request asks for (those not set by -extfile or -addext).")
    String copyExtensions;

    @Option(names = "-issuer", description = "Print the issuer.")
    boolean printIssuer;

    @Option(names = "-serial", description = "Print the serial number.")
    boolean printSerial;

    @Option(names = "-dates", description = "Print the validity dates.")
    boolean printDates;

    @Option(names = "-fingerprint", description = "Print the SM3 fingerprint of the DER.")
    boolean printFingerprint;

    @Mixin
    SigningOptions signing;

    @Mixin
    PkiOutputOptions output;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        main.installedFirst();
        output.checkForm(spec);
        X509Certificate certificate = request ? issue() : PkiFiles.certificate(main, in);
        output.write(main, printed(certificate), "CERTIFICATE", certificate.getEncoded());
        return 0;
    }

    private String printed(X509Certificate certificate) throws GeneralSecurityException {
        StringBuilder printed = new StringBuilder();
        if (output.subject) {
            printed.append("subject=").append(Names.oneLine(certificate.getSubjectX500Principal())).append('\n');
        }
        if (printIssuer) {
            printed.append("issuer=").append(Names.oneLine(certificate.getIssuerX500Principal())).append('\n');
        }
        if (printSerial) {
            String serial = certificate.getSerialNumber().toString(16).toUpperCase(Locale.ROOT);
            printed.append("serial=").append(serial.length() % 2 == 0 ? serial : "0" + serial).append('\n'); // whole bytes
        }
        if (printDates) {
            printed.append("notBefore=").append(PkiText.date(certificate.getNotBefore())).append('\n');
            printed.append("notAfter=").append(PkiText.date(certificate.getNotAfter())).append('\n');
        }
        if (printFingerprint) {
            byte[] digest = MessageDigest.getInstance("SM3", main.provider()).digest(certificate.getEncoded());
            printed.append("SM3 Fingerprint=").append(HexFormat.ofDelimiter(":").withUpperCase().formatHex(digest)).append('\n');
        }
        if (output.publicKey) {
            printed.append(Pem.encode("PUBLIC KEY", certificate.getPublicKey().getEncoded()));
        }
        if (output.text) {
            printed.append(PkiText.certificate(certificate));
        }
        return printed.toString();
    }

    /** The certificate for the request in -in: its self-signature checked, issued by -CA with -CAkey. */
    private X509Certificate issue() throws GeneralSecurityException, IOException {
        if (caFile == null || caKeyFile == null) {
            throw new ParameterException(spec.commandLine(), "-req needs the issuer: -CA and -CAkey");
        }
        CertificationRequest csr;
        try {
            csr = CertificationRequest.parse(Pem.derOf(InputOutputOptions.read(main, in), "CERTIFICATE REQUEST",
                    "NEW CERTIFICATE REQUEST"));
        } catch (IllegalArgumentException e) {
            throw new GeneralSecurityException((in == null ? "standard input" : in) + ": " + e.getMessage(), e);
        }
        PublicKey subjectKey = KeyFactory.getInstance("SM2", main.provider())
                .generatePublic(new X509EncodedKeySpec(csr.publicKeyInfo()));
        if (!csr.signedWithSm3WithSm2() || !csr.verify(signing.verifier(main, spec, subjectKey))) {
            throw new GeneralSecurityException("the request's self-signature does not verify"
                    + (!signing.verifyingIdGiven() ? " with the default SM2 ID (a request from OpenSSL 3.0 made without "
                    + "-sigopt distid:1234567812345678 has an empty ID: try -vfyopt distid:)" : ""));
        }
        X509Certificate ca = PkiFiles.certificate(main, caFile);
        PrivateKey caKey = KeyFiles.readPrivate(main, caKeyFile);
        if (!java.util.Arrays.equals(DeviceKeys.publicKey(caKey).getEncoded(), ca.getPublicKey().getEncoded())) {
            throw new GeneralSecurityException(caKeyFile + " is not the key of " + caFile);
        }
        Extensions extensions = new Extensions();
        try {
            if (extensionFile != null) {
                extensions.addSection(extensionFile, extensionSection);
            } else if (extensionSection != null) {
                throw new ParameterException(spec.commandLine(), "-extensions names a section of -extfile");
            }
            addedExtensions.forEach(extensions::add);
            if (copyExtensions.equalsIgnoreCase("copy")) {
                extensions.addRequested(csr);
            } else if (!copyExtensions.equalsIgnoreCase("none") && !copyExtensions.equalsIgnoreCase("copy")) {
                throw new ParameterException(spec.commandLine(), "-copy_extensions is none or copy, not " + copyExtensions);
            }
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        // as OpenSSL 3 does, key identifiers unless the extensions say otherwise
        extensions.addDefault("subjectKeyIdentifier = hash").addDefault("authorityKeyIdentifier = keyid");
        Signature signer = signing.signer(main, spec, caKey);
        byte[] issued = new CertificateBuilder().serial(signing.serial(spec)).issuer(ca).subject(csr.subject())
                .publicKey(subjectKey).validity(Instant.now(), signing.days(spec)).extensions(extensions).signDer(signer);
        return PkiFiles.parse(issued);
    }
}
