package org.shangmi.vector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.sm4.GhashPasses;
import org.shangmi.core.sm4.Sm4;
import org.shangmi.core.sm4.Sm4Ccm;
import org.shangmi.core.sm4.Sm4Gcm;
import org.shangmi.core.sm4.Sm4Modes;
import org.shangmi.core.sm4.Sm4Rounds;
import org.shangmi.core.sm4.Sm4Xts;
import org.shangmi.core.zuc.Zuc;
import org.shangmi.core.zuc.ZucMac;

/**
 * Every call shape the engines make, on public keys, through trial {@link VectorGatedRounds} and
 * the core's own mode classes: one block and many in both directions, every block count the modes
 * pass (one and two, which take the single-block path, counts around the pass width, and the modes'
 * batch of 64), counters of every width the modes use, with and without a carry, and each mode on
 * lengths that reach each of its paths. A shape the warm-up never ran would meet code the JIT
 * compiled without it, which deoptimises on its first real call and runs the Vector API's fallback
 * until it is compiled again.
 *
 * <p>{@link #allocating} then measures every rounds call of one more round, through the same
 * check the engines run every {@link VectorGate#CHECK_EVERY} calls; {@link #untilCompiled} repeats
 * both until a round allocates nothing. Its rounds are trial rounds, which pass the gate's
 * {@link VectorGate#TRIAL} door while the warm-up runs and callers' keys stay on the circuit engine;
 * they run the same code as every key's rounds, so the JIT compiles the gate as the engines will
 * pass it. {@link #knownAnswer} checks the GB/T 32907-2016 example on trial rounds, and GCM's
 * GHASH on trial passes ({@link VectorGatedGhash}) against RFC 8998's example and the scalar
 * GHASH: the passes share the rounds' gate, warm-up and verdict. ZUC's S-box layer
 * ({@link VectorGatedZucLayer}) runs through the core's ZUC engines in every round too, and its
 * known answer is 3GPP's first ZUC test set.
 */
final class VectorWarmUp {

    /**
     * How long {@link #untilCompiled} tries. Here the warm-up takes one to a few seconds
     * (docs/performance.md); a JIT that never compiles the Vector API to vector instructions (C1
     * only, hardware without 128-bit vectors) never gets there.
     */
    static final long LIMIT_NANOS = 20_000_000_000L;

    private static final int LANES = VectorSm4Rounds.LANES;
    /** Block counts of ECB calls and counter runs: around one group of a pass, around a pass, more. */
    private static final int[] COUNTS = {1, 2, 3, LANES / 2 - 1, LANES / 2, LANES / 2 + 1, LANES - 1, LANES, LANES + 1, 17,
        2 * LANES + 3, 64};
    /** Counter widths in bits: CTR, GCM, and CCM's (8 to 2 bytes as the nonce grows). */
    private static final int[] COUNTER_BITS = {128, 32, 64, 24, 16};
    /** Lengths for the block modes: the single-block path, a pass and a part, a full batch and more. */
    private static final int[] BLOCK_LENGTHS = {16, 32, 48, 16 * 17, 16 * (2 * LANES + 3), 16 * 67};
    /** Lengths for the stream modes: partial blocks on either side of the same counts. */
    private static final int[] STREAM_LENGTHS = {1, 15, 16, 33, 16 * 17 + 5, 16 * 67 + 5};

    private final List<VectorGated> made = new ArrayList<>();
    private final Sm4Rounds.Factory factory = (encryptionKeys, decryptionKeys) -> {
        VectorGatedRounds rounds = new VectorGatedRounds(encryptionKeys, decryptionKeys, true);
        made.add(rounds);
        return rounds;
    };
    private final GhashPasses.Factory ghashFactory = new GhashPasses.Factory() {
        @Override
        public int maxPassBlocks() {
            return VectorGatedGhash.TRIAL.maxPassBlocks();
        }

        @Override
        public GhashPasses create(long[] powers) {
            GhashPasses passes = VectorGatedGhash.TRIAL.create(powers);
            made.add((VectorGated) passes);
            return passes;
        }
    };

    private final byte[] key = new byte[16];
    /**
     * Room for the longest call shape below (67 blocks and 5 bytes, or two passes and 3 blocks)
     * with CCM's tag after it, and to spare.
     */
    private final byte[] data = new byte[16 * Math.max(80, 2 * LANES + 8)];
    private final byte[] tag = new byte[16];
    private final byte[] aad = {1, 2, 3, 4, 5};
    private final long[] counter = new long[2];
    /** A counter whose low 64 bits carry into the high ones after 16 blocks. */
    private final byte[] carryingIv = new byte[16];
    private final byte[] gcmIv = new byte[12];
    private final byte[][] nonces = {new byte[7], new byte[12], new byte[13]};
    private final byte[] tweak = new byte[16];

