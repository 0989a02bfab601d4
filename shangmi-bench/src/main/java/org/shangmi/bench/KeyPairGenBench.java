package org.shangmi.bench;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
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

/** {@code KeyPairGenerator}: one SM2 key pair per operation (secp256r1 for the JDK yardstick). */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class KeyPairGenBench {

    @Param({"ShangMi-Java", "BC", "Kona", "Kona-Native", "JDK-SHA256"})
    public String provider;

    private KeyPairGenerator generator;

    @Setup
    public void setUp() throws Exception {
        generator = Peers.forLabel(provider).keyPairGenerator();
    }

    @Benchmark
    public KeyPair generate() {
        return generator.generateKeyPair();
    }
}
