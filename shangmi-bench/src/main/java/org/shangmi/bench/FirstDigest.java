package org.shangmi.bench;

import java.lang.management.ManagementFactory;
import java.security.MessageDigest;
import org.shangmi.provider.Backend;
import org.shangmi.provider.ShangMiProvider;

/**
 * Startup cost: the milliseconds from JVM start to the first SM3 digest through one backend,
 * loading the provider included, as an application sees it: {@code new ShangMiProvider()} with
 * {@code -Dshangmi.backend=java|openssl|auto}. Run each in a fresh JVM:
 * {@code java --enable-native-access=ALL-UNNAMED -cp shangmi-bench/target/benchmarks.jar
 * org.shangmi.bench.FirstDigest java|openssl|auto}.
 */
public final class FirstDigest {

    private FirstDigest() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("shangmi.backend", args[0]);
        long providerStart = ManagementFactory.getRuntimeMXBean().getUptime();
        ShangMiProvider provider = new ShangMiProvider();
        Backend backend = provider.backendFor("SM3");
        long providerReady = ManagementFactory.getRuntimeMXBean().getUptime();
        byte[] digest = MessageDigest.getInstance("SM3", provider).digest(new byte[] {'a', 'b', 'c'});
        long done = ManagementFactory.getRuntimeMXBean().getUptime();
        System.out.printf("shangmi.backend=%s: provider loaded at %d ms (it took %d ms), first SM3 digest (%s backend) at %d ms%n",
                args[0], providerReady, providerReady - providerStart, backend.id(), done);
    }
}
