package org.shangmi.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/** What the PKI commands share: reading certificates and CRLs, and the PEM and DER forms. */
final class PkiFiles {

    private PkiFiles() {
    }

    /** Every certificate in a file: PEM (any number of blocks) or one DER certificate. */
    static List<X509Certificate> certificates(Main main, Path file) throws IOException, GeneralSecurityException {
        return readAll(main, file, "certificate",
                (factory, der) -> (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)),
                "CERTIFICATE", "TRUSTED CERTIFICATE", "X509 CERTIFICATE");
    }

    /** A DER certificate through the JDK's factory (the caller has installed the provider first). */
    static X509Certificate parse(byte[] der) throws CertificateException {
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
    }

    /** A DER CRL through the JDK's factory (the caller has installed the provider first). */
    static X509CRL parseCrl(byte[] der) throws java.security.cert.CRLException, CertificateException {
        return (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(new ByteArrayInputStream(der));
    }

    static X509Certificate certificate(Main main, Path file) throws IOException, GeneralSecurityException {
        return certificates(main, file).get(0);
    }

    /** Every CRL in a file: PEM (any number of blocks) or one DER CRL. */
    static List<X509CRL> crls(Main main, Path file) throws IOException, GeneralSecurityException {
        return readAll(main, file, "CRL", (factory, der) -> (X509CRL) factory.generateCRL(new ByteArrayInputStream(der)),
                "X509 CRL");
    }

    private interface Parser<T> {
        T parse(CertificateFactory factory, byte[] der) throws GeneralSecurityException;
    }

    /**
     * Every object in a file, through the JDK's factory with ShangMi installed first: each PEM
     * block labelled with one of {@code labels}, or the whole file as one DER object.
     */
    private static <T> List<T> readAll(Main main, Path file, String what, Parser<T> parser, String... labels)
            throws IOException, GeneralSecurityException {
        main.installedFirst();
        byte[] bytes = InputOutputOptions.read(main, file);
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        List<T> objects = new ArrayList<>();
        try {
            for (byte[] der : Pem.isPem(bytes) ? Pem.decodeAll(bytes, labels) : List.of(bytes)) {
                objects.add(parser.parse(factory, der));
            }
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new GeneralSecurityException(ProviderOrder.explain(name(file) + ": not a " + what + " (" + e.getMessage() + ")"),
                    e);
        }
        if (objects.isEmpty()) {
            throw new GeneralSecurityException(name(file) + ": no " + what + " in it");
        }
        return objects;
    }

    private static String name(Path file) {
        return file == null ? "standard input" : file.toString();
    }

    /** Writes DER, or PEM with {@code label} unless the form is DER. */
    static byte[] encoded(String outform, String label, byte[] der) {
        return isDer(outform) ? der : Pem.encode(label, der).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * {@link #isDer(String)} for a command's option: a value that is neither PEM nor DER is a usage
     * error naming the option.
     */
    static boolean isDer(picocli.CommandLine.Model.CommandSpec spec, String option, String form) {
        try {
            return isDer(form);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    /** Whether an {@code -outform}/{@code -inform} value is DER; PEM (the default) otherwise. */
    static boolean isDer(String form) {
        if (form == null || form.equalsIgnoreCase("PEM")) {
            return false;
        }
        if (form.equalsIgnoreCase("DER")) {
            return true;
        }
        throw new IllegalArgumentException("a form is PEM or DER, not " + form);
    }
}
