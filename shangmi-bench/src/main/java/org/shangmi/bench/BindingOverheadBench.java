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
import org.shangmi.openssl.BindingProbe;

/**
 * The cost of calling libcrypto through FFM: a call that does nothing (OpenSSL_version_num), and
 * SM3 of a short message with the Java arrays passed in place (critical calls, as the backend
 * does) against copying them through native memory around ordinary calls. Nanoseconds per
 * operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class BindingOverheadBench {

    @Param({"32"})
    public int size;

    private BindingProbe probe;
    private byte[] message;
    private final byte[] digest = new byte[32];

    @Setup
    public void setUp() throws Exception {
        probe = BindingProbe.open(size);
        message = new byte[size];
        new Random(size).nextBytes(message);
    }

    @TearDown
    public void tearDown() {
        probe.close();
    }

    @Benchmark
    public long trivialCall() {
        return probe.versionNumber();
    }

    @Benchmark
    public byte[] sm3Critical() {
        probe.sm3Critical(message, digest);
        return digest;
    }

    @Benchmark
    public byte[] sm3Copying() {
        probe.sm3Copying(message, digest);
        return digest;
    }
}
