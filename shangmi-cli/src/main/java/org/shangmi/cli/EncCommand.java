package org.shangmi.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.Callable;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code shangmi enc}: SM4 and ZUC encryption and decryption of a stream, like {@code openssl enc}.
 * With {@code -K} and {@code -iv} the output is the bare ciphertext; with a password it is
 * OpenSSL's salted format ("Salted__", an 8-byte salt, then the ciphertext), the key and IV
 * derived by PBKDF2 with {@code -md}'s HMAC, SHA-256 by default as in OpenSSL (OpenSSL:
 * {@code -pbkdf2 [-md DIGEST] [-iter N]}). GCM, which {@code openssl enc} lacks, writes the
 * ciphertext followed by its 16-byte tag. ZUC, which openssl lacks, is a stream cipher: the output
 * is as long as the input; {@code -zuc128} also takes 3GPP's COUNT, BEARER and DIRECTION instead
 * of an IV (128-EEA3, as {@code gmssl zuc_128_eea3}).
 */
@Command(name = "enc", mixinStandardHelpOptions = true, description = {
    "Encrypt or decrypt with SM4 or ZUC, as openssl enc does.",
    "Raw keys: -K HEX [-iv HEX]. Or a password (-pass SOURCE or -k P): OpenSSL's \"Salted__\" format, key and IV "
        + "from PBKDF2 with -md's HMAC (default sha256, as openssl enc's), opened by openssl enc -d -pbkdf2 [-md DIGEST] "
        + "-iter N.",
    "-pass pass:P, -k P and -K show the secret to other users of this machine (in the process list): prefer env:VAR, "
        + "file:PATH, fd:N or stdin."})
class EncCommand implements Callable<Integer> {

    private static final byte[] MAGIC = "Salted__".getBytes(StandardCharsets.US_ASCII);
    private static final int CHUNK = 64 * 1024;

    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    @Mixin
    InputOutputOptions io;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    static final class Mode {
        @Option(names = "-sm4-ecb", description = "SM4 in ECB mode (PKCS#7 padding unless -nopad).") boolean ecb;
        @Option(names = "-sm4-cbc", description = "SM4 in CBC mode (PKCS#7 padding unless -nopad).") boolean cbc;
        @Option(names = "-sm4-ctr", description = "SM4 in CTR mode.") boolean ctr;
        @Option(names = "-sm4-cfb", description = "SM4 in CFB-128 mode.") boolean cfb;
        @Option(names = "-sm4-ofb", description = "SM4 in OFB mode.") boolean ofb;
        @Option(names = "-sm4-gcm", description = "SM4-GCM (12-byte IV; the 16-byte tag follows the ciphertext).") boolean gcm;
        @Option(names = "-zuc128", description = "ZUC-128 (16-byte key and IV), or 128-EEA3 with -count, -bearer and -direction.")
        boolean zuc128;
        @Option(names = "-zuc256", description = "ZUC-256 (32-byte key; a 25-byte IV, or GmSSL's packed 23 bytes).") boolean zuc256;

        String name() {
            return ecb ? "ECB" : cbc ? "CBC" : ctr ? "CTR" : cfb ? "CFB" : ofb ? "OFB" : gcm ? "GCM" : zuc128 ? "ZUC-128" : "ZUC-256";
        }

        boolean zuc() {
            return zuc128 || zuc256;
        }
    }

    @Option(names = {"-d"}, description = "Decrypt.")
    boolean decrypt;

    @Option(names = {"-e"}, description = "Encrypt (the default).")
    boolean encrypt;

    @Option(names = "-K", paramLabel = "HEX", description = "The key in hex: 16 bytes (32 for ZUC-256).")
    String keyHex;

    @Option(names = "-iv", paramLabel = "HEX", description = "The IV in hex: 16 bytes (12 for GCM, 25 or 23 for ZUC-256).")
    String ivHex;

    @Option(names = "-count", paramLabel = "N", description = "128-EEA3's COUNT (with -zuc128): 32 bits, decimal or 0x-prefixed hex.")
    String count;

