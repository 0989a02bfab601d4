package org.shangmi.vector;

import java.lang.instrument.ClassDefinition;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.sm4.Sm4Gcm;
import org.shangmi.core.sm4.Sm4Modes;
import org.shangmi.core.sm4.Sm4Rounds;

/**
 * The gate in a JVM of its own (its state is the JVM's), run by {@link VectorGateTest}; prints
 * what it finds, one line each, and {@code done}.
 *
 * <ul>
 *   <li>{@code shapes}: loads the backend, then makes the calls a real user makes first (1, 2, 3
 *       and 17 blocks each way, CBC, CTR across a carry, GCM) through the backend's engines and
 *       prints any that allocated as the fallback does (or more than two that allocated a little),
 *       any deoptimisation of the backend's code after loading (from JFR), and the backend's
 *       details after a while of steady use (which must not have moved it to the circuit engine); {@code shapes-virtual} loads it on a virtual thread,
 *       whose allocation the JDK does not count.
 *   <li>{@code shut}: shuts the gate by hand, as if a check had seen an allocation.
 *   <li>{@code redefine}: takes the compiled code away for real, by redefining
 *       {@link VectorSm4Rounds} with its own bytes (run with {@link Agent} as a Java agent).
 *   <li>{@code redefine-single-use}: the same, then encrypts one block with each of many new keys,
 *       as a program that makes a key per message does: one checked call must be enough.
 *   <li>{@code redefine-ghash}: redefines {@link VectorGhash} alone while GCM keys hash associated
 *       data only, so that only GHASH's own checks can see the fallback; the tags must not change.
 * </ul>
 * The redefining ones then check that later calls are served by the circuit engine with the same
 * results as the Java backend's. Each of these loads the backend and waits for its warm-up to pass;
 * the next two do not:
 * <ul>
 *   <li>{@code warming}: loads it while holding the gate's lock, which the warm-up needs to pass, so
 *       that loading must return while the warm-up still runs; keys made then give the standard's
 *       and the Java backend's results on the circuit engine, without a call on the vector code
 *       (none measured, none allocating as the fallback does); once the warm-up passes, the same
 *       keys run on vectors (their checks measure calls) with the same results.
 *   <li>{@code failed-warm-up}: run with C1 alone, whose code never stops allocating: loading returns
 *       at once, keys run on the circuit engine, and once the warm-up gives up the details say why
 *       and a later load fails.
 * </ul>
 *
 * <p>In {@code shapes} it uses only the backend's service interface, once {@link VectorGate} has
 * said that the warm-up passed.
 */
public final class VectorGateProgram {

    private static final byte[] KEY = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    /** The warm-up's own limit and then some: the test machines are small and busy. */
    private static final long WARM_UP_WAIT_MILLIS = VectorWarmUp.LIMIT_NANOS / 1_000_000 + 60_000;
    /**
     * Calls of {@link #encryptAll} that make at least two check intervals of rounds calls for each
     * of its keys: CTR's 53-byte messages take a rounds call for 64 blocks of key stream at a time.
     */
    private static final int ENOUGH_CALLS = 2 * VectorGate.CHECK_EVERY * 64 * 16 / 53;
    private static final String CIRCUIT_UNTIL = "the Java circuit engine serves SM4 until the warm-up shows the vector code compiled";
    /** GB/T 32907-2016, example 1: the key, which is also the plaintext, and the ciphertext. */
    private static final byte[] GBT_KEY = HexFormat.of().parseHex("0123456789abcdeffedcba9876543210");
    private static final byte[] GBT_CIPHERTEXT = HexFormat.of().parseHex("681edf34d206965e86b3e94f536e4246");

