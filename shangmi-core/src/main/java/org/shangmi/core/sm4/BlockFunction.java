package org.shangmi.core.sm4;

/**
 * One 16-byte block through a block cipher in one direction, {@code in} and {@code out} possibly
 * the same array and offset: what the modes built on single blocks ({@link KeyWrap},
 * {@link Cmac}) take, so that they serve SM4 on every backend and, in tests, AES.
 */
@FunctionalInterface
public interface BlockFunction {
    void apply(byte[] in, int inOff, byte[] out, int outOff);
}
