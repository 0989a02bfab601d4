package org.shangmi.vector;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CcmEngine;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.backend.XtsEngine;
import org.shangmi.core.sm4.Sm4;
import org.shangmi.core.sm4.Sm4Ccm;
import org.shangmi.core.sm4.Sm4Gcm;
import org.shangmi.core.sm4.Sm4Modes;
import org.shangmi.core.sm4.Sm4Xts;

/**
 * The vector backend: SM4 in every mode, with the rounds of {@link VectorSm4Rounds} (through
 * {@link VectorGatedRounds}) under the Java backend's modes. It needs JDK 25 and the incubating
 * Vector API in the boot layer ({@code --add-modules jdk.incubator.vector}); it serves nothing
 * else.
 *
 * <p>Loading runs the GB/T 32907-2016 example through both paths, then warms the vector code on
 * public keys in every call shape the engines make ({@link VectorWarmUp}) until a round of them
 * allocates nothing in any rounds call, which shows that the JIT runs it as vector instructions
 * rather than the Vector API's Java fallback (in which lookups index arrays and branch on data).
 * If that does not happen within {@link #WARM_UP_LIMIT_NANOS}, for example under {@code -Xint},
 * the backend does not load. Afterwards the engines' rounds ({@link VectorGatedRounds}) check
 * one call in {@link VectorGate#CHECK_EVERY} and move every key to the circuit engine for good
 * when a checked call allocates as the fallback does.
 */
public final class VectorBackend implements BackendService {

    public static final String NAME = "vector";

    static final long WARM_UP_LIMIT_NANOS = 20_000_000_000L;
    private static final String MODULE = "jdk.incubator.vector";

    /** What loading found in this JVM, once tried: the details, or why it cannot serve. */
    private static String readiness;
    private static BackendUnavailableException failure;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<Algorithm> load() throws BackendUnavailableException {
        synchronized (VectorBackend.class) {
            if (readiness == null && failure == null) {
                try {
                    readiness = prepare();
                } catch (BackendUnavailableException e) {
                    failure = e;
                }
            }
            if (failure != null) {
                throw new BackendUnavailableException(failure.getMessage(), failure);
            }
        }
        return EnumSet.of(Algorithm.SM4);
    }

    @Override
    public String details() {
        synchronized (VectorBackend.class) {
            String shut = VectorGate.shutBecause();
            if (readiness == null || shut == null) {
                return readiness == null ? "" : readiness;
            }
            return readiness + "; since then on the circuit engine: " + shut;
        }
    }

    private static String prepare() throws BackendUnavailableException {
        if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
            throw new BackendUnavailableException("the Vector API is not in this JVM: start it with --add-modules " + MODULE);
        }
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
            throw new BackendUnavailableException("this JVM cannot count a thread's allocation, which the warm-up check needs");
        }
        if (Thread.currentThread().isVirtual()) {
            // the JDK counts allocation on platform threads only
            return onPlatformThread();
        }
        try {
            // open while warming, so that the JIT profiles the gate as the engines will run it
            VectorGate.open();
            checkKnownAnswer();
            long nanos = warmUp();
            VectorGate.proven();
            return "SM4 rounds on " + VectorSm4Rounds.LANES * 32 + "-bit vectors (" + VectorSm4Rounds.LANES
                    + " blocks a pass), compiled after " + nanos / 1_000_000 + " ms of warm-up; "
                    + System.getProperty("java.vm.name") + " " + Runtime.version();
        } catch (LinkageError e) {
            VectorGate.shut("the Vector API failed to link");
            throw new BackendUnavailableException("the Vector API failed to link: " + e, e);
        } catch (BackendUnavailableException e) {
            VectorGate.shut("it did not load");
            throw e;
        } catch (RuntimeException e) {
            VectorGate.shut("it did not load");
            throw new BackendUnavailableException("SM4 on vectors failed in the warm-up: " + e, e);
        }
    }

    private static String onPlatformThread() throws BackendUnavailableException {
        String[] result = new String[1];
        Throwable[] thrown = new Throwable[1];
        Thread thread = Thread.ofPlatform().daemon().name("shangmi-vector-warm-up").start(() -> {
            try {
                result[0] = prepare();
            } catch (BackendUnavailableException | RuntimeException | Error e) {
                thrown[0] = e;
            }
        });
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        switch (thrown[0]) {
            case null -> {
                return result[0];
            }
            case BackendUnavailableException e -> throw new BackendUnavailableException(e.getMessage(), e);
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(thrown[0]);
        }
    }

    /** GB/T 32907-2016, example 1, on the single-block and the many-block paths. */
    private static void checkKnownAnswer() throws BackendUnavailableException {
        byte[] key = HexFormat.of().parseHex("0123456789abcdeffedcba9876543210");
        byte[] expected = HexFormat.of().parseHex("681edf34d206965e86b3e94f536e4246");
        Sm4 sm4 = new Sm4(key, (encryptionKeys, decryptionKeys) -> new VectorGatedRounds(encryptionKeys, decryptionKeys, true));
        byte[] single = new byte[16];
        sm4.encryptBlock(key, 0, single, 0);
        int blocks = VectorSm4Rounds.LANES + 3;
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
            throw new BackendUnavailableException("SM4 on vectors fails the GB/T 32907-2016 example");
        }
    }

    /**
     * Runs every call shape ({@link VectorWarmUp}) until a round of them, every call measured,
     * allocates nothing; returns how long it took.
     */
    private static long warmUp() throws BackendUnavailableException {
        long start = System.nanoTime();
        VectorWarmUp shapes = new VectorWarmUp(start + WARM_UP_LIMIT_NANOS);
        try {
            while (true) {
                for (int i = 0; i < 20 && shapes.run(); i++) {
                    // the JIT compiles what runs often, with the profile these runs leave
                }
                String allocating = shapes.allocating();
                long elapsed = System.nanoTime() - start;
                if (allocating == null) {
                    return elapsed;
                }
                if (elapsed > WARM_UP_LIMIT_NANOS) {
                    throw new BackendUnavailableException("the JIT did not compile the vector code within "
                            + WARM_UP_LIMIT_NANOS / 1_000_000_000 + " s (" + allocating + "): it would run the"
                            + " Vector API's Java fallback, which is neither fast nor constant time");
                }
            }
        } finally {
            shapes.wipe();
        }
    }

    @Override
    public DigestEngine newDigest(Algorithm algorithm) {
        throw new UnsupportedOperationException("the vector backend serves SM4 only");
    }

    @Override
    public MacEngine newMac(Algorithm algorithm) {
        throw new UnsupportedOperationException("the vector backend serves SM4 only");
    }

    @Override
    public Sm2Engine newSm2() {
        throw new UnsupportedOperationException("the vector backend serves SM4 only");
    }

    @Override
    public CipherEngine newSm4(CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        return Sm4Modes.create(mode, encrypt, key, iv, VectorGatedRounds::new);
    }

    @Override
    public AeadEngine newSm4Gcm(byte[] key, byte[] iv, int tagLength) {
        return new Sm4Gcm(key, iv, tagLength, VectorGatedRounds::new);
    }

    @Override
    public XtsEngine newSm4Xts(byte[] key, boolean ieee) {
        return new Sm4Xts(key, ieee, VectorGatedRounds::new);
    }

    @Override
    public CcmEngine newSm4Ccm(byte[] key) {
        return new Sm4Ccm(key, VectorGatedRounds::new);
    }
}
