package org.shangmi.bench;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** {@code KeyPairGenerator}: one SM2 key pair per operation (secp256r1 for the JDK yardstick). */
public class KeyPairGenBench extends PublicKeyBench {

    @Param({"ShangMi-Java", "ShangMi-OpenSSL", "ShangMi-JNI", "BC", "Kona", "Kona-Native", "JDK-SHA256"})
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
