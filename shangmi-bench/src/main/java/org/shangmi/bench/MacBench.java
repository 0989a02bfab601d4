package org.shangmi.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;
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

/** {@code Mac}: one whole message per operation under a fixed 32-byte key, tag into a reused buffer. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class MacBench {

    @Param({"ShangMi-Java", "BC", "Kona", "JDK-SHA256"})
    public String provider;

    @Param({"32", "1024", "65536", "1048576"})
    public int size;

    private Mac mac;
    private byte[] message;
    private byte[] out;

    @Setup
    public void setup() throws Exception {
        Peers peer = Peers.forLabel(provider);
        mac = peer.mac();
        byte[] key = new byte[32];
        new Random(1).nextBytes(key);
        mac.init(new SecretKeySpec(key, peer.macAlgorithm()));
        message = new byte[size];
        new Random(size).nextBytes(message);
        out = new byte[mac.getMacLength()];
    }

    @Benchmark
    public byte[] mac() throws ShortBufferException {
        mac.update(message, 0, message.length);
        mac.doFinal(out, 0);
        return out;
    }
}
