package org.shangmi.cli;

import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.spec.ECGenParameterSpec;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.shangmi.provider.Backend;
import org.shangmi.provider.ShangMiProvider;

/**
 * One column of {@code shangmi speed}: a ShangMi backend, or a peer provider (Bouncy Castle,
 * Kona) found on the class path. Peers are loaded by name, so the tool has no dependency on them;
 * they name the SM2 algorithms differently, which {@link #keyPairGenerator}, {@link #signature}
 * and {@link #sm2Cipher} hide.
 */
record SpeedSubject(String id, Provider provider, boolean shangmi, String keyPairAlgorithm, String curve, String signature,
        String sm2Cipher) {

    /** A peer the tool looks for: its column id, provider class and SM2 names. */
    private record Peer(String id, String className, String keyPairAlgorithm, String curve, String signature) {
    }

    private static final List<Peer> PEERS = List.of(
            new Peer("bc", "org.bouncycastle.jce.provider.BouncyCastleProvider", "EC", "sm2p256v1", "SM3withSM2"),
            new Peer("kona", "com.tencent.kona.crypto.KonaCryptoProvider", "SM2", null, "SM2"),
            new Peer("kona-native", "com.tencent.kona.crypto.KonaCryptoNativeProvider", "SM2", null, "SM2"));

    static SpeedSubject of(Backend backend) {
        ShangMiProvider provider = new ShangMiProvider(backend);
        if (backend == Backend.VECTOR) {
            awaitWarmUp(backend);
        }
        return new SpeedSubject(backend.id(), provider, true, "SM2", null, "SM3withSM2", "SM2");
    }

    /**
     * Waits, a minute at most, for a backend that prepares after loading (the vector backend serves
     * SM4 on the Java circuit engine until its warm-up passes): its column is to time the vector
     * code. If it does not get ready, the column times what serves, and the status says why.
     */
    private static void awaitWarmUp(Backend backend) {
        boolean ready;
        try {
            ready = ShangMiProvider.awaitReady(backend, Duration.ofMinutes(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ready = false;
        }
        if (!ready) {
            System.err.println("shangmi speed: the " + backend.id() + " column times what serves while the backend is not ready: "
                    + ShangMiProvider.backendStatus().get(backend.ordinal()).details());
        }
    }

    /** The ids of the peers the tool knows, in column order. */
    static List<String> peerIds() {
        return PEERS.stream().map(Peer::id).toList();
    }

    /**
     * The peers whose providers are on the class path and load; {@code problems} gets one line
     * for each that is missing or fails to load.
     */
    static List<SpeedSubject> peers(List<String> problems) {
        List<SpeedSubject> found = new ArrayList<>();
        for (Peer peer : PEERS) {
            try {
                Provider provider = (Provider) Class.forName(peer.className()).getConstructor().newInstance();
                found.add(new SpeedSubject(peer.id(), provider, false, peer.keyPairAlgorithm(), peer.curve(),
                        peer.signature(), "SM2"));
            } catch (ClassNotFoundException e) {
                problems.add(peer.id() + ": " + peer.className() + " is not on the class path");
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                problems.add(peer.id() + ": " + peer.className() + " does not load: " + cause);
            }
        }
        return found;
    }

    /**
     * Any other JCA provider, by class name: a column named after the provider, asked for the
     * standard names (SM3, SM4/MODE/NoPadding, KeyPairGenerator and Cipher "SM2", SM3withSM2).
     *
     * @throws IllegalArgumentException if the class is missing or is not a provider with a public no-argument constructor
     */
    static SpeedSubject provider(String className) {
        try {
            Provider provider = (Provider) Class.forName(className).getConstructor().newInstance();
            return new SpeedSubject(provider.getName().toLowerCase(Locale.ROOT), provider, false, "SM2", null, "SM3withSM2", "SM2");
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            Throwable cause = e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
            throw new IllegalArgumentException("cannot load the provider " + className + ": " + cause, e);
        }
    }

    KeyPairGenerator keyPairGenerator() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance(keyPairAlgorithm, provider);
        if (curve != null) {
            generator.initialize(new ECGenParameterSpec(curve));
        }
        return generator;
    }
}
