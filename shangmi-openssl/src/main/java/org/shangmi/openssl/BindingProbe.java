package org.shangmi.openssl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.core.backend.BackendUnavailableException;

/**
 * What crossing into libcrypto costs, apart from any algorithm: for {@code BindingOverheadBench}
 * only, not an API. It compares a trivial call, and SM3 of a short message passing Java arrays
 * straight to C (critical calls) against copying them through native memory (ordinary calls).
 * Not thread-safe.
 */
public final class BindingProbe implements AutoCloseable {

    private static final int DIGEST = 32;

    private final EvpMd sm3;
    private final EvpMdCtx ctx;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment nativeInput;
    private final MemorySegment nativeOutput;

    private BindingProbe(EvpMd sm3, int maxInput) {
        this.sm3 = sm3;
        this.ctx = new EvpMdCtx(sm3);
        this.nativeInput = arena.allocate(maxInput);
        this.nativeOutput = arena.allocate(DIGEST);
    }

    /**
     * Loads the OpenSSL backend and prepares an SM3 context for inputs up to {@code maxInput} bytes.
     *
     * @throws BackendUnavailableException if the backend cannot load here
     */
    public static BindingProbe open(int maxInput) throws BackendUnavailableException {
        new OpenSslBackend().load();
        return new BindingProbe(EvpMd.fetch("SM3"), maxInput);
    }

    /** OpenSSL_version_num(): a call that does nothing but return. */
    public long versionNumber() {
        return LibCrypto.openSslVersionNum();
    }

    /** SM3 of {@code in} into {@code out[0..32)}, the arrays passed to C in place. */
    public void sm3Critical(byte[] in, byte[] out) {
        ctx.update(in, 0, in.length);
        ctx.finish(out, 0);
    }

    /** SM3 of {@code in} into {@code out[0..32)}, copied to and from native memory around ordinary calls. */
    public void sm3Copying(byte[] in, byte[] out) {
        Objects.checkFromIndexSize(0, in.length, nativeInput.byteSize());
        Objects.checkFromIndexSize(0, DIGEST, out.length);
        try {
            MemorySegment.copy(in, 0, nativeInput, ValueLayout.JAVA_BYTE, 0, in.length);
            OpenSslException.check(LibCrypto.evpDigestUpdateNative(ctx.pointer(), nativeInput, in.length), "EVP_DigestUpdate");
            OpenSslException.check(LibCrypto.evpDigestFinalExNative(ctx.pointer(), nativeOutput), "EVP_DigestFinal_ex");
            MemorySegment.copy(nativeOutput, ValueLayout.JAVA_BYTE, 0, out, 0, DIGEST);
        } finally {
            Reference.reachabilityFence(ctx);
        }
        ctx.init();
    }

    @Override
    public void close() {
        ctx.close();
        sm3.close();
        arena.close();
    }
}