    @Option(names = "-bearer", paramLabel = "N", description = "128-EEA3's BEARER (with -count): 0 to 31.")
    String bearer;

    @Option(names = "-direction", paramLabel = "N", description = "128-EEA3's DIRECTION (with -count): 0 or 1.")
    String direction;

    @Option(names = "-pass", paramLabel = "SOURCE",
            description = "The password: env:VAR, file:PATH (first line), fd:N (first line), stdin (first line; needs -in) "
                    + "or pass:P.")
    String pass;

    @Option(names = "-k", paramLabel = "PASSWORD", description = "The password itself (as -pass pass:PASSWORD).")
    String password;

    @Option(names = "-md", paramLabel = "DIGEST", defaultValue = "sha256",
            description = "PBKDF2's digest with a password: sm3, sha1, sha224, sha256, sha384 or sha512 "
                    + "(default: ${DEFAULT-VALUE}, as openssl enc).")
    String digest;

    @Option(names = "-iter", paramLabel = "N", defaultValue = "600000",
            description = "PBKDF2 iterations with a password (default: ${DEFAULT-VALUE}, OWASP's figure for "
                    + "PBKDF2-HMAC-SHA256 in 2023; openssl enc's default is 10000: give -iter 10000 for its files).")
    int iterations;

    @Option(names = "-pbkdf2", description = "Accepted for openssl compatibility: -pass always uses PBKDF2.")
    boolean pbkdf2;

    @Option(names = "-nopad", description = "No padding for ECB and CBC (the input must be whole blocks).")
    boolean noPadding;

    /** Whether the command decrypts when neither -e nor -d is given. */
    boolean decryptsByDefault() {
        return false;
    }

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        if (!encrypt && decryptsByDefault()) {
            decrypt = true;
        }
        if (decrypt && encrypt) {
            throw new ParameterException(spec.commandLine(), "choose -e or -d, not both");
        }
        if ((keyHex != null ? 1 : 0) + (pass != null ? 1 : 0) + (password != null ? 1 : 0) != 1) {
            throw new ParameterException(spec.commandLine(), "give one of -K (with -iv), -pass or -k");
        }
        String kdf = keyHex == null ? pbkdf2Name() : null;
        if ("stdin".equals(pass) && io.in == null) {
            throw new ParameterException(spec.commandLine(), "-pass stdin needs -in: standard input carries the data");
        }
        if (iterations < 1) {
            throw new ParameterException(spec.commandLine(), "-iter must be at least 1");
        }
        String name = mode.name();
        boolean gcm = name.equals("GCM");
        boolean padded = (name.equals("ECB") || name.equals("CBC")) && !noPadding;
        int ivLength = name.equals("ECB") ? 0 : gcm ? 12 : mode.zuc256 ? 23 : 16;
        eea3 = ThreeGpp.parse(spec, count, bearer, direction, mode.zuc128, "-zuc128");
        if (eea3 != null && ivHex != null) {
            throw new ParameterException(spec.commandLine(), "give -iv or -count/-bearer/-direction, not both");
        }
        String transformation = mode.zuc() ? name : "SM4/" + name + "/" + (padded ? "PKCS5Padding" : "NoPadding");
        Cipher cipher = Cipher.getInstance(transformation, main.provider());