    private final Sm4 sm4;
    private final VectorGatedRounds rounds;
    private final List<CipherEngine> engines = new ArrayList<>();
    private final CipherEngine ctr;
    private final AeadEngine gcm;
    private final AeadEngine gcmHashedIv;
    private final Sm4Ccm ccm;
    private final Sm4Xts xts;
    private final Sm4Xts xtsIeee;
    /** ZUC's trial S-box layer, run through the core's engines for a keystream and both MACs. */
    private final VectorGatedZucLayer zucLayer = new VectorGatedZucLayer(true);
    private final byte[] zucKey = new byte[32];
    private final byte[] zucIv = new byte[25];

    /** {@link System#nanoTime} past which {@link #run} stops early. */
    private final long deadline;

    VectorWarmUp(long deadline) {
        this.deadline = deadline;
        Arrays.fill(carryingIv, 8, 16, (byte) 0xff);
        carryingIv[15] = (byte) 0xf0;
        sm4 = new Sm4(key, factory);
        rounds = (VectorGatedRounds) made.get(0);
        for (CipherMode mode : CipherMode.values()) {
            if (mode != CipherMode.CTR) {
                byte[] iv = mode.needsIv() ? new byte[16] : null;
                engines.add(Sm4Modes.create(mode, true, key, iv, factory));
                engines.add(Sm4Modes.create(mode, false, key, iv, factory));
            }
        }
        ctr = Sm4Modes.create(CipherMode.CTR, true, key, carryingIv, factory);
        gcm = new Sm4Gcm(key, gcmIv, 16, factory, ghashFactory);
        gcmHashedIv = new Sm4Gcm(key, carryingIv, 16, factory, ghashFactory);
        ccm = new Sm4Ccm(key, factory);
        byte[] xtsKey = new byte[32];
        xtsKey[16] = 1;
        xts = new Sm4Xts(xtsKey, false, factory);
        xtsIeee = new Sm4Xts(xtsKey, true, factory);
        made.add(zucLayer);
    }

    /**
     * Every shape once; false if it stopped at the deadline (interpreted, the Vector API's fallback
     * takes seconds for what compiled code does in a millisecond).
     */
    boolean run() {
        sm4.encryptBlock(data, 0, data, 0);
        sm4.decryptBlock(data, 0, data, 0);
        for (int count : COUNTS) {
            if (late()) {
                return false;
            }
            sm4.encryptBlocks(data, 0, data, 0, count);
            sm4.decryptBlocks(data, 0, data, 0, count);
            for (int bits : COUNTER_BITS) {
                // two before the low `bits` bits wrap (and, at 128 bits, carry into the high half)
                long low = bits == 128 ? -1L : -1L >>> (64 - bits);
                counter[0] = 0x0123456789abcdefL;
                counter[1] = (0x5555555555555555L & ~low) | (low - 1);
                rounds.cryptCounters(counter, bits, data, 0, data, 0, count);
            }
        }
        for (CipherEngine engine : engines) {
            for (int length : engine.unit() == 1 ? STREAM_LENGTHS : BLOCK_LENGTHS) {
                if (late()) {
                    return false;
                }
                engine.update(data, 0, length, data, 0);
            }
        }
        ctr.reset(carryingIv);
        for (int length : STREAM_LENGTHS) {
            ctr.update(data, 0, length, data, 0);
        }
        for (AeadEngine aead : new AeadEngine[] {gcm, gcmHashedIv}) {
            for (int length : STREAM_LENGTHS) {
                if (late()) {
                    return false;
                }
                aead.updateAad(aad, 0, aad.length);
                aead.encrypt(data, 0, length, data, 0);
                aead.finishEncryption(tag, 0);
                aead.updateAad(aad, 0, aad.length);
                if (!aead.decrypt(data, 0, length, tag, 0, data, 0)) {
                    throw new IllegalStateException("GCM on vectors failed its own tag");
                }
            }
            aead.reset(aead == gcm ? gcmIv : carryingIv);
        }
        for (int length : STREAM_LENGTHS) {
            if (late()) {
                return false;
            }
            for (byte[] nonce : nonces) {
                ccm.seal(nonce, 16, aad, 0, aad.length, data, 0, length, data, 0);
                if (!ccm.open(nonce, 16, aad, 0, aad.length, data, 0, length + 16, data, 0)) {
                    throw new IllegalStateException("CCM on vectors failed its own tag");
                }
            }
            if (length >= 16) {
                xts.encrypt(tweak, data, 0, length, data, 0);
                xts.decrypt(tweak, data, 0, length, data, 0);
                xtsIeee.encrypt(tweak, data, 0, length, data, 0);
                xtsIeee.decrypt(tweak, data, 0, length, data, 0);
            }
        }
        return !late() && zuc();
    }

