package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.HexFormat;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code shangmi mac}: HMAC-SM3 of files, like {@code openssl dgst -sm3 -mac HMAC}; or a ZUC
 * MAC of one file: 128-EIA3 (as {@code gmssl zuc_128_eia3}), ZUC-128's MAC with a raw IV, or
 * ZUC-256's MACs. A ZUC MAC's IV must never tag two messages, so these take one FILE.
 */
@Command(name = "mac", mixinStandardHelpOptions = true,
        description = {"Print the HMAC-SM3 of each FILE as 'HMAC-SM3(FILE)= HEX'.",
            "Or a ZUC MAC of one FILE: -zuc128 -key HEX with -iv HEX or 128-EIA3's -count, -bearer and -direction; "
                + "-zuc256 -key HEX -iv HEX [-taglen 32|64|128]."})
final class MacCommand extends DigestingCommand {

    @Option(names = "-sm3", description = "Use HMAC-SM3 (the default).")
    boolean sm3;

    @Option(names = "-zuc128", description = "128-EIA3's 32-bit MAC (16-byte key; -iv of 16 bytes, or -count, -bearer, -direction).")
    boolean zuc128;

    @Option(names = "-zuc256", description = "ZUC-256's MAC (32-byte key, -iv of 25 bytes or GmSSL's packed 23).")
    boolean zuc256;

    @Option(names = "-taglen", paramLabel = "BITS", defaultValue = "128",
            description = "ZUC-256's tag: 32, 64 or 128 bits (default: ${DEFAULT-VALUE}).")
    int tagBits;

    @Option(names = "-iv", paramLabel = "HEX", description = "A ZUC MAC's IV in hex.")
    String ivHex;

    @Option(names = "-count", paramLabel = "N", description = "128-EIA3's COUNT (with -zuc128): 32 bits, decimal or 0x-prefixed hex.")
    String count;

    @Option(names = "-bearer", paramLabel = "N", description = "128-EIA3's BEARER: 0 to 31.")
    String bearer;

    @Option(names = "-direction", paramLabel = "N", description = "128-EIA3's DIRECTION: 0 or 1.")
    String direction;

    @ArgGroup(exclusive = true, multiplicity = "1")
    KeySource key;

    static final class KeySource {
        @Option(names = "-key", paramLabel = "HEX", required = true, description = "The key in hex.")
        String hex;

        @Option(names = "-keyfile", paramLabel = "FILE", required = true, description = "A file whose bytes are the key.")
        Path file;
    }

    private Mac mac;

    @Override
    String label() {
        return zuc128 ? "ZUC-128" : zuc256 ? "ZUC-256-" + tagBits : "HMAC-SM3";
    }

    @Override
    void start() throws GeneralSecurityException, IOException {
        byte[] keyBytes;
        if (key.hex != null) {
            try {
                keyBytes = HexFormat.of().parseHex(key.hex);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "-key must be hex digits, an even number of them");
            }
        } else {
            try {
                keyBytes = Files.readAllBytes(key.file);
            } catch (IOException e) {
                throw new IOException("-keyfile " + key.file + ": " + describe(e), e);
            }
        }
        try {
            if (keyBytes.length == 0) {
                throw new ParameterException(spec.commandLine(), "the key must not be empty");
            }
            if (zuc128 || zuc256) {
                mac = zucMac(keyBytes);
            } else {
                if (ivHex != null || count != null || bearer != null || direction != null) {
                    throw new ParameterException(spec.commandLine(), "HMAC-SM3 takes no IV: -iv, -count, -bearer and -direction "
                            + "go with -zuc128 or -zuc256");
                }
                mac = Mac.getInstance("HmacSM3", providerFor("HmacSM3"));
                mac.init(new SecretKeySpec(keyBytes, "HmacSM3"));
            }
        } finally {
            Arrays.fill(keyBytes, (byte) 0);
        }
    }

    private Mac zucMac(byte[] keyBytes) throws GeneralSecurityException {
        if (zuc128 && zuc256 || sm3) {
            throw new ParameterException(spec.commandLine(), "choose one of -sm3, -zuc128 and -zuc256");
        }
        if (files.size() > 1) {
            throw new ParameterException(spec.commandLine(), "a ZUC MAC takes one FILE: its IV must never tag two messages");
        }
        if (zuc256 && tagBits != 32 && tagBits != 64 && tagBits != 128) {
            throw new ParameterException(spec.commandLine(), "-taglen is 32, 64 or 128, not " + tagBits);
        }
        AlgorithmParameterSpec parameters = ThreeGpp.parse(spec, count, bearer, direction, zuc128, "-zuc128");
        if (parameters != null && ivHex != null) {
            throw new ParameterException(spec.commandLine(), "give -iv or -count/-bearer/-direction, not both");
        }
        if (parameters == null) {
            if (ivHex == null) {
                throw new ParameterException(spec.commandLine(), "a ZUC MAC needs -iv" + (zuc128 ? " (or -count, -bearer, -direction)" : ""));
            }
            try {
                parameters = new IvParameterSpec(HexFormat.of().parseHex(ivHex));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "-iv must be hex digits, an even number of them");
            }
        }
        String algorithm = zuc128 ? "ZUC-128" : "ZUC-256-" + tagBits;
        Mac zuc = Mac.getInstance(algorithm, main.provider());
        zuc.init(new SecretKeySpec(keyBytes, zuc128 ? "ZUC-128" : "ZUC-256"), parameters);
        return zuc;
    }

    @Override
    void update(byte[] input, int off, int len) {
        mac.update(input, off, len);
    }

    @Override
    byte[] finish() {
        return mac.doFinal();
    }

    @Override
    void reset() {
        mac.reset();
    }
}
