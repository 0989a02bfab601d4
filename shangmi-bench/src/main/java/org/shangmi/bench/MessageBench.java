package org.shangmi.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
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
 * What every one-message-per-operation benchmark shares: the provider and message-size
 * parameters, the random message, and the JMH settings. Subclasses set up their engine.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED"})
public abstract class MessageBench {

    @Param({"ShangMi-Java", "ShangMi-OpenSSL", "ShangMi-JNI", "ShangMi-Auto", "BC", "Kona", "JDK-SHA256"})
    public String provider;

    @Param({"32", "1024", "65536", "1048576"})
    public int size;

    protected byte[] message;

    @Setup
    public void createMessage() throws Exception {
        message = new byte[size];
        new Random(size).nextBytes(message);
        setUp(Peers.forLabel(provider));
    }

    /** Creates the engine under test for {@code peer}. */
    protected abstract void setUp(Peers peer) throws Exception;
}