    /** ZUC-128 and ZUC-256 keystreams over every stream length and a MAC of each: the calls a ZUC engine makes. */
    private boolean zuc() {
        for (int length : STREAM_LENGTHS) {
            Zuc.zuc128(key, tweak, zucLayer).xor(data, 0, data, 0, length);
        }
        Zuc.zuc256(zucKey, zucIv, 0, zucLayer).xor(data, 0, data, 0, 64);
        ZucMac eia3 = ZucMac.eia3(key, tweak, zucLayer);
        eia3.update(data, 0, 33);
        eia3.finish(data[33], 5, tag, 0);
        ZucMac zuc256 = ZucMac.zuc256(zucKey, zucIv, 128, zucLayer);
        zuc256.update(data, 0, 33);
        zuc256.finish(0, 0, tag, 0);
        return !late();
    }

    /**
     * Runs every call shape until a round of them, every call measured, allocates nothing; returns
     * how long that took from {@code start} (a {@link System#nanoTime}).
     *
     * @throws BackendUnavailableException if that did not happen within {@link #LIMIT_NANOS}, or
     *     the gate was shut meanwhile
     */
    static long untilCompiled(long start) throws BackendUnavailableException {
        VectorWarmUp shapes = new VectorWarmUp(start + LIMIT_NANOS);
        try {
            while (true) {
                for (int i = 0; i < 20 && shapes.run(); i++) {
                    // the JIT compiles what runs often, with the profile these runs leave
                }
                if (!VectorGate.admits(VectorGate.TRIAL)) {
                    throw new BackendUnavailableException("the warm-up stopped: " + VectorGate.shutBecause());
                }
                String allocating = shapes.allocating();
                long elapsed = System.nanoTime() - start;
                if (allocating == null) {
                    return elapsed;
                }
                if (elapsed > LIMIT_NANOS) {
                    throw new BackendUnavailableException("the JIT did not compile the vector code within "
                            + LIMIT_NANOS / 1_000_000_000 + " s (" + allocating + "): it would run the"
                            + " Vector API's Java fallback, which is neither fast nor constant time");
                }
            }
        } finally {
            shapes.wipe();
        }
    }

    /**
     * GB/T 32907-2016, example 1, on trial rounds through the single-block and the many-block
     * paths: null if both give the standard's ciphertext, else what went wrong.
     */
    static String knownAnswer() {
        byte[] key = HexFormat.of().parseHex("0123456789abcdeffedcba9876543210");
        byte[] expected = HexFormat.of().parseHex("681edf34d206965e86b3e94f536e4246");
        Sm4 sm4 = new Sm4(key, (encryptionKeys, decryptionKeys) -> new VectorGatedRounds(encryptionKeys, decryptionKeys, true));
        byte[] single = new byte[16];
        sm4.encryptBlock(key, 0, single, 0);
        // a count the warm-up runs (COUNTS), so that the compiled code meets no shape it lacks
        int blocks = 2 * LANES + 3;
        byte[] many = new byte[16 * blocks];
        for (int b = 0; b < blocks; b++) {
            System.arraycopy(key, 0, many, 16 * b, 16);
        }
        sm4.encryptBlocks(many, 0, many, 0, blocks);
        boolean good = Arrays.equals(single, expected);
        for (int b = 0; b < blocks; b++) {
            good &= Arrays.equals(many, 16 * b, 16 * b + 16, expected, 0, 16);
        }
        sm4.wipe();
        if (!good) {
            return "fails the GB/T 32907-2016 example";
        }
        String ghash = ghashKnownAnswer();
        return ghash != null ? ghash : zucKnownAnswer();
    }

    /**
     * 3GPP's ZUC test set 1 (zero key and IV: 27bede74 018082da) on a trial S-box layer, then a
     * ZUC-256 keystream of another key and IV against core's circuit: null if both agree, else
     * what went wrong.
     */
    private static String zucKnownAnswer() {
        VectorGatedZucLayer trial = new VectorGatedZucLayer(true);
        Zuc zeros = Zuc.zuc128(new byte[16], new byte[16], trial);
        if (zeros.nextWord() != 0x27bede74 || zeros.nextWord() != 0x018082da) {
            return "fails 3GPP's ZUC test set 1";
        }
        byte[] key = new byte[32];
        byte[] iv = new byte[25];
        for (int i = 0; i < iv.length; i++) {
            key[i] = (byte) (29 * i + 1);
            iv[i] = (byte) (13 * i + 5);
        }
        byte[] circuit = new byte[256];
        byte[] vectors = new byte[256];
        Zuc.zuc256(key, iv, 0).xor(circuit, 0, circuit, 0, circuit.length);
        Zuc.zuc256(key, iv, 0, trial).xor(vectors, 0, vectors, 0, vectors.length);
        return Arrays.equals(circuit, vectors) ? null : "gives ZUC S-boxes that differ from the circuit";
    }

