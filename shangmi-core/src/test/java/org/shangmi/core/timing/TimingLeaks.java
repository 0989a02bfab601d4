package org.shangmi.core.timing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.sm2.Sm2Curve;
import org.shangmi.core.sm2.Sm2Encryptor;
import org.shangmi.core.sm2.Sm2Point;
import org.shangmi.core.sm2.Sm2Signer;
import org.shangmi.core.sm4.Sm4;
import org.shangmi.core.sm9.Sm9Timing;
import org.shangmi.core.sm4.Sm4CbcMessages;
import org.shangmi.core.sm4.Sm4Gcm;
import org.shangmi.core.util.ConstantTime;
import org.shangmi.core.zuc.Zuc;
import org.shangmi.core.zuc.ZucMac;
import org.shangmi.core.zuc.ZucSBoxLayer;

/**
 * A dudect-style test for timing leaks (Reparaz, Balasch and Verbauwhede, "Dude, is my code
 * constant time?", 2017): each operation runs on inputs of two classes, a fixed secret and
 * random ones (or a valid and an invalid tag), in random order on one thread; Welch's t
 * compares the two classes' times, on all measurements and on the ones below several
 * percentiles (to cut off the machine's noise). |t| above 4.5 is evidence of a leak; below it,
 * this many measurements saw none. A tool with a report, never a unit test: timing is noisy.
 *
 * <p>Usage: {@code TimingLeaks [MEASUREMENTS] [NAME...]}; prints a Markdown table. It lives with
 * core's tests because it times core's engines directly (bin/bench --timing runs it); the vector
 * backend, when on the class path, is found as the provider finds it, through {@link ServiceLoader}.
 */
public final class TimingLeaks {

    /** The threshold dudect uses: |t| above it means the two classes' times differ. */
    static final double THRESHOLD = 4.5;
    private static final double[] PERCENTILES = {0.5, 0.75, 0.9, 0.95, 0.99};
    private static final byte[] IV = new byte[12];
    private static final byte[] CONTROL = filled(256, 0xa5);

    private TimingLeaks() {
    }

    /** One operation under test: {@link #prepare} fills an input of a class, {@link #run} times one. */
    interface Target {
        String name();

        String classes();

        /** Calls of {@link #run} per measurement, so that a measurement lasts well above the timer's resolution. */
        int batch();

        void prepare(int inputClass, SplittableRandom random, byte[] input);

        int inputLength();

        /** Runs the operation once; returns something of its result, so that the JIT cannot drop the call. */
        int run(byte[] input);
    }

    /** Where every result goes: read at the end, so that no operation is dead code. */
    private static int sink;

    public static void main(String[] args) {
        int measurements = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        List<String> names = args.length > 1 ? Arrays.asList(args).subList(1, args.length) : List.of();
        System.out.printf(Locale.ROOT, "| operation | classes | measurements | max abs t | verdict |%n|---|---|---:|---:|---|%n");
        for (Target target : targets()) {
            if (!names.isEmpty() && !names.contains(target.name())) {
                continue;
            }
            double t = measure(target, measurements, new SplittableRandom(1));
            System.out.printf(Locale.ROOT, "| %s | %s | %,d | %.2f | %s |%n", target.name(), target.classes(), measurements, t,
                    t > THRESHOLD ? "**leak?**" : "no leak seen");
        }
        System.out.printf(Locale.ROOT, "%n(sink %d)%n", sink);
    }

    /** Inputs prepared ahead of each run of measurements, so that no class-dependent work comes just before one. */
    private static final int CHUNK = 1_000;

