package org.shangmi.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.shangmi.bench.binding.BindingCheck;
import org.shangmi.bench.binding.Bindings;
import org.shangmi.bench.binding.NativeBinding;

/**
 * The binding study: the same C functions called through JNI, JNA (direct and interface mapping,
 * and with native memory left to a Cleaner), JNR-FFI and FFM (critical and copying), in average
 * time per call with a fixed heap. A call that does nothing, SM3 through libcrypto's EVP_Digest,
 * and libsodium's sealed boxes. Each binding is checked against FFM-copying before it is timed.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
public class BindingBench {

    @Param({"JNI", "JNA-direct", "JNA-interface", "JNA-Memory-Cleaner", "JNR-FFI", "FFM-critical", "FFM-copying"})
    public String binding;

    @Param({"32", "256", "1024"})
    public int size;

    private NativeBinding calls;
    private byte[] message;
    private byte[] digest;
    private byte[] ciphertext;
    private byte[] opened;
    private final byte[] publicKey = new byte[NativeBinding.KEY_BYTES];
    private final byte[] secretKey = new byte[NativeBinding.KEY_BYTES];

    @Setup
    public void setUp() {
        calls = Bindings.open(binding);
        try (NativeBinding reference = Bindings.open("FFM-copying")) {
            BindingCheck.against(calls, reference, size);
        }
        message = new byte[size];
        new Random(size).nextBytes(message);
        digest = new byte[NativeBinding.DIGEST_BYTES];
        ciphertext = new byte[size + NativeBinding.SEAL_OVERHEAD];
        opened = new byte[size];
        calls.keyPair(publicKey, secretKey);
        calls.seal(ciphertext, message, size, publicKey);
    }

    @TearDown
    public void tearDown() {
        calls.close();
    }

    /** OpenSSL_version_num(): the binding's cost alone (the same at every size). */
    @Benchmark
    public long emptyCall() {
        return calls.versionNumber();
    }

    @Benchmark
    public byte[] sm3() {
        calls.sm3(message, size, digest);
        return digest;
    }

    @Benchmark
    public byte[] seal() {
        calls.seal(ciphertext, message, size, publicKey);
        return ciphertext;
    }

    @Benchmark
    public boolean sealOpen() {
        return calls.open(opened, ciphertext, ciphertext.length, publicKey, secretKey);
    }
}
