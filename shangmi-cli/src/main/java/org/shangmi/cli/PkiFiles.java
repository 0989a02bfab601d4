package org.shangmi.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.shangmi.cli.pki.Pem;
import org.shangmi.provider.spec.Sm2SignatureSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** What the PKI commands share: reading certificates and CRLs, the SM2 ID options, serials and output forms. */
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
            throw new GeneralSecurityException(name(file) + ": not a " + what + " (" + e.getMessage() + ")", e);
        }
        if (objects.isEmpty()) {
            throw new GeneralSecurityException(name(file) + ": no " + what + " in it");
        }
        return objects;
    }

    private static String name(Path file) {
        return file == null ? "standard input" : file.toString();
    }

    /**
     * The SM2 ID of an OpenSSL {@code -sigopt} or {@code -vfyopt} value ({@code distid:ID}), or the
     * GM/T 0015 default when there is none.
     *
     * @throws ParameterException if the option is not of that form
     */
    static byte[] distinguishingId(CommandSpec spec, String option, String name) {
        if (option == null) {
            return Sm2SignatureSpec.defaultId();
        }
        if (!option.startsWith("distid:")) {
            throw new ParameterException(spec.commandLine(), name + " takes distid:ID (the SM2 ID), not " + option);
        }
        return option.substring("distid:".length()).getBytes(StandardCharsets.UTF_8);
    }

    /** SM3withSM2 with the ID, from the command's provider. */
    static Signature sm3WithSm2(Main main, byte[] id) throws GeneralSecurityException {
        Signature signature = Signature.getInstance("SM3withSM2", main.provider());
        signature.setParameter(new Sm2SignatureSpec(id));
        return signature;
    }

    /**
     * A serial number from {@code -set_serial} (decimal, or hex after 0x; positive, at most 20
     * bytes), or 159 random bits, as OpenSSL chooses.
     *
     * @throws ParameterException if the option is not such a number
     */
    static BigInteger serial(CommandSpec spec, String option) {
        if (option == null) {
            return new BigInteger(159, new SecureRandom()).setBit(0);
        }
        BigInteger serial = null;
        try {
            String lower = option.toLowerCase(Locale.ROOT);
            serial = lower.startsWith("0x") ? new BigInteger(option.substring(2), 16) : new BigInteger(option);
        } catch (NumberFormatException e) {
            // refused below
        }
        if (serial == null || serial.signum() <= 0 || serial.bitLength() > 159) {
            throw new ParameterException(spec.commandLine(), "-set_serial takes a positive number of at most 20 bytes "
                    + "(decimal, or hex after 0x), not " + option);
        }
        return serial;
    }

    /** @throws ParameterException unless {@code days} is positive */
    static int days(CommandSpec spec, int days) {
        if (days < 1) {
            throw new ParameterException(spec.commandLine(), "-days must be at least 1, not " + days);
        }
        return days;
    }

    /** Writes DER, or PEM with {@code label} unless the form is DER. */
    static byte[] encoded(String outform, String label, byte[] der) {
        return isDer(outform) ? der : Pem.encode(label, der).getBytes(StandardCharsets.US_ASCII);
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
