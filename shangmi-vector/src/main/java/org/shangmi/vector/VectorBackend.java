package org.shangmi.vector;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.CbcMessagesEngine;
import org.shangmi.core.backend.CcmEngine;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.backend.XtsEngine;
import org.shangmi.core.sm4.Sm4CbcMessages;
import org.shangmi.core.sm4.Sm4Ccm;
import org.shangmi.core.sm4.Sm4Gcm;
import org.shangmi.core.sm4.Sm4Modes;
import org.shangmi.core.sm4.Sm4Xts;
import org.shangmi.core.zuc.ZucSBoxLayer;

/**
 * The vector backend: SM4 in every mode, with the rounds of {@link VectorSm4Rounds} (through
 * {@link VectorGatedRounds}) under the Java backend's modes, and GCM's GHASH a pass of blocks at a
 * time on {@link VectorGhash} (through {@link VectorGatedGhash}), under the same gate; and ZUC's
 * S-box layer ({@link VectorZucSBox} through {@link VectorGatedZucLayer}) for the core's ZUC engines. It needs JDK 25 and the incubating
 * Vector API in the boot layer ({@code --add-modules jdk.incubator.vector}); it serves nothing
 * else.
 *
 * <p>Loading checks that the Vector API, the JIT and per-thread allocation counting are there and
 * returns; a daemon thread then runs the GB/T 32907-2016 example through the vector code, warms it
 * on public keys in every call shape the engines make ({@link VectorWarmUp}) until a round of them
 * allocates nothing in any rounds call, which shows that the JIT runs it as vector instructions
 * rather than the Vector API's Java fallback (in which lookups index arrays and branch on data),
 * and runs the example again on the compiled code. Until then every key runs on the circuit
 * engine, and {@link #details} begins with {@code "warming up"}; if the warm-up does not pass
 * within {@link VectorWarmUp#LIMIT_NANOS} (for example with C1 alone) or a known answer fails, SM4
 * stays on the circuit engine and the details say why. Afterwards the engines' rounds check one
 * call in {@link VectorGate#CHECK_EVERY} and move every key to the circuit engine for good when a
 * checked call allocates as the fallback does. The state is the JVM's, held by
 * {@link VectorGate}; this class holds none. Thread-safe.
 */
public final class VectorBackend implements BackendService {

    public static final String NAME = "vector";

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Returns SM4 once the Vector API, the JIT and allocation counting are found, without waiting
     * for the warm-up; at once if loaded before in this JVM.
     *
     * @throws BackendUnavailableException why not, also after a warm-up that failed
     */
    @Override
    public Set<Algorithm> load() throws BackendUnavailableException {
        VectorGate.load();
        return EnumSet.of(Algorithm.SM4);
    }

    /**
     * While warming, that the Java circuit engine serves until the warm-up passes (beginning with
     * {@code "warming up"}); then the vectors and how long the warm-up took, or why the circuit
     * engine serves for good. Changes as the warm-up proceeds: read it afresh.
     */
    @Override
    public String details() {
        return VectorGate.details();
    }

    /** Waits for the warm-up; true once the vector code serves every key, false if it failed or is still warming. */
    @Override
    public boolean awaitReady(Duration timeout) throws InterruptedException {
        long millis;
        try {
            millis = Math.max(1, timeout.toMillis());
        } catch (ArithmeticException e) {
            millis = Long.MAX_VALUE; // longer than any warm-up
        }
        return VectorGate.awaitWarmUp(millis) && VectorGate.isOpen();
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
        return new Sm4Gcm(key, iv, tagLength, VectorGatedRounds::new, VectorGatedGhash.SERVICE);
    }

    @Override
    public XtsEngine newSm4Xts(byte[] key, boolean ieee) {
        return new Sm4Xts(key, ieee, VectorGatedRounds::new);
    }

    @Override
    public CcmEngine newSm4Ccm(byte[] key) {
        return new Sm4Ccm(key, VectorGatedRounds::new);
    }

    @Override
    public CbcMessagesEngine newSm4CbcMessages(byte[] key) {
        return new Sm4CbcMessages(key, VectorGatedRounds::new);
    }

    /** ZUC's S-box layer on byte shuffles, under the same gate as SM4 (the circuit until it opens). */
    @Override
    public ZucSBoxLayer newZucSBoxLayer() {
        return new VectorGatedZucLayer(false);
    }
}
