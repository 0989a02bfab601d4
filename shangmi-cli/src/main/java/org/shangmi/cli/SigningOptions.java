package org.shangmi.cli;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.util.Locale;
import org.shangmi.provider.spec.Sm2SignatureSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * How {@code req} and {@code x509} sign and check: the certificate's validity and serial number,
 * and the SM2 IDs of OpenSSL's {@code -sigopt}/{@code -vfyopt} ({@code distid:ID}; the GM/T 0015
 * default when absent). Bad values are usage errors.
 */
final class SigningOptions {

    @Option(names = "-days", paramLabel = "N", defaultValue = "30",
            description = "Days a certificate is valid (default: ${DEFAULT-VALUE}).")
    int days;

    @Option(names = "-set_serial", paramLabel = "N", description = "A certificate's serial number (default: random).")
    String serial;

    @Option(names = "-sigopt", paramLabel = "distid:ID", description = "The SM2 ID to sign with (default: 1234567812345678).")
    String signingId;

    @Option(names = "-vfyopt", paramLabel = "distid:ID",
            description = "The SM2 ID a request's self-signature is checked with (default: 1234567812345678).")
    String verifyingId;

    /** SM3withSM2 with the -sigopt ID, initialised with {@code key}. */
    Signature signer(Main main, CommandSpec spec, PrivateKey key) throws GeneralSecurityException {
        Signature signer = Signature.getInstance("SM3withSM2", DeviceKeys.providerFor(main, key));
        signer.setParameter(new Sm2SignatureSpec(distinguishingId(spec, signingId, "-sigopt")));
        signer.initSign(key);
        return signer;
    }

    /** SM3withSM2 with the -vfyopt ID, initialised with {@code key}. */
    Signature verifier(Main main, CommandSpec spec, PublicKey key) throws GeneralSecurityException {
        Signature verifier = sm3WithSm2(main, distinguishingId(spec, verifyingId, "-vfyopt"));
        verifier.initVerify(key);
        return verifier;
    }

    /** Whether -vfyopt was given. */
    boolean verifyingIdGiven() {
        return verifyingId != null;
    }

    private static Signature sm3WithSm2(Main main, byte[] id) throws GeneralSecurityException {
        Signature signature = Signature.getInstance("SM3withSM2", main.provider());
        signature.setParameter(new Sm2SignatureSpec(id));
        return signature;
    }

    private static byte[] distinguishingId(CommandSpec spec, String option, String name) {
        if (option == null) {
            return Sm2SignatureSpec.defaultId();
        }
        if (!option.startsWith("distid:")) {
            throw new ParameterException(spec.commandLine(), name + " takes distid:ID (the SM2 ID), not " + option);
        }
        return option.substring("distid:".length()).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The -set_serial number (decimal, or hex after 0x; positive, at most 20 bytes), or 159 random
     * bits, as OpenSSL chooses.
     */
    BigInteger serial(CommandSpec spec) {
        if (serial == null) {
            return new BigInteger(159, new SecureRandom()).setBit(0);
        }
        BigInteger value = null;
        try {
            String lower = serial.toLowerCase(Locale.ROOT);
            value = lower.startsWith("0x") ? new BigInteger(serial.substring(2), 16) : new BigInteger(serial);
        } catch (NumberFormatException e) {
            // refused below
        }
        if (value == null || value.signum() <= 0 || value.bitLength() > 159) {
            throw new ParameterException(spec.commandLine(), "-set_serial takes a positive number of at most 20 bytes "
                    + "(decimal, or hex after 0x), not " + serial);
        }
        return value;
    }

    /** The -days value, which must be positive. */
    int days(CommandSpec spec) {
        if (days < 1) {
            throw new ParameterException(spec.commandLine(), "-days must be at least 1, not " + days);
        }
        return days;
    }
}
