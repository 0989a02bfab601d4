package org.shangmi.core.backend;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A family of engines (pure Java, OpenSSL, ...) that the provider finds through
 * {@link java.util.ServiceLoader}. The provider never links against a backend: a backend that is
 * absent or cannot load simply serves nothing, and the provider says why.
 *
 * <p>Implementations need a public no-argument constructor that does no work; loading happens in
 * {@link #load()}, which the provider calls once.
 */
public interface BackendService {

    /** The backend's identifier: {@code "java"}, {@code "openssl"}, ... */
    String name();

    /**
     * Prepares the backend (finds native libraries, checks versions) and returns the algorithms it
     * can serve here.
     *
     * @throws BackendUnavailableException with the reason if it can serve nothing
     */
    Set<Algorithm> load() throws BackendUnavailableException;

    /**
     * What was loaded, for status displays: version, library path. Valid after {@link #load()}; may
     * change later, for a backend that keeps preparing after {@code load} returns (the vector
     * backend's warm-up): callers read it afresh.
     */
    String details();

    /**
     * Waits at most {@code timeout} while the backend keeps preparing after {@link #load()}, as the
     * vector backend warms up on a thread of its own (its engines serve through the Java circuit
     * engine meanwhile: the same results, more slowly); returns whether it is done and serves at
     * full speed. A backend that prepares nothing after loading returns true at once.
     */
    default boolean awaitReady(Duration timeout) throws InterruptedException {
        return true;
    }

    /**
     * The SM4 modes that this backend, while offering SM4, hands to the Java engines: names of
     * {@link CipherMode}s its library lacks, then {@code "GCM"}, {@code "CCM"}, {@code "XTS"} as
     * applicable. Empty by default: a backend that serves every mode itself. Valid after
     * {@link #load()}.
     */
    default List<String> sm4ModesByJava() {
        return List.of();
    }

    /**
     * {@link #sm4ModesByJava()} for a backend whose library serves the basic modes that
     * {@code inLibrary} accepts and no other mode: the basic modes it rejects, then GCM, CCM and
     * XTS; empty if it accepts none (a library without SM4, so no SM4 to hand over).
     */
    static List<String> sm4ModesByJavaBeside(Predicate<CipherMode> inLibrary) {
        List<String> modes = new ArrayList<>();
        for (CipherMode mode : CipherMode.values()) {
            if (!inLibrary.test(mode)) {
                modes.add(mode.name());
            }
        }
        if (modes.size() == CipherMode.values().length) {
            return List.of();
        }
        modes.addAll(List.of("GCM", "CCM", "XTS"));
        return List.copyOf(modes);
    }

    /**
     * A new digest engine.
     *
     * @throws UnsupportedOperationException if {@code algorithm} is not a digest this backend offers
     */
    DigestEngine newDigest(Algorithm algorithm);

    /**
     * A new, unkeyed MAC engine.
     *
     * @throws UnsupportedOperationException if {@code algorithm} is not a MAC this backend offers
     */
    MacEngine newMac(Algorithm algorithm);

    /**
     * A new SM2 engine.
     *
     * @throws UnsupportedOperationException if this backend does not offer SM2
     */
    Sm2Engine newSm2();

    /**
     * A new SM4 engine for {@code mode}, keyed with the 16-byte {@code key} and, for modes that
     * take one, the 16-byte {@code iv} (null for ECB). The engine keeps its own copies.
     *
     * @throws UnsupportedOperationException if this backend does not offer SM4 in that mode
     * @throws IllegalArgumentException if the key or IV has the wrong length
     */
    CipherEngine newSm4(CipherMode mode, boolean encrypt, byte[] key, byte[] iv);

    /**
     * A new SM4-GCM engine for the 16-byte {@code key}, an IV of at least one byte, and a tag of
     * {@code tagLength} bytes (4 to 16).
     *
     * @throws UnsupportedOperationException if this backend does not offer SM4-GCM
     * @throws IllegalArgumentException if a length is out of range
     */
    AeadEngine newSm4Gcm(byte[] key, byte[] iv, int tagLength);

    /**
     * A new SM4-XTS engine for the 32-byte key K1 || K2 (different halves), in the IEEE 1619
     * tweak convention if {@code ieee}, else GB/T 17964-2021's.
     *
     * @throws UnsupportedOperationException if this backend does not offer SM4-XTS
     * @throws IllegalArgumentException if the key is not 32 bytes or its halves are equal
     */
    XtsEngine newSm4Xts(byte[] key, boolean ieee);

    /**
     * A new SM4-CCM engine for the 16-byte {@code key}.
     *
     * @throws UnsupportedOperationException if this backend does not offer SM4-CCM
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    CcmEngine newSm4Ccm(byte[] key);

    /**
     * A new engine for SM4-CBC encryption of several messages side by side under the 16-byte
     * {@code key}, each with its own IV.
     *
     * @throws UnsupportedOperationException if this backend does not offer SM4
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    CbcMessagesEngine newSm4CbcMessages(byte[] key);

    /**
     * A faster S-box layer for ZUC, for one engine (not thread-safe), or null: the engines then
     * run {@link org.shangmi.core.zuc.Zuc#CIRCUIT}. Whatever is returned must be constant time
     * and give the circuit's results. The provider asks the backend that serves SM4. Null by
     * default.
     */
    default org.shangmi.core.zuc.ZucSBoxLayer newZucSBoxLayer() {
        return null;
    }
}
