package org.shangmi.provider;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;

/**
 * Known-answer tests that gate every algorithm of every backend before the provider serves it.
 * The values come from the standards, not from our code.
 */
final class SelfTest {

    private static final HexFormat HEX = HexFormat.of();

    /** GB/T 32905-2016, appendix A, example 1: SM3("abc"). */
    private static final byte[] SM3_ABC =
            HEX.parseHex("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0");

    /** GM/T 0042-2015 appendix D.3 (RFC 2202 inputs): HMAC-SM3("Jefe", "what do ya want for nothing?"). */
    private static final byte[] HMAC_SM3_JEFE =
            HEX.parseHex("2e87f1d16862e6d964b50a5200bf2b10b764faa9680a296a2405f24bec39f882");

    private SelfTest() {
    }

    /** Runs the known-answer test of {@code algorithm} on {@code backend}; returns null if it passed, else why not. */
    static String run(BackendService backend, Algorithm algorithm) {
        try {
            boolean passed;
            switch (algorithm) {
                case SM3 -> {
                    DigestEngine sm3 = backend.newDigest(algorithm);
                    byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
                    sm3.update(abc, 0, abc.length);
                    byte[] out = new byte[sm3.digestLength()];
                    sm3.digest(out, 0);
                    passed = Arrays.equals(SM3_ABC, out);
                }
                case HMAC_SM3 -> {
                    MacEngine mac = backend.newMac(algorithm);
                    byte[] key = "Jefe".getBytes(StandardCharsets.US_ASCII);
                    byte[] message = "what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII);
                    mac.init(key, 0, key.length);
                    mac.update(message, 0, message.length);
                    byte[] out = new byte[mac.macLength()];
                    mac.doFinal(out, 0);
                    mac.destroy();
                    passed = Arrays.equals(HMAC_SM3_JEFE, out);
                }
                default -> {
                    return "no known-answer test for " + algorithm.jcaName();
                }
            }
            return passed ? null : algorithm.jcaName() + " gave a wrong known answer";
        } catch (RuntimeException | LinkageError e) {
            return algorithm.jcaName() + " self-test failed: " + e;
        }
    }
}