    /**
     * The largest |t| over all measurements and the cropped sets. The inputs of {@link #CHUNK}
     * measurements are prepared first, classes drawn at random, and then timed one after the
     * other: making a random input just before timing it would disturb the caches and branch
     * predictors for that class only, which shows as a difference where the code has none.
     */
    static double measure(Target target, int measurements, SplittableRandom random) {
        int warmUp = Math.max(CHUNK, measurements / 10);
        byte[][] inputs = new byte[CHUNK][target.inputLength()];
        int[] chunkClasses = new int[CHUNK];
        long[] times = new long[measurements];
        int[] classes = new int[measurements];
        for (int done = -warmUp; done < measurements; done += CHUNK) {
            for (int i = 0; i < CHUNK; i++) {
                chunkClasses[i] = random.nextInt(2);
                target.prepare(chunkClasses[i], random, inputs[i]);
            }
            for (int i = 0; i < CHUNK; i++) {
                byte[] input = inputs[i];
                long start = System.nanoTime();
                for (int j = 0; j < target.batch(); j++) {
                    sink += target.run(input);
                }
                long time = System.nanoTime() - start;
                int index = done + i;
                if (index >= 0 && index < measurements) {
                    times[index] = time;
                    classes[index] = chunkClasses[i];
                }
            }
        }
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        double max = Math.abs(welch(times, classes, Long.MAX_VALUE));
        for (double percentile : PERCENTILES) {
            max = Math.max(max, Math.abs(welch(times, classes, sorted[(int) (percentile * (sorted.length - 1))])));
        }
        return max;
    }

    /** Welch's t between the two classes, over the measurements at or below {@code limit}. */
    static double welch(long[] times, int[] classes, long limit) {
        long[] n = new long[2];
        double[] mean = new double[2];
        double[] m2 = new double[2];
        for (int i = 0; i < times.length; i++) {
            if (times[i] > limit) {
                continue;
            }
            int c = classes[i];
            n[c]++;
            double delta = times[i] - mean[c];
            mean[c] += delta / n[c];
            m2[c] += delta * (times[i] - mean[c]);
        }
        if (n[0] < 2 || n[1] < 2) {
            return 0;
        }
        double variance = m2[0] / (n[0] - 1) / n[0] + m2[1] / (n[1] - 1) / n[1];
        return variance == 0 ? 0 : (mean[0] - mean[1]) / Math.sqrt(variance);
    }

    /** A fixed secret (class 0) against uniformly random ones (class 1). */
    private abstract static class FixedVsRandom implements Target {
        private final byte[] fixed;

        FixedVsRandom(byte[] fixed) {
            this.fixed = fixed;
        }

        @Override
        public String classes() {
            return "fixed against random";
        }

        @Override
        public int inputLength() {
            return fixed.length;
        }

        @Override
        public void prepare(int inputClass, SplittableRandom random, byte[] input) {
            if (inputClass == 0) {
                System.arraycopy(fixed, 0, input, 0, fixed.length);
            } else {
                random.nextBytes(input);
            }
        }
    }

    /** A scalar below n: the top byte cleared keeps random ones in range. */
    private abstract static class Scalar extends FixedVsRandom {
        Scalar() {
            super(fixedScalar());
        }

        @Override
        public void prepare(int inputClass, SplittableRandom random, byte[] input) {
            super.prepare(inputClass, random, input);
            input[0] &= 0x7f;
            input[31] |= 1;
        }
    }

