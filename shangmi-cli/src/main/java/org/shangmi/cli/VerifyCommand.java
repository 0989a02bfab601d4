package org.shangmi.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertPathValidatorException.BasicReason;
import java.security.cert.CertStore;
import java.security.cert.CertificateFactory;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXParameters;
import java.security.cert.PKIXReason;
import java.security.cert.PKIXRevocationChecker;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CRL;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.shangmi.pki.Names;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi verify}: checks an SM3withSM2 signature (prints "Verified OK" or "Verification
 * failure", exit 1), or with {@code -CAfile} certificates against trusted CAs, like
 * {@code openssl verify}: prints "FILE: OK", or why not (exit 1).
 */
@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Verify an SM3withSM2 signature of the input, or with -CAfile certificate chains.",
            "Examples:",
            "  shangmi verify -pubkey pub.pem -signature sig.der -in data",
            "  shangmi verify -CAfile root.pem -untrusted inter.pem -CRLfile crl.pem \\",
            "      leaf.pem"})
final class VerifyCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    /** For a -pubkey file that is an encrypted private key. */
    @Mixin
    Passwords.PassinOption passin;

    @Option(names = "-in", paramLabel = "FILE", description = "The signed data (default: standard input).")
    Path in;

    @Option(names = "-pubkey", paramLabel = "FILE", description = "The public key file (any form; a private key file or a "
            + "certificate works too).")
    Path keyFile;

    @Option(names = "-certin", description = "The -pubkey file is a certificate (accepted without it too), as in openssl.")
    boolean certificateIn;

    @Option(names = "-signature", paramLabel = "FILE", description = "The signature file.")
    Path signatureFile;

    @Option(names = "-id", paramLabel = "ID", defaultValue = "1234567812345678",
            description = "The signer's ID (default: ${DEFAULT-VALUE}).")
    String id;

    @Option(names = "-raw", description = "The signature is r||s (64 bytes) instead of DER.")
    boolean raw;

    @Option(names = "-CAfile", paramLabel = "FILE", description = "Verify certificates: the trusted CA certificates (PEM).")
    Path caFile;

    @Option(names = "-untrusted", paramLabel = "FILE", description = "Intermediate CA certificates to build chains with (PEM).")
    List<Path> untrustedFiles = new ArrayList<>();

    @Option(names = "-CRLfile", paramLabel = "FILE", description = "CRLs (PEM or DER); given any, the certificate checked "
            + "is checked for revocation. Repeatable.")
    List<Path> crlFiles = new ArrayList<>();

    @Option(names = "-crl_check_all", description = "Check every certificate of the chain for revocation, not only the first.")
    boolean crlCheckAll;

    @Option(names = "-attime", paramLabel = "SECONDS", description = "Verify at this time (seconds since 1970) instead of now.")
    Long atTime;

    @Parameters(paramLabel = "CERT", description = "With -CAfile, the certificates to verify.")
    List<Path> certificateFiles = new ArrayList<>();

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        if (caFile != null) {
            if (keyFile != null || signatureFile != null || in != null || raw || passin.source != null) {
                throw new ParameterException(spec.commandLine(), "-CAfile verifies certificates; -pubkey, -signature, -in, "
                        + "-raw and -passin verify a signature");
            }
            if (certificateFiles.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "-CAfile needs the certificates to verify");
            }
            return verifyCertificates();
        }
        if (keyFile == null || signatureFile == null) {
            throw new ParameterException(spec.commandLine(), "verify needs -pubkey and -signature (or -CAfile and certificates)");
        }
        if (!certificateFiles.isEmpty() || !untrustedFiles.isEmpty() || !crlFiles.isEmpty() || crlCheckAll || atTime != null) {
            throw new ParameterException(spec.commandLine(), "certificates, -untrusted, -CRLfile, -crl_check_all and -attime "
                    + "go with -CAfile");
        }
        PublicKey key = KeyFiles.readPublic(main, keyFile, certificateIn);
        byte[] data = InputOutputOptions.read(main, in);
        byte[] signature = InputOutputOptions.read(main, signatureFile);
        boolean valid = verifies(key, id, data, signature);
        PrintWriter out = spec.commandLine().getOut();
        out.println(valid ? "Verified OK" : "Verification failure");
        out.flush();
        if (!valid && !id.isEmpty()) {
            // the usual cause: OpenSSL 3.0's dgst signs with an empty ID unless given one
            main.stderr().println(verifies(key, "", data, signature)
                    ? spec.qualifiedName() + ": " + emptyIdNote("the signature", "OpenSSL 3.0's dgst signs") + ": use -id ''"
                    : spec.qualifiedName() + ": the data, key or signature differ from the signer's, or the signer used another SM2 ID "
                            + "than " + id + " (-id)");
        }
        return valid ? 0 : Main.EXIT_FAILURE;
    }

    private boolean verifies(PublicKey key, String signerId, byte[] data, byte[] signature) throws GeneralSecurityException {
        Signature verifier = SignCommand.signature(main, raw, signerId);
        verifier.initVerify(key);
        verifier.update(data);
        return verifier.verify(signature);
    }

    /** Says that a signature which failed with the ID given verifies with an empty one, as {@code signer} signs by default. */
    private static String emptyIdNote(String signature, String signer) {
        return signature + " verifies with an empty SM2 ID (" + signer + " so unless given -sigopt distid:ID)";
    }

    private int verifyCertificates() throws GeneralSecurityException, IOException {
        List<X509Certificate> anchors = PkiFiles.certificates(main, caFile);
        List<X509Certificate> untrusted = new ArrayList<>();
        for (Path file : untrustedFiles) {
            untrusted.addAll(PkiFiles.certificates(main, file));
        }
        List<X509CRL> crls = new ArrayList<>();
        for (Path file : crlFiles) {
            crls.addAll(PkiFiles.crls(main, file));
        }
        PrintWriter out = spec.commandLine().getOut();
        int status = 0;
        for (Path file : certificateFiles) {
            X509Certificate target = PkiFiles.certificate(main, file);
            String failure = check(file, target, anchors, untrusted, crls);
            out.println(failure == null ? file + ": OK" : file + ": verification failed: " + failure);
            status = failure == null ? status : Main.EXIT_FAILURE;
        }
        out.flush();
        return status;
    }

    /** Why the certificate does not verify, or null if it does. */
    private String check(Path file, X509Certificate target, List<X509Certificate> anchors, List<X509Certificate> untrusted,
            List<X509CRL> crls) throws GeneralSecurityException {
        Date at = atTime == null ? null : new Date(atTime * 1000);
        // the path from the target up to a trust anchor's child, by names, preferring issuers whose
        // keys verify; where only a name matches, PKIX validation below says what is wrong
        List<X509Certificate> path = new ArrayList<>();
        X509Certificate current = target;
        X509Certificate anchor;
        while (true) {
            path.add(current);
            if (path.size() > MAX_PATH) {
                return "certificate chain too long";
            }
            anchor = issuerOf(current, anchors, List.of());
            if (anchor != null && signs(anchor, current)) {
                break;
            }
            X509Certificate next = issuerOf(current, untrusted, path);
            if (next != null && signs(next, current) || anchor == null && next != null) {
                current = next;
            } else if (anchor != null) {
                break;
            } else {
                return "unable to get local issuer certificate (" + subject(current) + ")";
            }
        }
        String anchorFailure = anchorFailure(anchor, path, at);
        if (anchorFailure != null) {
            return anchorFailure;
        }
        // the JDK's PKIX refuses an anchor given with name constraints and ignores those of one given
        // without: a self-signed anchor that has them is also validated as the path's top certificate,
        // so that its constraints apply to the certificates below it, as openssl applies them
        List<X509Certificate> validated = path;
        if (anchor.getExtensionValue(NAME_CONSTRAINTS) != null && !path.contains(anchor)) {
            if (!selfIssued(anchor) || !signs(anchor, anchor)) {
                return "name constraints of a trust anchor that is not self-signed are not supported ("
                        + subject(anchor) + ", depth " + path.size() + ")";
            }
            validated = new ArrayList<>(path);
            validated.add(anchor);
        }
        PKIXParameters parameters = new PKIXParameters(Set.of(new TrustAnchor(anchor, null)));
        parameters.setDate(at);
        parameters.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(crls)));
        CertPathValidator validator = CertPathValidator.getInstance("PKIX");
        if (crls.isEmpty()) {
            parameters.setRevocationEnabled(false);
        } else {
            PKIXRevocationChecker revocation = (PKIXRevocationChecker) validator.getRevocationChecker();
            EnumSet<PKIXRevocationChecker.Option> options = EnumSet.of(PKIXRevocationChecker.Option.PREFER_CRLS,
                    PKIXRevocationChecker.Option.NO_FALLBACK);
            if (!crlCheckAll) {
                options.add(PKIXRevocationChecker.Option.ONLY_END_ENTITY);
            }
            revocation.setOptions(options);
            parameters.addCertPathChecker(revocation);
        }
        try {
            validator.validate(CertificateFactory.getInstance("X.509").generateCertPath(validated), parameters);
            return null;
        } catch (CertPathValidatorException e) {
            int index = e.getIndex();
            String where = index >= 0 && index < validated.size() ? " (" + subject(validated.get(index)) + ", depth " + index + ")" : "";
            if (e.getReason() == BasicReason.INVALID_SIGNATURE && !where.isEmpty()) {
                X509Certificate signed = path.get(index);
                if (signsWithEmptyId(index + 1 < path.size() ? path.get(index + 1) : anchor, signed)) {
                    main.stderr().println(spec.qualifiedName() + ": " + file + ": " + emptyIdNote("the signature of "
                            + subject(signed) + " (depth " + index + ")", "OpenSSL 3.0 signs certificates")
                            + ": reissue it with -sigopt distid:1234567812345678 (the default ID, which verify uses)");
                }
            }
            return reason(e) + where;
        }
    }

    /**
     * What openssl finds wrong with the trust anchor as the issuer at the top of the path (not a
     * CA, its path length exceeded, outside its dates at the time of verification), or null.
     * The JDK's PKIX takes an anchor as a bare name and key and never reads its extensions, so
     * without this a pinned end-entity certificate would vouch for whatever its key signs.
     */
    private static String anchorFailure(X509Certificate anchor, List<X509Certificate> path, Date at) {
        if (path.size() == 1 && path.get(0).equals(anchor)) {
            return null; // the certificate itself is trusted: it issues nothing here
        }
        String where = " (" + subject(anchor) + ", depth " + path.size() + ")";
        boolean[] usage = anchor.getKeyUsage();
        boolean certSign = usage == null || usage.length > 5 && usage[5];
        int pathLength = anchor.getBasicConstraints();
        // openssl's check_ca, for the top of a chain: basicConstraints CA:TRUE, or without that
        // extension a self-issued version 1 certificate or a keyUsage with keyCertSign
        boolean ca = pathLength >= 0 || anchor.getExtensionValue(BASIC_CONSTRAINTS) == null
                && (anchor.getVersion() == 1 && selfIssued(anchor) || usage != null);
        if (!ca || !certSign) {
            return "invalid CA certificate" + where;
        }
        long intermediates = path.stream().skip(1).filter(c -> !selfIssued(c)).count();
        if (pathLength >= 0 && intermediates > pathLength) {
            return "path length constraint exceeded" + where;
        }
        // openssl checks the anchor's dates too, before those of the certificates below it
        try {
            anchor.checkValidity(at == null ? new Date() : at);
        } catch (CertificateExpiredException e) {
            return REASONS.get(BasicReason.EXPIRED) + where;
        } catch (CertificateNotYetValidException e) {
            return REASONS.get(BasicReason.NOT_YET_VALID) + where;
        }
        return null;
    }

    private static boolean selfIssued(X509Certificate certificate) {
        return certificate.getSubjectX500Principal().equals(certificate.getIssuerX500Principal());
    }

    /** Whether the issuer's key verifies the certificate's SM3withSM2 signature with an empty SM2 ID. */
    private boolean signsWithEmptyId(X509Certificate issuer, X509Certificate certificate) {
        try {
            return SM3_WITH_SM2.equals(certificate.getSigAlgOID())
                    && verifies(issuer.getPublicKey(), "", certificate.getTBSCertificate(), certificate.getSignature());
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /**
     * The candidate named as the certificate's issuer, preferring one whose key verifies its
     * signature (names can repeat), and skipping those already on the path; null if none is named.
     */
    private static X509Certificate issuerOf(X509Certificate certificate, List<X509Certificate> candidates,
            List<X509Certificate> path) {
        X509Certificate named = null;
        for (X509Certificate candidate : candidates) {
            if (path.contains(candidate) || !candidate.getSubjectX500Principal().equals(certificate.getIssuerX500Principal())) {
                continue;
            }
            if (signs(candidate, certificate)) {
                return candidate;
            }
            named = named == null ? candidate : named;
        }
        return named;
    }

    private static boolean signs(X509Certificate issuer, X509Certificate certificate) {
        try {
            certificate.verify(issuer.getPublicKey());
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static String subject(X509Certificate certificate) {
        return Names.oneLine(certificate.getSubjectX500Principal());
    }

    private static final int MAX_PATH = 16;

    private static final String BASIC_CONSTRAINTS = "2.5.29.19";

    private static final String NAME_CONSTRAINTS = "2.5.29.30";

    private static final String SM3_WITH_SM2 = "1.2.156.10197.1.501";

    private static final Map<CertPathValidatorException.Reason, String> REASONS = Map.ofEntries(
            Map.entry(BasicReason.INVALID_SIGNATURE, "certificate signature failure"),
            Map.entry(BasicReason.EXPIRED, "certificate has expired"),
            Map.entry(BasicReason.NOT_YET_VALID, "certificate is not yet valid"),
            Map.entry(BasicReason.REVOKED, "certificate revoked"),
            Map.entry(BasicReason.UNDETERMINED_REVOCATION_STATUS, "unable to get certificate CRL"),
            Map.entry(PKIXReason.NO_TRUST_ANCHOR, "unable to get local issuer certificate"),
            Map.entry(PKIXReason.INVALID_KEY_USAGE, "key usage does not include certificate signing"),
            Map.entry(PKIXReason.NOT_CA_CERT, "invalid CA certificate"),
            Map.entry(PKIXReason.INVALID_NAME, "name constraints violation (a permitted or excluded subtree)"),
            Map.entry(PKIXReason.PATH_TOO_LONG, "path length constraint exceeded"),
            Map.entry(PKIXReason.UNRECOGNIZED_CRIT_EXT, "unsupported critical extension"));

    private static String reason(CertPathValidatorException e) {
        String known = knownReason(e);
        return known != null ? known : e.getMessage();
    }

    /** openssl's words for the reason of the failure, or null for a reason without them. */
    static String knownReason(CertPathValidatorException e) {
        return REASONS.get(e.getReason());
    }
}
