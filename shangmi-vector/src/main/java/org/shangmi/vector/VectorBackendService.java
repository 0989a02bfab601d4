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
import org.shangmi.core.sm4.Sm4Rounds;
import org.shangmi.core.sm4.Sm4Xts;

/**
 * The vector backend: SM4 in every mode, with the rounds of {@link VectorSm4Rounds} under the
 * Java backend's modes. It needs JDK 25 and the incubating Vector API in the boot layer
 * ({@code --add-modules jdk.incubator.vector}); it serves nothing else.
 *
 * <p>Loading runs the GB/T 32907-2016 example through both paths, then warms the vector code on a zero key until a call of each path allocates nothing, which
 * shows that the JIT runs it as vector instructions rather than the Vector API's Java fallback (in
 * which lookups index arrays and branch on data). If that does not happen within
 * {@link #WARM_UP_LIMIT_NANOS}, for example under {@code -Xint}, the backend does not load.
 */
public final class VectorBackendService implements BackendService {

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
        synchronized (VectorBackendService.class) {
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
        synchronized (VectorBackendService.class) {
            return readiness == null ? "" : readiness;
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
        try {
            checkKnownAnswer();
            long nanos = warmUp(threads);
            return "SM4 rounds on " + VectorSm4Rounds.LANES * 32 + "-bit vectors (" + VectorSm4Rounds.LANES
                    + " blocks a pass), compiled after " + nanos / 1_000_000 + " ms of warm-up; "
                    + System.getProperty("java.vm.name") + " " + Runtime.version();
        } catch (LinkageError e) {
            throw new BackendUnavailableException("the Vector API failed to link: " + e, e);
        }
    }

    /** GB/T 32907-2016, example 1, on the single-block and the many-block paths. */
    private static void checkKnownAnswer() throws BackendUnavailableException {
        byte[] key = HexFormat.of().parseHex("0123456789abcdeffedcba9876543210");
        byte[] expected = HexFormat.of().parseHex("681edf34d206965e86b3e94f536e4246");
        Sm4 sm4 = new Sm4(key, VectorSm4Rounds::new);
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
     * Runs each path on a zero key until one call of each allocates nothing; returns how long it
     * took.
     */
    private static long warmUp(com.sun.management.ThreadMXBean threads) throws BackendUnavailableException {
        Sm4Rounds[] made = new Sm4Rounds[1];
        Sm4 sm4 = new Sm4(new byte[16], (encryptionKeys, decryptionKeys) -> made[0] = new VectorSm4Rounds(encryptionKeys, decryptionKeys));
        Sm4Rounds rounds = made[0];
        int blocks = 2 * VectorSm4Rounds.LANES;
        byte[] data = new byte[16 * blocks];
        long[] counter = new long[2];
        long start = System.nanoTime();
        while (true) {
            for (int i = 0; i < 200 && System.nanoTime() - start <= WARM_UP_LIMIT_NANOS; i++) {
                rounds.cryptBlock(true, data, 0, data, 0);
                rounds.cryptBlocks(i % 2 == 0, data, 0, data, 0, blocks);
                rounds.cryptCounters(counter, 32, data, 0, data, 0, blocks);
            }
            long single = allocation(threads, () -> rounds.cryptBlock(false, data, 0, data, 0));
            long many = allocation(threads, () -> rounds.cryptBlocks(true, data, 0, data, 0, blocks));
            long counters = allocation(threads, () -> rounds.cryptCounters(counter, 128, data, 0, data, 0, blocks));
            long elapsed = System.nanoTime() - start;
            if (single == 0 && many == 0 && counters == 0) {
                sm4.wipe();
                return elapsed;
            }
            if (elapsed > WARM_UP_LIMIT_NANOS) {
                sm4.wipe();
                throw new BackendUnavailableException("the JIT did not compile the vector code within "
                        + WARM_UP_LIMIT_NANOS / 1_000_000_000 + " s (a call still allocates " + single + ", " + many
                        + " and " + counters + " bytes): it would run the Vector API's Java fallback, which is"
                        + " neither fast nor constant time");
            }
        }
    }

    private static long allocation(com.sun.management.ThreadMXBean threads, Runnable call) {
        long before = threads.getCurrentThreadAllocatedBytes();
        long baseline = threads.getCurrentThreadAllocatedBytes() - before;
        long start = threads.getCurrentThreadAllocatedBytes();
        call.run();
        return threads.getCurrentThreadAllocatedBytes() - start - baseline;
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
        return Sm4Modes.create(mode, encrypt, key, iv, VectorSm4Rounds::new);
    }

    @Override
    public AeadEngine newSm4Gcm(byte[] key, byte[] iv, int tagLength) {
        return new Sm4Gcm(key, iv, tagLength, VectorSm4Rounds::new);
    }

    @Override
    public XtsEngine newSm4Xts(byte[] key, boolean ieee) {
        return new Sm4Xts(key, ieee, VectorSm4Rounds::new);
    }

    @Override
    public CcmEngine newSm4Ccm(byte[] key) {
        return new Sm4Ccm(key, VectorSm4Rounds::new);
    }
}
