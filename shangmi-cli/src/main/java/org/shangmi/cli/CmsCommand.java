package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.SignatureException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.shangmi.cms.CmsEnveloper;
import org.shangmi.cms.CmsException;
import org.shangmi.cms.CmsPem;
import org.shangmi.cms.CmsProfile;
import org.shangmi.cms.CmsSigner;
import org.shangmi.cms.CmsText;
import org.shangmi.cms.EnvelopedMessage;
import org.shangmi.cms.SignedMessage;
import org.shangmi.cms.VerifiedSigner;
import org.shangmi.provider.spec.Sm2SignatureSpec;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi cms}: signed and enveloped messages with SM2, SM3 and SM4, with the options of
 * {@code openssl cms}; {@code -profile} chooses the object identifiers written (every profile is
 * read), or with {@code -verify} the one form accepted. A failed verification says under which
 * profile the message would verify, if another one does.
 */
@Command(name = "cms", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sign, verify, encrypt or decrypt CMS messages (RFC 5652, GM/T 0010) with SM2, SM3 and SM4.",
            "Examples:",
            "  shangmi cms -sign -in data -signer cert.pem -inkey key.pem -nodetach \\",
            "      -out msg.pem",
            "  shangmi cms -verify -in msg.pem -CAfile root.pem -out data",
            "  shangmi cms -encrypt -in data -recip cert.pem -out msg.pem",
            "  shangmi cms -decrypt -in msg.pem -recip cert.pem -inkey key.pem -out data",
            "  shangmi cms -cmsout -print -in msg.pem"})
final class CmsCommand implements Callable<Integer> {

    static final class Operation {
        @Option(names = "-sign", required = true, description = "Sign the input.")
        boolean sign;

        @Option(names = "-verify", required = true, description = "Verify a signed message; write its content.")
        boolean verify;

        @Option(names = "-encrypt", required = true, description = "Encrypt the input for the -recip certificates.")
        boolean encrypt;

        @Option(names = "-decrypt", required = true, description = "Decrypt an enveloped message with -recip and -inkey.")
        boolean decrypt;

        @Option(names = "-cmsout", required = true, description = "Read a message and write it again (with -print, as text).")
        boolean cmsout;
    }

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Mixin
    DeviceKeys.SdfOption sdf;

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Operation operation;

    @Option(names = "-in", paramLabel = "FILE", description = "The input (default: standard input).")
    Path in;

    @Option(names = "-out", paramLabel = "FILE", description = "The output (default: standard output).")
    Path out;

    @Option(names = "-inform", paramLabel = "PEM|DER", description = "The form of an input message (default: PEM or DER, "
            + "as the input starts).")
    String inform;

    @Option(names = "-outform", paramLabel = "PEM|DER", defaultValue = "PEM",
            description = "The form of an output message (default: ${DEFAULT-VALUE}, labelled CMS).")
    String outform;

    @Option(names = "-signer", paramLabel = "FILE", description = "With -sign, a signer's certificate; repeat with -inkey for "
            + "several signers.")
    List<Path> signerFiles = new ArrayList<>();

    @Option(names = "-inkey", paramLabel = "FILE", description = "The private key of each -signer, or of -recip with -decrypt.")
    List<Path> keyFiles = new ArrayList<>();

    @Option(names = "-recip", paramLabel = "FILE", description = "With -encrypt, a recipient's certificate (repeatable); with "
            + "-decrypt, ours.")
    List<Path> recipientFiles = new ArrayList<>();

    @Option(names = "-certfile", paramLabel = "FILE", description = "With -sign, more certificates to include; with -verify, "
            + "more to find signers and intermediates in.")
    List<Path> certificateFiles = new ArrayList<>();

    @Option(names = "-CAfile", paramLabel = "FILE", description = "With -verify, the trusted CA certificates the signers' "
            + "chains must lead to; each signer's certificate must be an end entity's whose key usage allows signing.")
    Path caFile;

