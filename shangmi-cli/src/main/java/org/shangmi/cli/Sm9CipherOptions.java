package org.shangmi.cli;

import java.nio.charset.StandardCharsets;
import org.shangmi.provider.spec.Sm9CipherParameterSpec;
import org.shangmi.provider.spec.Sm9ParameterSpec;
import picocli.CommandLine.Option;

/** The options {@code sm9encrypt} and {@code sm9decrypt} share: the identity, the cipher and the MAC. */
final class Sm9CipherOptions {

    @Option(names = "-id", paramLabel = "ID", required = true,
            description = "The recipient's identity (for sm9decrypt: the key holder's own).")
    String id;

    @Option(names = "-cipher", paramLabel = "xor|sm4-ecb|sm4-cbc", defaultValue = "xor",
            description = "How the message is enciphered: the KDF key stream (xor, the default, GmSSL's only one), "
                    + "SM4-ECB (the standard's block-cipher example) or SM4-CBC with the IV before the ciphertext (gmsm's).")
    String cipher;

    @Option(names = "-mac", paramLabel = "sm3|hmac-sm3", defaultValue = "sm3",
            description = "C3: sm3 = SM3(C2 || K2), the standard's (and gmsm's); hmac-sm3 = HMAC-SM3 keyed with K2, "
                    + "GmSSL 3's. The two do not read each other's ciphertexts.")
    String mac;

    Sm9CipherParameterSpec spec() {
        Sm9CipherParameterSpec.Cipher chosenCipher = switch (cipher) {
            case "xor" -> Sm9CipherParameterSpec.Cipher.XOR;
            case "sm4-ecb" -> Sm9CipherParameterSpec.Cipher.SM4_ECB;
            case "sm4-cbc" -> Sm9CipherParameterSpec.Cipher.SM4_CBC;
            default -> throw new IllegalArgumentException("-cipher is xor, sm4-ecb or sm4-cbc, not " + cipher);
        };
        Sm9CipherParameterSpec.Mac chosenMac = switch (mac) {
            case "sm3" -> Sm9CipherParameterSpec.Mac.SM3;
            case "hmac-sm3" -> Sm9CipherParameterSpec.Mac.HMAC_SM3;
            default -> throw new IllegalArgumentException("-mac is sm3 or hmac-sm3, not " + mac);
        };
        return new Sm9CipherParameterSpec(new Sm9ParameterSpec(id.getBytes(StandardCharsets.UTF_8), Sm9ParameterSpec.HID_ENCRYPT),
                chosenCipher, chosenMac, Sm9CipherParameterSpec.Layout.DER);
    }
}