    private VectorGateProgram() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "shapes" -> shapes(false);
            case "shapes-virtual" -> shapes(true);
            case "shut" -> fallBack(false);
            case "redefine" -> fallBack(true);
            case "redefine-single-use" -> singleUseKeys();
            case "redefine-ghash" -> ghashFallBack();
            case "warming" -> warming();
            case "failed-warm-up" -> failedWarmUp();
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.out.println("done");
    }

    /** The backend, loaded and warmed up (the warm-up must pass). */
    private static BackendService loadedBackend() throws Exception {
        BackendService vector = new VectorBackend();
        vector.load();
        if (!VectorGate.awaitWarmUp(WARM_UP_WAIT_MILLIS) || !VectorGate.isOpen()) {
            throw new IllegalStateException("the warm-up did not pass: " + vector.details());
        }
        return vector;
    }

    private static void shapes(boolean loadOnVirtualThread) throws Exception {
        Recording compilations = new Recording();
        compilations.enable("jdk.Compilation").withThreshold(Duration.ZERO);
        compilations.start();
        BackendService vector;
        if (loadOnVirtualThread) {
            BackendService[] loaded = new BackendService[1];
            Exception[] failed = new Exception[1];
            Thread.ofVirtual().start(() -> {
                try {
                    loaded[0] = loadedBackend();
                } catch (Exception e) {
                    failed[0] = e;
                }
            }).join();
            if (failed[0] != null) {
                throw failed[0];
            }
            vector = loaded[0];
        } else {
            vector = loadedBackend();
        }
        Instant loaded = Instant.now();
        Recording deoptimisations = new Recording();
        deoptimisations.enable("jdk.Deoptimization").withThreshold(Duration.ZERO);
        deoptimisations.start();

        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[] data = new byte[16 * 40];
        byte[] carry = new byte[16];
        Arrays.fill(carry, 8, 16, (byte) 0xff);
        CipherEngine[] engines = {
            vector.newSm4(CipherMode.ECB, true, KEY, null),
            vector.newSm4(CipherMode.ECB, false, KEY, null),
            vector.newSm4(CipherMode.CBC, true, KEY, new byte[16]),
            vector.newSm4(CipherMode.CBC, false, KEY, new byte[16]),
            vector.newSm4(CipherMode.CTR, true, KEY, carry),
        };
        String[] names = {"ECB encryption", "ECB decryption", "CBC encryption", "CBC decryption", "CTR"};
        AeadEngine gcm = vector.newSm4Gcm(KEY, new byte[12], 16);
        byte[] tag = new byte[16];
        // the fallback allocates on every call, about 100 KB a block; the JVM (and the JFR
        // recording) now and then a few hundred bytes once: reported are the calls that allocate as
        // the fallback does, and small allocations when more than a stray one or two
        List<String> small = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (int blocks : new int[] {1, 2, 3, 17}) {
                int length = 16 * blocks;
                for (int e = 0; e < engines.length; e++) {
                    CipherEngine engine = engines[e];
                    long before = threads.getCurrentThreadAllocatedBytes();
                    engine.update(data, 0, length, data, 0);
                    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
                    // CBC decryption makes its batch buffer on its first call
                    String what = names[e] + " of " + blocks + " blocks allocated " + allocated + " bytes";
                    if (allocated >= VectorGate.FALLBACK_BYTES) {
                        System.out.println(what);
                    } else if (allocated != 0 && !(round == 0 && blocks == 1 && names[e].equals("CBC decryption"))) {
                        small.add(what);
                    }
                }
                gcm.encrypt(data, 0, length, data, 0);
                gcm.finishEncryption(tag, 0);
                if (!gcm.decrypt(data, 0, length, tag, 0, data, 0)) {
                    System.out.println("GCM failed its own tag");
                }
            }
        }
        if (small.size() > 2) {
            small.forEach(System.out::println);
        }
        // then steady use (some 250,000 rounds calls, about 4,000 checked): no check may shut the gate
        byte[] bulk = new byte[64 * 1024];
        for (int i = 0; i < 60; i++) {
            engines[2].update(bulk, 0, bulk.length, bulk, 0);
            engines[4].update(bulk, 0, bulk.length, bulk, 0);
            gcm.encrypt(bulk, 0, bulk.length, bulk, 0);
            gcm.finishEncryption(tag, 0);
        }
        deoptimisations.stop();
        compilations.stop();
        Map<Long, String> compiled = new TreeMap<>();
        for (RecordedEvent event : events(compilations, "jdk.Compilation")) {
            compiled.put(event.getLong("compileId"), name(event.getValue("method")));
        }
        TreeSet<String> found = new TreeSet<>();
        for (RecordedEvent event : events(deoptimisations, "jdk.Deoptimization")) {
            if (event.getStartTime().isBefore(loaded)) {
                continue;
            }
            String method = name(event.getValue("method"));
            String root = compiled.getOrDefault(event.getLong("compileId"), "?");
            // settle's branches on a check that saw an allocation are compiled lazily (see there)
            if ((method.startsWith("org.shangmi.vector.") || root.startsWith("org.shangmi.vector."))
                    && !method.equals("org.shangmi.vector.VectorGatedRounds.settle")) {
                found.add("deoptimised " + method + " at bytecode " + event.getInt("bci") + " (" + event.getString("reason")
                        + ") in code compiled for " + root);
            }
        }
        found.forEach(System.out::println);
        System.out.println("details: " + vector.details());
    }

    /** The recording's events of one type (a dump holds those of other recordings running at the time too). */
    private static List<RecordedEvent> events(Recording recording, String type) throws Exception {
        Path file = Files.createTempFile("shangmi-vector", ".jfr");
        try {
            recording.dump(file);
            return RecordingFile.readAllEvents(file).stream().filter(event -> event.getEventType().getName().equals(type)).toList();
        } finally {
            Files.delete(file);
        }
    }

    private static String name(RecordedMethod method) {
        return method == null ? "?" : method.getType().getName() + "." + method.getName();
    }

    private static void singleUseKeys() throws Exception {
        BackendService vector = loadedBackend();
        redefineRounds();
        byte[] iv = new byte[16];
        byte[] key = KEY.clone();
        int mismatches = 0;
        int keys = 0;
        while (VectorGate.isOpen() && keys < 4 * VectorGate.CHECK_EVERY) {
            key[0] = (byte) keys;
            key[1] = (byte) (keys >> 8);
            byte[] ours = new byte[16];
            byte[] java = new byte[16];
            vector.newSm4(CipherMode.CBC, true, key, iv).update(iv, 0, 16, ours, 0);
            Sm4Modes.create(CipherMode.CBC, true, key, iv).update(iv, 0, 16, java, 0);
            mismatches += Arrays.equals(ours, java) ? 0 : 1;
            keys++;
        }
        System.out.println("single-use keys: gate open " + VectorGate.isOpen() + " after at most "
                + (keys <= VectorGate.CHECK_EVERY ? VectorGate.CHECK_EVERY : keys) + " keys, mismatches " + mismatches);
        String details = vector.details();
        System.out.println("details: " + details.substring(details.indexOf("; since then") + 2));
    }

    /**
     * Loads the backend while holding the gate's lock, which the warm-up needs to pass, so that it
     * is still warming whatever the machine's speed (a load that waited for it would never
     * return); makes keys and uses them meanwhile; then lets the warm-up pass and uses the same
     * keys again.
     */
    private static void warming() throws Exception {
        BackendService vector = new VectorBackend();
        List<VectorGatedRounds> gates = new ArrayList<>();
        CipherEngine[] cbc;
        CipherEngine[] ctr;
        AeadEngine[] gcm;
        synchronized (VectorGate.LOCK) {
            vector.load();
            System.out.println("loaded: warming " + VectorGate.warming() + ", gate open " + VectorGate.isOpen());
            String details = vector.details();
            System.out.println("details: warming up " + details.matches("warming up for \\d+ ms so far: .*") + ", "
                    + (details.contains(CIRCUIT_UNTIL) ? CIRCUIT_UNTIL : details));
            cbc = engines(vector, CipherMode.CBC, gates);
            ctr = engines(vector, CipherMode.CTR, gates);
            gcm = gcmEngines(vector, gates);
            byte[] ecb = new byte[16];
            vector.newSm4(CipherMode.ECB, true, GBT_KEY, null).update(GBT_KEY, 0, 16, ecb, 0);
            // the fallback, before any compilation, allocates about 100 KB a block on every call; the
            // circuit engine nothing once it has made its state (on its first calls)
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            int mismatches = encryptAll(cbc, ctr, gcm, 2);
            int allocating = 0;
            for (int i = 0; i < 8; i++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                mismatches += encryptAll(cbc, ctr, gcm, 1);
                allocating += threads.getCurrentThreadAllocatedBytes() - before >= VectorGate.FALLBACK_BYTES ? 1 : 0;
            }
            // enough calls for every key to check one on the vector code, had it run there
            mismatches += encryptAll(cbc, ctr, gcm, ENOUGH_CALLS);
            System.out.println("while warming: GB/T 32907 example " + Arrays.equals(GBT_CIPHERTEXT, ecb)
                    + ", circuit served by " + gates.stream().filter(VectorGatedRounds::circuitServed).count() + " of "
                    + gates.size() + " keys, vector calls measured " + gates.stream().mapToInt(VectorGatedRounds::measured).sum()
                    + ", calls allocating as the fallback does " + allocating + " of 8, mismatches " + mismatches
                    + ", still warming " + VectorGate.warming());
        }
        boolean ended = VectorGate.awaitWarmUp(WARM_UP_WAIT_MILLIS);
        System.out.println("warm-up ended " + ended + ", gate open " + VectorGate.isOpen() + ", details: "
                + (vector.details().contains(", compiled after ") ? "compiled after" : vector.details()));
        int mismatches = encryptAll(cbc, ctr, gcm, ENOUGH_CALLS);
        System.out.println("after: keys made while warming on vectors " + gates.stream().filter(g -> g.measured() > 0).count()
                + " of " + gates.size() + ", mismatches " + mismatches + ", gate open " + VectorGate.isOpen());
    }

    /**
     * With C1 alone the Vector API never runs compiled: loading returns at once all the same, keys
     * run on the circuit engine, and once the warm-up gives up the details say why and later loads
     * fail.
     */
    private static void failedWarmUp() throws Exception {
        BackendService vector = new VectorBackend();
        vector.load();
        System.out.println("loaded: warming " + VectorGate.warming() + ", gate open " + VectorGate.isOpen());
        List<VectorGatedRounds> gates = new ArrayList<>();
        CipherEngine[] cbc = engines(vector, CipherMode.CBC, gates);
        CipherEngine[] ctr = engines(vector, CipherMode.CTR, gates);
        AeadEngine[] gcm = gcmEngines(vector, gates);
        int mismatches = encryptAll(cbc, ctr, gcm, ENOUGH_CALLS);
        boolean ended = VectorGate.awaitWarmUp(WARM_UP_WAIT_MILLIS);
        mismatches += encryptAll(cbc, ctr, gcm, ENOUGH_CALLS);
        byte[] ecb = new byte[16];
        vector.newSm4(CipherMode.ECB, true, GBT_KEY, null).update(GBT_KEY, 0, 16, ecb, 0);
        System.out.println("warm-up ended " + ended + ", gate open " + VectorGate.isOpen() + ", GB/T 32907 example "
                + Arrays.equals(GBT_CIPHERTEXT, ecb) + ", circuit served by "
                + gates.stream().filter(VectorGatedRounds::circuitServed).count() + " of " + gates.size()
                + " keys, vector calls measured " + gates.stream().mapToInt(VectorGatedRounds::measured).sum()
                + ", mismatches " + mismatches);
        System.out.println("details: " + vector.details().replaceAll(" \\(.*", ""));
        try {
            vector.load();
            System.out.println("loaded again");
        } catch (BackendUnavailableException e) {
            System.out.println("load again: " + e.getMessage().replaceAll(" \\(.*", ""));
        }
    }

    /** The backend's engine for {@code mode}, the same mode on rounds recorded in {@code gates}, and the Java backend's. */
    private static CipherEngine[] engines(BackendService vector, CipherMode mode, List<VectorGatedRounds> gates) {
        byte[] iv = new byte[16];
        Arrays.fill(iv, 8, 16, (byte) 0xff);
        return new CipherEngine[] {
            vector.newSm4(mode, true, KEY, iv), Sm4Modes.create(mode, true, KEY, iv, recording(gates)), Sm4Modes.create(mode, true, KEY, iv)};
    }

    private static AeadEngine[] gcmEngines(BackendService vector, List<VectorGatedRounds> gates) {
        return new AeadEngine[] {
            vector.newSm4Gcm(KEY, new byte[12], 16), new Sm4Gcm(KEY, new byte[12], 16, recording(gates)), new Sm4Gcm(KEY, new byte[12], 16)};
    }

    /** The backend's own rounds (a caller's, not trial rounds), each added to {@code gates}. */
    private static Sm4Rounds.Factory recording(List<VectorGatedRounds> gates) {
        return (encryptionKeys, decryptionKeys) -> {
            VectorGatedRounds rounds = new VectorGatedRounds(encryptionKeys, decryptionKeys);
            gates.add(rounds);
            return rounds;
        };
    }

    /**
     * GCM keys hashing associated data only (passes of GHASH, no rounds call), then the compiled
     * GHASH thrown away: a GHASH check alone must see the fallback and shut the gate, and every
     * tag must still equal the Java backend's.
     */
    private static void ghashFallBack() throws Exception {
        BackendService vector = loadedBackend();
        byte[] key = new byte[16];
        byte[] iv = new byte[12];
        AeadEngine[] vectorGcm = new AeadEngine[3];
        for (int e = 0; e < vectorGcm.length; e++) {
            key[0] = (byte) e;
            vectorGcm[e] = vector.newSm4Gcm(key, iv, 16);
        }
        byte[] aad = new byte[16 * 4 * VectorGhash.MAX_PASS_BLOCKS + 7];
        int before = tagMismatches(vectorGcm, aad, 3);
        boolean openBefore = VectorGate.isOpen();
        redefine(VectorGhash.class);
        int after = tagMismatches(vectorGcm, aad, 3 * VectorGate.CHECK_EVERY);
        System.out.println("ghash: gate open " + openBefore + " then " + VectorGate.isOpen() + ", mismatches " + (before + after));
        String details = vector.details();
        System.out.println("details: " + details.substring(details.indexOf("; since then") + 2));
    }

    /** Tags of {@code calls} messages of associated data only, per engine, that differ from the Java backend's. */
    private static int tagMismatches(AeadEngine[] engines, byte[] aad, int calls) {
        int mismatches = 0;
        byte[] key = new byte[16];
        for (int i = 0; i < calls; i++) {
            Arrays.fill(aad, (byte) i);
            for (int e = 0; e < engines.length; e++) {
                key[0] = (byte) e;
                AeadEngine java = new Sm4Gcm(key, new byte[12], 16);
                byte[] expected = new byte[16];
                java.updateAad(aad, 0, aad.length);
                java.finishEncryption(expected, 0);
                byte[] tag = new byte[16];
                engines[e].updateAad(aad, 0, aad.length);
                engines[e].finishEncryption(tag, 0);
                mismatches += Arrays.equals(expected, tag) ? 0 : 1;
            }
        }
        return mismatches;
    }

    /** Throws the compiled code of the vector rounds away, as an agent or a debugger can. */
    private static void redefineRounds() throws Exception {
        redefine(VectorSm4Rounds.class);
    }

    /** Throws the compiled code of {@code target} away by redefining it with its own bytes. */
    private static void redefine(Class<?> target) throws Exception {
        byte[] bytes;
        try (var in = target.getResourceAsStream(target.getSimpleName() + ".class")) {
            bytes = in.readAllBytes();
        }
        Agent.instrumentation.redefineClasses(new ClassDefinition(target, bytes));
    }

    private static void fallBack(boolean redefine) throws Exception {
        BackendService vector = loadedBackend();
        List<VectorGatedRounds> gates = new ArrayList<>();
        CipherEngine[] cbc = engines(vector, CipherMode.CBC, gates);
        CipherEngine[] ctr = engines(vector, CipherMode.CTR, gates);
        AeadEngine[] gcm = gcmEngines(vector, gates);
        int mismatches = encryptAll(cbc, ctr, gcm, 3);
        System.out.println("before: gate open " + VectorGate.isOpen() + ", circuit served "
                + gates.stream().anyMatch(VectorGatedRounds::circuitServed) + ", mismatches " + mismatches);
        if (redefine) {
            redefineRounds();
        } else {
            VectorGate.shut("shut by the test");
        }
        // CBC, one rounds call each, is checked within a check interval and its next call confirms;
        // then every key has calls left on the circuit engine
        mismatches = encryptAll(cbc, ctr, gcm, 3 * VectorGate.CHECK_EVERY);
        System.out.println("after: gate open " + VectorGate.isOpen() + ", circuit served by "
                + gates.stream().filter(VectorGatedRounds::circuitServed).count() + " of " + gates.size()
                + " keys, mismatches " + mismatches);
        String details = vector.details();
        System.out.println("details: " + details.substring(details.indexOf("; since then") + 2));
    }

    /**
     * Calls each engine {@code calls} times (CBC one block a call, CTR a few blocks across the
     * counter's carry, GCM a message of three blocks, each a few rounds calls); the number of outputs
     * that differ from the Java backend's.
     */
    private static int encryptAll(CipherEngine[] cbc, CipherEngine[] ctr, AeadEngine[] gcm, int calls) {
        int mismatches = 0;
        byte[] message = new byte[16 * 3 + 5];
        for (int i = 0; i < calls; i++) {
            Arrays.fill(message, (byte) i);
            byte[][] outputs = new byte[3][];
            for (int e = 0; e < 3; e++) {
                outputs[e] = new byte[16];
                cbc[e].update(message, 0, 16, outputs[e], 0);
            }
            mismatches += differ(outputs);
            for (int e = 0; e < 3; e++) {
                outputs[e] = new byte[message.length];
                ctr[e].update(message, 0, message.length, outputs[e], 0);
            }
            mismatches += differ(outputs);
            for (int e = 0; e < 3; e++) {
                outputs[e] = new byte[message.length + 16];
                gcm[e].encrypt(message, 0, message.length, outputs[e], 0);
                gcm[e].finishEncryption(outputs[e], message.length);
            }
            mismatches += differ(outputs);
        }
        return mismatches;
    }

    private static int differ(byte[][] outputs) {
        return Arrays.equals(outputs[0], outputs[2]) && Arrays.equals(outputs[1], outputs[2]) ? 0 : 1;
    }

    /** The Java agent of {@code redefine}: keeps the instrumentation. */
    public static final class Agent {

        static volatile Instrumentation instrumentation;

        private Agent() {
        }

        public static void premain(String options, Instrumentation given) {
            instrumentation = given;
        }
    }
}