    private static byte[] filled(int length, int value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) value);
        return bytes;
    }

    private static byte[] fixedScalar() {
        byte[] k = new byte[32];
        k[31] = 1; // the smallest scalar: the most different from random ones in every bit
        return k;
    }

    /**
     * The vector backend's SM4, one block and one pass of blocks, if it loads here (JDK 25 with
     * {@code --add-modules jdk.incubator.vector}, which bin/bench --timing passes), once its warm-up
     * has passed (until then, the circuit engine serves; a minute at most).
     */
    private static void vectorTargets(List<Target> targets, byte[] key) {
        BackendService vector;
        try {
            vector = ServiceLoader.load(BackendService.class).stream()
                    .map(ServiceLoader.Provider::get)
                    .filter(service -> service.name().equals("vector"))
                    .findFirst()
                    .orElse(null);
        } catch (ServiceConfigurationError | LinkageError e) {
            System.err.println("TimingLeaks: no vector targets: " + e);
            return;
        }
        if (vector == null) {
            System.err.println("TimingLeaks: no vector targets: shangmi-vector is not on the class path");
            return;
        }
        try {
            vector.load();
        } catch (BackendUnavailableException | LinkageError e) {
            System.err.println("TimingLeaks: no vector targets: " + e.getMessage());
            return;
        }
        boolean ready;
        try {
            ready = vector.awaitReady(Duration.ofMinutes(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ready = false;
        }
        if (!ready) {
            System.err.println("TimingLeaks: no vector targets: " + vector.details());
            return;
        }
        CipherEngine ecb = vector.newSm4(CipherMode.ECB, true, key, null);
        byte[] block = new byte[16];
        targets.add(new FixedVsRandom(new byte[16]) {
            public String name() { return "SM4 one block (vector)"; }
            public int batch() { return 32; }
            public int run(byte[] in) { ecb.update(in, 0, 16, block, 0); return block[0]; }
        });
        byte[] blocks = new byte[16 * 16];
        targets.add(new FixedVsRandom(new byte[16 * 16]) {
            public String name() { return "SM4 16 blocks (vector)"; }
            public int batch() { return 4; }
            public int run(byte[] in) { ecb.update(in, 0, in.length, blocks, 0); return blocks[0]; }
        });
        byte[] pass = new byte[16 * 64];
        targets.add(new FixedVsRandom(new byte[16 * 64]) {
            public String name() { return "SM4 64 blocks (vector, two groups a pass)"; }
            public int batch() { return 2; }
            public int run(byte[] in) { ecb.update(in, 0, in.length, pass, 0); return pass[0]; }
        });
        targets.add(ghash("GHASH on vectors (GCM's associated data)", vector.newSm4Gcm(key, new byte[12], 16)));
        zucTargets(targets, vector.newZucSBoxLayer(), " on vectors");
    }

    /**
     * SM9: signing with r fixed against random (w = g^r, l = r − h and S = [l]ds all follow
     * from r); decryption with C3 wrong in different places; and the pairing of decryption with
     * one user key against others (de in the Miller loop). About a millisecond each: run these
     * with fewer measurements.
     */
    private static void sm9Targets(List<Target> targets) {
        Sm9Timing sm9 = new Sm9Timing();
        targets.add(new Scalar() {
            public String name() { return "SM9 signing (r used)"; }
            public int batch() { return 1; }
            public int run(byte[] r) { return sm9.sign(r); }
        });
        byte[] tag = sm9.validTag();
        // both classes are refused: whether a ciphertext decrypts is the caller's to see (a refusal
        // throws, which takes longer than returning), where C3 differs must not show
        targets.add(new Target() {
            public String name() { return "SM9 decryption"; }
            public String classes() { return "C3 wrong in its first byte against in another"; }
            public int batch() { return 1; }
            public int inputLength() { return tag.length; }
            public void prepare(int inputClass, SplittableRandom random, byte[] input) {
                System.arraycopy(tag, 0, input, 0, tag.length);
                input[inputClass == 0 ? 0 : 1 + random.nextInt(tag.length - 1)] ^= 1;
            }
            public int run(byte[] input) { return sm9.decryptWithTag(input); }
        });
        targets.add(new Target() {
            public String name() { return "SM9 decapsulation (user key used)"; }
            public String classes() { return "one key against others"; }
            public int batch() { return 1; }
            public int inputLength() { return 1; }
            public void prepare(int inputClass, SplittableRandom random, byte[] input) {
                input[0] = (byte) (inputClass == 0 ? -1 : random.nextInt(sm9.otherKeys()));
            }
            public int run(byte[] input) { return sm9.decapsulateWith(input[0]); }
        });
    }

    /**
     * ZUC on an S-box layer (the circuit, or the vector backend's): the key and IV loaded and 64
     * bytes of keystream used (all zeros, the most different from random ones, against random), and
     * the MACs over 256 bytes of zeros against random data (a zero bit adds no keystream window: a
     * branch on the bits would show there).
     */
    private static void zucTargets(List<Target> targets, ZucSBoxLayer sboxes, String where) {
        byte[] stream = new byte[64];
        targets.add(new FixedVsRandom(new byte[32]) {
            public String name() { return "ZUC-128 (key and IV loaded, 64 bytes)" + where; }
            public int batch() { return 2; }
            public int run(byte[] in) {
                Zuc zuc = Zuc.zuc128(Arrays.copyOf(in, 16), Arrays.copyOfRange(in, 16, 32), sboxes);
                zuc.xor(stream, 0, stream, 0, 64);
                return stream[0];
            }
        });
        targets.add(new FixedVsRandom(new byte[57]) {
            public String name() { return "ZUC-256 (key and IV loaded, 64 bytes)" + where; }
            public int batch() { return 2; }
            public int run(byte[] in) {
                Zuc zuc = Zuc.zuc256(Arrays.copyOf(in, 32), Arrays.copyOfRange(in, 32, 57), 0, sboxes);
                zuc.xor(stream, 0, stream, 0, 64);
                return stream[0];
            }
        });
        byte[] key = filled(32, 0x3c);
        byte[] iv = filled(25, 0x15);
        byte[] tag = new byte[16];
        targets.add(new FixedVsRandom(new byte[256]) {
            public String name() { return "128-EIA3 MAC (data)" + where; }
            public int batch() { return 1; }
            public int run(byte[] in) {
                ZucMac mac = ZucMac.eia3(Arrays.copyOf(key, 16), Arrays.copyOf(iv, 16), sboxes);
                mac.update(in, 0, in.length);
                mac.finish(0, 0, tag, 0);
                return tag[0];
            }
        });
        targets.add(new FixedVsRandom(new byte[256]) {
            public String name() { return "ZUC-256-128 MAC (data)" + where; }
            public int batch() { return 1; }
            public int run(byte[] in) {
                ZucMac mac = ZucMac.zuc256(key, iv, 128, sboxes);
                mac.update(in, 0, in.length);
                mac.finish(0, 0, tag, 0);
                return tag[0];
            }
        });
    }

    /** GCM's tag over 256 bytes of associated data alone: its GHASH, fixed against random data. */
    private static Target ghash(String name, AeadEngine gcm) {
        byte[] tagOut = new byte[16];
        return new FixedVsRandom(new byte[256]) {
            public String name() { return name; }
            public int batch() { return 4; }
            public int run(byte[] in) {
                gcm.updateAad(in, 0, in.length);
                gcm.finishEncryption(tagOut, 0);
                gcm.reset(IV);
                return tagOut[0];
            }
        };
    }

    static List<Target> targets() {
        List<Target> targets = new ArrayList<>();
        Sm2Curve curve = new Sm2Curve();
        Sm2Point result = new Sm2Point();
        Sm2Point base = new Sm2Point();
        Sm2Curve.setGenerator(base);
        targets.add(new Scalar() {
            public String name() { return "k·G (fixed-base comb)"; }
            public int batch() { return 1; }
            public int run(byte[] k) { curve.multiplyGenerator(result, k, 0); return 0; }
        });
        targets.add(new Scalar() {
            public String name() { return "k·P (signed windows)"; }
            public int batch() { return 1; }
            public int run(byte[] k) { curve.multiply(result, base, k, 0); return 0; }
        });

        Sm2Signer signer = new Sm2Signer();
        Sm2Encryptor encryptor = new Sm2Encryptor();
        byte[] d = fixedScalar();
        d[30] = 0x55;
        byte[] publicKey = new byte[64];
        signer.publicKey(d, publicKey, 0);
        byte[] plain = new byte[32];
        byte[] valid = new byte[Sm2Encryptor.OVERHEAD + plain.length];
        encryptor.encrypt(publicKey, plain, 0, plain.length, new java.security.SecureRandom(), valid, 0);
        byte[] out = new byte[plain.length];
        targets.add(new Target() {
            public String name() { return "SM2 decryption"; }
            public String classes() { return "valid against wrong C3"; }
            public int batch() { return 1; }
            public int inputLength() { return valid.length; }
            public void prepare(int inputClass, SplittableRandom random, byte[] input) {
                System.arraycopy(valid, 0, input, 0, valid.length);
                if (inputClass == 1) {
                    input[Sm2Encryptor.C1_BYTES + random.nextInt(Sm2Encryptor.C3_BYTES)] ^= 1;
                }
            }
            public int run(byte[] input) { return encryptor.decrypt(d, input, 0, input.length, out, 0); }
        });

        byte[] digest = filled(32, 0x5a);
        byte[] signature = new byte[64];
        java.security.SecureRandom nonceSeed = new java.security.SecureRandom();
        targets.add(new Scalar() {
            public String name() { return "SM2 signing (key loaded, inverted, used)"; }
            public int batch() { return 1; }
            public int run(byte[] privateKey) { signer.sign(privateKey, digest, nonceSeed, signature, 0); return signature[0]; }
        });

        sm9Targets(targets);
        zucTargets(targets, Zuc.CIRCUIT, "");

        byte[] key = new byte[16];
        Arrays.fill(key, (byte) 0x3c);
        Sm4 sm4 = new Sm4(key);
        byte[] block = new byte[16];
        targets.add(new FixedVsRandom(new byte[16]) {
            public String name() { return "SM4 one block (circuit)"; }
            public int batch() { return 32; }
            public int run(byte[] in) { sm4.encryptBlock(in, 0, block, 0); return block[0]; }
        });
        byte[] blocks = new byte[64 * 16];
        targets.add(new FixedVsRandom(new byte[64 * 16]) {
            public String name() { return "SM4 64 blocks (bitsliced)"; }
            public int batch() { return 2; }
            public int run(byte[] in) { sm4.encryptBlocks(in, 0, blocks, 0, 64); return blocks[0]; }
        });
        Sm4CbcMessages chains = new Sm4CbcMessages(key);
        byte[] ivs = new byte[16 * 16];
        int[] lengths = new int[16];
        Arrays.fill(lengths, 64);
        byte[] chained = new byte[16 * 64];
        targets.add(new FixedVsRandom(new byte[16 * 64]) {
            public String name() { return "SM4-CBC, 16 messages side by side (16 lanes)"; }
            public int batch() { return 2; }
            public int run(byte[] in) { chains.encrypt(ivs, lengths, 16, in, 0, chained, 0); return chained[0]; }
        });
        vectorTargets(targets, key);
        targets.add(ghash("GHASH (GCM's associated data)", new Sm4Gcm(key, new byte[12], 16)));
        byte[] tag = new byte[16];
        Arrays.fill(tag, (byte) 0xa5);
        targets.add(new Target() {
            public String name() { return "tag comparison"; }
            public String classes() { return "equal against first byte differing"; }
            public int batch() { return 64; }
            public int inputLength() { return 16; }
            public void prepare(int inputClass, SplittableRandom random, byte[] input) {
                System.arraycopy(tag, 0, input, 0, 16);
                if (inputClass == 1) {
                    input[0] ^= 0xff;
                }
            }
            public int run(byte[] input) { return ConstantTime.equalsMask(tag, 0, input, 0, 16); }
        });
        // the control: a comparison that stops at the first difference must show a leak
        targets.add(new Target() {
            public String name() { return "control: Arrays.equals (variable time)"; }
            public String classes() { return "equal against first byte differing"; }
            public int batch() { return 64; }
            public int inputLength() { return 256; }
            public void prepare(int inputClass, SplittableRandom random, byte[] input) {
                Arrays.fill(input, (byte) 0xa5);
                if (inputClass == 1) {
                    input[0] ^= 0xff;
                }
            }
            public int run(byte[] input) { return Arrays.equals(CONTROL, input) ? 1 : 0; }
        });
        return targets;
    }
}