    @Option(names = "-noverify", description = "With -verify, check the signatures but not the signers' certificates "
            + "(instead of -CAfile).")
    boolean noVerify;

    @Option(names = "-content", paramLabel = "FILE", description = "With -verify, the content of a detached signature.")
    Path contentFile;

    @Option(names = "-nodetach", description = "With -sign, include the content in the message (default: detached, as "
            + "openssl cms signs).")
    boolean noDetach;

    @Option(names = "-binary", description = "Accepted for openssl's sake: content is always taken byte for byte.")
    boolean binary;

    @Option(names = "-print", description = "With -cmsout, print the message's structure as text.")
    boolean print;

    @Option(names = "-profile", paramLabel = "PROFILE", defaultValue = "rfc5652",
            description = "With -sign and -encrypt, the form written (default: ${DEFAULT-VALUE}); with -verify, the one form "
                    + "accepted (default: any). rfc5652: PKCS#7 types, as OpenSSL writes; OpenSSL 3.0 reads it, and "
                    + "verifies signatures made with -id '' only. gmt0010: GM/T 0010 types; Bouncy Castle reads it, "
                    + "GmSSL and OpenSSL do not. gmssl: GM/T 0010 types in GmSSL 3's form (no signed attributes, no SM2 "
                    + "ID, key transport OID 1.2.156.10197.1.301.2); GmSSL reads this form only. Every profile is read.")
    String profileName;