    /**
     * RFC 8998's SM4-GCM example (A.1), then a message and associated data of several passes
     * against the core's scalar GHASH over circuit rounds, both through trial rounds and passes:
     * null if they agree, else what went wrong.
     */
    private static String ghashKnownAnswer() {
        HexFormat hex = HexFormat.of();
        byte[] key = hex.parseHex("0123456789abcdeffedcba9876543210");
        byte[] iv = hex.parseHex("00001234567800000000abcd");
        byte[] aad = hex.parseHex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
        byte[] message = hex.parseHex("aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccdddddddddddddddd"
                + "eeeeeeeeeeeeeeeeffffffffffffffffeeeeeeeeeeeeeeeeaaaaaaaaaaaaaaaa");
        byte[] expected = hex.parseHex("17f399f08c67d5ee19d0dc9969c4bb7d5fd46fd3756489069157b282bb200735"
                + "d82710ca5c22f0ccfa7cbf93d496ac15a56834cbcf98c397b4024a2691233b8d83de3541e4c2b58177e065a9bf7b62ec");
        Sm4Rounds.Factory trialRounds = (encryptionKeys, decryptionKeys) -> new VectorGatedRounds(encryptionKeys, decryptionKeys, true);
        if (!Arrays.equals(seal(new Sm4Gcm(key, iv, 16, trialRounds, VectorGatedGhash.TRIAL), aad, message), expected)) {
            return "fails RFC 8998's SM4-GCM example";
        }
        // a pass and a part of associated data, then data of several passes and a partial block
        int passes = VectorGhash.MAX_PASS_BLOCKS;
        byte[] longAad = new byte[16 * (passes + 3) + 5];
        byte[] longMessage = new byte[16 * (3 * passes + 2) + 9];
        for (int i = 0; i < longMessage.length; i++) {
            longMessage[i] = (byte) (31 * i + 7);
            if (i < longAad.length) {
                longAad[i] = (byte) (17 * i + 3);
            }
        }
        byte[] scalar = seal(new Sm4Gcm(key, iv, 16), longAad, longMessage);
        byte[] vectors = seal(new Sm4Gcm(key, iv, 16, trialRounds, VectorGatedGhash.TRIAL), longAad, longMessage);
        return Arrays.equals(scalar, vectors) ? null : "gives a GCM GHASH that differs from the scalar GHASH";
    }

    /** Ciphertext and tag of one message; destroys the engine. */
    private static byte[] seal(AeadEngine gcm, byte[] aad, byte[] message) {
        byte[] out = new byte[message.length + 16];
        gcm.updateAad(aad, 0, aad.length);
        gcm.encrypt(message, 0, message.length, out, 0);
        gcm.finishEncryption(out, message.length);
        gcm.destroy();
        return out;
    }

    private boolean late() {
        return System.nanoTime() - deadline > 0;
    }

    /**
     * Runs every shape once more with every rounds call measured; null if all ran and none
     * allocated, else what happened.
     */
    String allocating() {
        for (VectorGated each : made) {
            each.measureEveryCall(true);
        }
        boolean finished = run();
        long calls = 0;
        long bytes = 0;
        int unmeasured = 0;
        int idle = 0;
        for (VectorGated each : made) {
            calls += each.measured();
            bytes += each.allocated();
            unmeasured += each.unmeasured();
            idle += each.measured() == 0 ? 1 : 0;
            each.measureEveryCall(false);
        }
        if (finished && bytes == 0 && unmeasured == 0 && idle == 0) {
            return null;
        }
        return calls + " calls allocated " + bytes + " bytes" + (unmeasured == 0 ? "" : ", " + unmeasured + " could not be measured")
                + (finished ? "" : ", the deadline came first") + (idle == 0 || !finished ? "" : ", " + idle + " keys made no call");
    }

    void wipe() {
        sm4.wipe();
        for (CipherEngine engine : engines) {
            engine.destroy();
        }
        ctr.destroy();
        gcm.destroy();
        gcmHashedIv.destroy();
        ccm.destroy();
        xts.destroy();
        xtsIeee.destroy();
    }
}
