package org.shangmi.core.zuc;

/**
 * ZUC's S-box layer S on two words at once: for {@code w = (u << 32) | v}, S(u) in the high
 * word and S(v) in the low one, each word's bytes through S0, S1, S0, S1 from the most
 * significant. The engines call it once per keystream word, with secret input: an
 * implementation must take the same time for every input (no table indexed by it, no branch
 * on it). {@link Zuc#CIRCUIT} is core's; the vector backend has one on byte shuffles.
 */
@FunctionalInterface
public interface ZucSBoxLayer {

    long apply(long w);
}