    @Option(names = "-id", paramLabel = "ID", description = "The SM2 ID to sign or verify with (default: 1234567812345678 to "
            + "sign; to verify, that or the empty ID OpenSSL 3.0 signs with, or GmSSL's form). -id '' for OpenSSL 3.0.")
    String id;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        checkOptions();
        main.installedFirst();
        CmsProfile profile = profile();
        try {
            if (operation.sign) {
                return sign(profile);
            }
            if (operation.verify) {
                return verify();
            }
            if (operation.encrypt) {
                return encrypt(profile);
            }
            if (operation.decrypt) {
                return decrypt();
            }
            return cmsout();
        } catch (CmsException e) {
            main.stderr().println(spec.qualifiedName() + ": " + e.getMessage());
            return Main.EXIT_FAILURE;
        }
    }

    /** Refuses options that the operation chosen would ignore: a silent no-op hides a mistake. */
    private void checkOptions() {
        String operationName = operation.sign ? "-sign" : operation.verify ? "-verify" : operation.encrypt ? "-encrypt"
                : operation.decrypt ? "-decrypt" : "-cmsout";
        refuseUnless(operation.sign, !signerFiles.isEmpty(), "-signer", operationName);
        refuseUnless(operation.sign, noDetach, "-nodetach", operationName);
        refuseUnless(operation.sign || operation.decrypt, !keyFiles.isEmpty(), "-inkey", operationName);
        refuseUnless(operation.encrypt || operation.decrypt, !recipientFiles.isEmpty(), "-recip", operationName);
        refuseUnless(operation.sign || operation.verify, !certificateFiles.isEmpty(), "-certfile", operationName);
        refuseUnless(operation.verify, caFile != null, "-CAfile", operationName);
        refuseUnless(operation.verify, noVerify, "-noverify", operationName);
        refuseUnless(operation.verify, contentFile != null, "-content", operationName);
        refuseUnless(operation.cmsout, print, "-print", operationName);
        refuseUnless(operation.sign || operation.verify, id != null, "-id", operationName);
        refuseUnless(operation.sign || operation.encrypt || operation.verify, profileGiven(), "-profile", operationName);
        if (caFile != null && noVerify) {
            throw new ParameterException(spec.commandLine(), "-CAfile validates the signers' certificates and -noverify "
                    + "skips that: give one of them");
        }
    }

    private boolean profileGiven() {
        return spec.commandLine().getParseResult().hasMatchedOption("-profile");
    }

    private void refuseUnless(boolean applies, boolean given, String option, String operationName) {
        if (given && !applies) {
            throw new ParameterException(spec.commandLine(), option + " does not go with " + operationName);
        }
    }

    private CmsProfile profile() {
        try {
            return CmsProfile.valueOf(profileName.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "-profile is rfc5652, gmt0010 or gmssl, not " + profileName);
        }
    }

    private int sign(CmsProfile profile) throws GeneralSecurityException, IOException {
        if (signerFiles.isEmpty() || signerFiles.size() != keyFiles.size()) {
            throw new ParameterException(spec.commandLine(), "-sign needs a -signer and an -inkey for each signer");
        }
        checkGmsslWithoutId(profile);
        CmsSigner signer = new CmsSigner(profile).detached(!noDetach);
        for (int i = 0; i < signerFiles.size(); i++) {
            X509Certificate certificate = PkiFiles.certificate(main, signerFiles.get(i));
            PrivateKey key = KeyFiles.readPrivate(main, keyFiles.get(i));
            if (id == null) {
                signer.addSigner(key, certificate);
            } else {
                signer.addSigner(key, certificate, idBytes());
            }
        }
        signer.addCertificates(certificates(certificateFiles));
        byte[] message = signer.sign(InputOutputOptions.read(main, in));
        writeMessage(message);
        return 0;
    }

    private void checkGmsslWithoutId(CmsProfile profile) {
        if (profile == CmsProfile.GMSSL && id != null) {
            throw new ParameterException(spec.commandLine(), "-profile gmssl " + (operation.sign ? "signs" : "verifies")
                    + " without an SM2 ID: drop -id");
        }
    }

    private int verify() throws GeneralSecurityException, IOException {
        if (caFile == null && !noVerify) {
            throw new ParameterException(spec.commandLine(), "-verify needs -CAfile with the trusted CAs (or -noverify to check "
                    + "the signatures only)");
        }
        CmsProfile only = profileGiven() ? profile() : null;
        checkGmsslWithoutId(only);
        byte[] content = contentFile == null ? null : InputOutputOptions.read(main, contentFile);
        byte[] bytes = readMessage();
        SignedMessage message = SignedMessage.read(bytes, content);
        List<X509Certificate> more = certificates(certificateFiles);
        List<VerifiedSigner> signers;
        try {
            signers = verify(message, only, id == null ? null : idBytes(), more);
        } catch (SignatureException e) {
            String other = verifiesUnder(bytes, content, more, only);
            main.stderr().println("Verification failure: " + e.getMessage() + (other == null ? "" : "; it verifies under " + other));
            return Main.EXIT_FAILURE;
        }
        if (caFile != null) {
            List<X509Certificate> trusted = PkiFiles.certificates(main, caFile);
            for (VerifiedSigner signer : signers) {
                message.validate(signer, trusted, more);
            }
        }
        for (VerifiedSigner signer : signers) {
            main.stderr().println("signer " + signer.certificate().getSubjectX500Principal().getName() + ": " + signer.form());
        }
        main.stderr().println("Verification successful");
        InputOutputOptions.write(main, out, message.content(), false);
        return 0;
    }

    /**
     * Verifies every signer in the forms {@code profile} allows (null: every form) with the SM2
     * ID given, or without one the default ID and OpenSSL 3.0's empty one.
     *
     * @throws SignatureException if a signer does not verify, or the message's content types are
     *     not the profile's
     */
    private static List<VerifiedSigner> verify(SignedMessage message, CmsProfile profile, byte[] id, List<X509Certificate> more)
            throws CmsException, SignatureException {
        if (profile != null && message.gmtContentTypes() == (profile == CmsProfile.RFC5652)) {
            throw new SignatureException("the message has " + (message.gmtContentTypes() ? "GM/T 0010's" : "PKCS#7's")
                    + " content types, not those of -profile " + name(profile));
        }
        List<byte[]> ids = id != null ? List.of(id) : profile == CmsProfile.GMSSL ? List.of()
                : List.of(Sm2SignatureSpec.defaultId(), new byte[0]);
        boolean gmsslForm = profile == null ? id == null : profile == CmsProfile.GMSSL;
        return message.verify(ids, gmsslForm, more);
    }

    /**
     * After a failure, the profile (and ID) under which the message does verify, as the options
     * that say so ({@code -profile gmssl}, {@code -profile rfc5652 with -id ''}), or null if none
     * does. Never a reason to accept the message: the caller has failed it.
     */
    private String verifiesUnder(byte[] bytes, byte[] content, List<X509Certificate> more, CmsProfile failed) {
        for (CmsProfile profile : CmsProfile.values()) {
            if (profile == failed && id == null) {
                continue; // the attempt that failed
            }
            List<VerifiedSigner> signers;
            try {
                signers = verify(SignedMessage.read(bytes, content), profile, null, more);
            } catch (CmsException | SignatureException | RuntimeException e) {
                continue;
            }
            String options = "-profile " + name(profile);
            byte[] verifiedId = signers.get(0).id();
            if (verifiedId != null && verifiedId.length == 0) {
                return options + " with -id '' (OpenSSL 3.0's empty SM2 ID)";
            }
            if (id != null) {
                return options + (verifiedId == null ? " (GmSSL's form, which has no SM2 ID)" : " with the default SM2 ID")
                        + ", without -id";
            }
            return options;
        }
        return null;
    }

    private static String name(CmsProfile profile) {
        return profile.name().toLowerCase(Locale.ROOT);
    }

    private int encrypt(CmsProfile profile) throws GeneralSecurityException, IOException {
        if (recipientFiles.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "-encrypt needs at least one -recip certificate");
        }
        CmsEnveloper enveloper = new CmsEnveloper(profile);
        for (X509Certificate recipient : certificates(recipientFiles)) {
            try {
                enveloper.addRecipient(recipient);
            } catch (IllegalArgumentException e) {
                throw new CmsException(e.getMessage(), e);
            }
        }
        writeMessage(enveloper.encrypt(InputOutputOptions.read(main, in)));
        return 0;
    }

    private int decrypt() throws GeneralSecurityException, IOException {
        if (recipientFiles.size() != 1 || keyFiles.size() != 1) {
            throw new ParameterException(spec.commandLine(), "-decrypt needs our certificate (-recip) and its key (-inkey)");
        }
        X509Certificate certificate = PkiFiles.certificate(main, recipientFiles.get(0));
        PrivateKey key = KeyFiles.readDecryptionKey(main, keyFiles.get(0));
        byte[] content;
        try {
            content = EnvelopedMessage.read(readMessage()).decrypt(key, certificate);
        } catch (CmsException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new CmsException(e.getMessage(), e);
        }
        InputOutputOptions.write(main, out, content, true);
        return 0;
    }

    private int cmsout() throws GeneralSecurityException, IOException {
        byte[] message = readMessage();
        if (print) {
            InputOutputOptions.write(main, out, CmsText.describe(message).getBytes(StandardCharsets.UTF_8), false);
        } else {
            CmsText.describe(message); // reads it through
            writeMessage(message);
        }
        return 0;
    }

    private byte[] readMessage() throws IOException, CmsException {
        byte[] bytes = InputOutputOptions.read(main, in);
        boolean der = inform == null ? !CmsPem.looksLikePem(bytes) : PkiFiles.isDer(spec, "-inform", inform);
        return der ? bytes : CmsPem.decode(new String(bytes, StandardCharsets.US_ASCII));
    }

    private void writeMessage(byte[] der) throws IOException {
        boolean asDer = PkiFiles.isDer(spec, "-outform", outform);
        InputOutputOptions.write(main, out, asDer ? der : CmsPem.encode(der).getBytes(StandardCharsets.US_ASCII), false);
    }

    private List<X509Certificate> certificates(List<Path> files) throws IOException, GeneralSecurityException {
        List<X509Certificate> certificates = new ArrayList<>();
        for (Path file : files) {
            certificates.addAll(PkiFiles.certificates(main, file));
        }
        return certificates;
    }

    private byte[] idBytes() {
        return id.getBytes(StandardCharsets.UTF_8);
    }
}
