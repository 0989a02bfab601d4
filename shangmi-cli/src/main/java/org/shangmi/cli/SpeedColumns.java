package org.shangmi.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.shangmi.provider.Backend;
import org.shangmi.provider.BackendStatus;
import org.shangmi.provider.ShangMiProvider;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The columns one run of {@code shangmi speed} measures, from its {@code --backend},
 * {@code --with-peers} and {@code --provider} options: the ShangMi backends that load, then the
 * peers, then any other providers. A name that gives no column is refused here, before anything
 * is timed.
 */
final class SpeedColumns {

    private SpeedColumns() {
    }

    /**
     * The ShangMi backends that load, then the peers on the class path, as far as {@code names}
     * (--backend; empty: all backends) keeps them, then the {@code providerClasses}.
     *
     * @throws ParameterException for a name that is unavailable or unknown, a provider that does not load or
     *         duplicates a column, or --with-peers without a peer
     */
    static List<SpeedSubject> choose(CommandLine commandLine, List<String> names, boolean withPeers,
            List<String> providerClasses) {
        List<BackendStatus> statuses = ShangMiProvider.backendStatus();
        names = names.stream().map(name -> name.equalsIgnoreCase("openssl") ? libcrypto(statuses) : name).toList();
        List<SpeedSubject> result = new ArrayList<>();
        for (BackendStatus status : statuses) {
            boolean named = names.stream().anyMatch(n -> n.equalsIgnoreCase(status.backend().id()));
            if (status.available() && (names.isEmpty() || named)) {
                result.add(SpeedSubject.of(status.backend()));
            } else if (named) {
                throw new ParameterException(commandLine, "the " + status.backend().id() + " backend is unavailable: "
                        + status.problems());
            }
        }
        List<String> problems = new ArrayList<>();
        List<SpeedSubject> peers = SpeedSubject.peers(problems);
        if (withPeers && peers.stream().noneMatch(p -> p.id().equals("bc") || p.id().equals("kona"))) {
            throw new ParameterException(commandLine, "--with-peers: neither Bouncy Castle nor Kona is available ("
                    + String.join("; ", problems) + "); run through bin/shangmi, which puts their jars on the class path");
        }
        // Bouncy Castle is on the class path for the TLS commands: a peer's column comes only when asked for
        for (SpeedSubject peer : peers) {
            boolean named = names.stream().anyMatch(n -> n.equalsIgnoreCase(peer.id()));
            if (named || (withPeers && names.isEmpty())) {
                result.add(peer);
            }
        }
        for (String className : providerClasses) {
            try {
                SpeedSubject extra = SpeedSubject.provider(className);
                if (result.stream().anyMatch(s -> s.id().equals(extra.id()))) {
                    throw new ParameterException(commandLine, "--provider " + className + ": a column named "
                            + extra.id() + " is already measured");
                }
                result.add(extra);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(commandLine, "--provider: " + e.getMessage());
            }
        }
        for (String name : names) {
            if (result.stream().noneMatch(s -> s.id().equalsIgnoreCase(name))) {
                boolean peer = SpeedSubject.peerIds().contains(name.toLowerCase(Locale.ROOT));
                throw new ParameterException(commandLine, peer
                        ? "the peer " + name + " is unavailable: " + String.join("; ", problems)
                        : "unknown backend " + name + ": use " + String.join(", ", Arrays.stream(Backend.values()).map(Backend::id).toList())
                                + " (openssl: ffm, else jni), or a peer: " + String.join(", ", SpeedSubject.peerIds()));
            }
        }
        return result;
    }

    /** What the alias {@code openssl} names, as in a backend choice: the FFM binding where it loads, else JNI. */
    private static String libcrypto(List<BackendStatus> statuses) {
        boolean ffm = statuses.get(Backend.FFM.ordinal()).available();
        return (ffm ? Backend.FFM : Backend.JNI).id();
    }
}
