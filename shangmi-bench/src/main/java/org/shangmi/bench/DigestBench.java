package org.shangmi.bench;

import java.security.DigestException;
import java.security.MessageDigest;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code MessageDigest}: one whole message per operation (update, then digest into a reused
 * buffer), so B/op shows what each provider allocates on that path.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DigestBench {

    @Param({"ShangMi-Java", "BC", "Kona", "JDK-SHA256"})
    public String provider;

    @Param({"32", "1024", "65536", "1048576"})
    public int size;

    private MessageDigest digest;
    private byte[] message;
    private byte[] out;

    @Setup
    public void setup() throws Exception {
        digest = Peers.forLabel(provider).messageDigest();
        message = new byte[size];
        new Random(size).nextBytes(message);
        out = new byte[digest.getDigestLength()];
    }

    @Benchmark
    public byte[] digest() throws DigestException {
        digest.update(message, 0, message.length);
        digest.digest(out, 0, out.length);
        return out;
    }
}