        try {
            run(cipher, ivLength, gcm, kdf);
        } catch (GeneralSecurityException e) {
            throw explained(e); // the output file was not committed: an existing one is as it was
        }
        return 0;
    }

    /** The PBKDF2 of -md, checked. */
    private String pbkdf2Name() {
        return switch (digest.toLowerCase(Locale.ROOT)) {
            case "sm3" -> "PBKDF2WithHmacSM3";
            case "sha1" -> "PBKDF2WithHmacSHA1";
            case "sha224" -> "PBKDF2WithHmacSHA224";
            case "sha256" -> "PBKDF2WithHmacSHA256";
            case "sha384" -> "PBKDF2WithHmacSHA384";
            case "sha512" -> "PBKDF2WithHmacSHA512";
            default -> throw new ParameterException(spec.commandLine(),
                    "-md " + digest + ": use sm3, sha1, sha224, sha256, sha384 or sha512");
        };
    }

    /** A failure as the user can act on it: what the cipher's exception most likely means here. */
    private GeneralSecurityException explained(GeneralSecurityException e) {
        if (!decrypt) {
            return e;
        }
        boolean withPassword = keyHex == null;
        if (e instanceof AEADBadTagException) {
            return new GeneralSecurityException("the GCM tag does not match: a wrong " + (withPassword ? "password" : "key or IV")
                    + ", or the data was altered", e);
        }
        if (e instanceof BadPaddingException) {
            return new GeneralSecurityException("bad decrypt (the padding is wrong): " + (withPassword
                    ? "a wrong password, or the file was made with another -md (" + digest + " here; openssl enc's default is "
                            + "sha256) or -iter (" + iterations + " here)"
                    : "a wrong key or IV, or the data is not padded (-nopad)"), e);
        }
        if (e instanceof IllegalBlockSizeException) {
            return new GeneralSecurityException("the ciphertext is " + ciphertextLength + " bytes, not a whole number of "
                    + "16-byte blocks: is it truncated?", e);
        }
        return e;
    }

    /** Bytes of ciphertext read, for the message about a truncated one. */
    private long ciphertextLength;

    /** 128-EEA3's inputs, when given. */
    private AlgorithmParameterSpec eea3;

    private void run(Cipher cipher, int ivLength, boolean gcm, String kdf) throws GeneralSecurityException, IOException {
        try (InputStream in = io.openInput(main); OutputFile out = io.openOutput(main, decrypt)) {
            byte[] key;
            byte[] iv;
            int keyLength = mode.zuc256 ? 32 : 16;
            if (keyHex != null) {
                key = hex("-K", keyHex, keyLength);
                iv = ivLength == 0 || eea3 != null ? null
                        : mode.zuc256 ? zuc256Iv(requireIv()) : hex("-iv", requireIv(), ivLength);
            } else {
                byte[] salt = new byte[8];
                if (decrypt) {
                    byte[] header = in.readNBytes(16);
                    if (header.length < 16 || !Arrays.equals(MAGIC, Arrays.copyOf(header, 8))) {
                        throw new IOException("the input does not start with the \"Salted__\" header that -pass needs");
                    }
                    System.arraycopy(header, 8, salt, 0, 8);
                } else {
                    new SecureRandom().nextBytes(salt);
                    out.write(MAGIC);
                    out.write(salt);
                }
                byte[] derived = derive(kdf, salt, keyLength + ivLength);
                key = Arrays.copyOf(derived, keyLength);
                iv = ivLength == 0 || eea3 != null ? null : Arrays.copyOfRange(derived, keyLength, keyLength + ivLength);
                Arrays.fill(derived, (byte) 0);
            }
            SecretKey secretKey = new SecretKeySpec(key, mode.zuc() ? mode.name() : "SM4");
            Arrays.fill(key, (byte) 0);
            AlgorithmParameterSpec parameters = eea3 != null ? eea3
                    : iv == null ? null : gcm ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv);
            cipher.init(decrypt ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE, secretKey, parameters);
            stream(cipher, in, out);
            out.commit();
        }
    }

    private String requireIv() {
        if (ivHex == null) {
            String option = mode.zuc() ? "-" + mode.name().toLowerCase(Locale.ROOT).replace("-", "") : "-sm4-" + mode.name().toLowerCase(Locale.ROOT);
            throw new ParameterException(spec.commandLine(), option + " needs -iv with -K" + (mode.zuc128 ? " (or -count, -bearer, -direction)" : ""));
        }
        return ivHex;
    }

    /** A ZUC-256 IV: 25 bytes, or GmSSL's packed 23. */
    private byte[] zuc256Iv(String text) {
        return hex("-iv", text, text.length() == 50 ? 25 : 23);
    }

    private void stream(Cipher cipher, InputStream in, OutputStream out) throws IOException, GeneralSecurityException {
        long size = io.in == null ? -1 : Files.size(io.in);
        try (Progress progress = Progress.start(main.stderr(), main.stderrIsTerminal(), io.in == null ? "-" : io.in.toString(), size)) {
            byte[] buffer = new byte[CHUNK];
            int n;
            while ((n = in.read(buffer)) > 0) {
                ciphertextLength += n;
                byte[] piece;
                try {
                    piece = cipher.update(buffer, 0, n);
                } catch (IllegalStateException e) {
                    // ZUC's bound on one key and IV (2^32 bits), met mid-stream
                    throw new GeneralSecurityException(e.getMessage(), e);
                }
                if (piece != null) {
                    out.write(piece);
                }
                progress.advance(n);
            }
            out.write(cipher.doFinal());
            Arrays.fill(buffer, (byte) 0);
        }
    }

    private byte[] derive(String kdf, byte[] salt, int length) throws GeneralSecurityException, IOException {
        char[] password = password();
        try {
            // the SHA family from the JDK's providers, SM3 from ours
            SecretKeyFactory factory = kdf.endsWith("SM3") ? SecretKeyFactory.getInstance(kdf, main.provider())
                    : SecretKeyFactory.getInstance(kdf);
            PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, 8 * length);
            try {
                return factory.generateSecret(spec).getEncoded();
            } finally {
                spec.clearPassword();
            }
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    private char[] password() throws IOException {
        if (password != null) {
            return password.toCharArray();
        }
        if (pass.equals("stdin")) {
            return firstLine(main.stdin());
        }
        int colon = pass.indexOf(':');
        String kind = colon < 0 ? "" : pass.substring(0, colon);
        String value = colon < 0 ? "" : pass.substring(colon + 1);
        switch (kind) {
            case "pass":
                return value.toCharArray();
            case "env": {
                String variable = System.getenv(value);
                if (variable == null) {
                    throw new IOException("-pass env:" + value + ": no such environment variable");
                }
                return variable.toCharArray();
            }
            case "file":
                try (InputStream file = Files.newInputStream(Path.of(value))) {
                    return firstLine(file);
                } catch (IOException e) {
                    throw new IOException("-pass file:" + value + ": " + DigestingCommand.describe(e), e);
                }
            case "fd":
                if (!value.matches("[0-9]{1,9}")) {
                    throw new ParameterException(spec.commandLine(), "-pass fd:N takes a file descriptor number, not " + value);
                }
                try (InputStream descriptor = Files.newInputStream(Path.of("/dev/fd", value))) {
                    return firstLine(descriptor);
                } catch (IOException e) {
                    throw new IOException("-pass fd:" + value + ": " + DigestingCommand.describe(e), e);
                }
            default:
                throw new ParameterException(spec.commandLine(), "-pass takes env:VAR, file:PATH, fd:N, stdin or pass:P, not "
                        + (colon < 0 ? pass : kind + ":..."));
        }
    }

    /** The first line of {@code in} (UTF-8, without its line end), read byte by byte so that nothing after it is taken. */
    private static char[] firstLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            line.write(b);
        }
        byte[] bytes = line.toByteArray();
        int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        char[] chars = new String(bytes, 0, length, StandardCharsets.UTF_8).toCharArray();
        Arrays.fill(bytes, (byte) 0);
        return chars;
    }

    private byte[] hex(String option, String text, int length) {
        byte[] bytes;
        try {
            bytes = HexFormat.of().parseHex(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + " is not hex: " + e.getMessage());
        }
        if (bytes.length != length) {
            throw new ParameterException(spec.commandLine(), option + " must be " + length + " bytes (" + 2 * length
                    + " hex digits), got " + bytes.length);
        }
        return bytes;
    }
}
