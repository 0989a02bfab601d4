package org.shangmi.bench.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The binding study's bindings agree before anything is timed: every pair cross-checked (SM3 against
 * the Java SM3, boxes sealed by one opened by the other), the empty message included, and each refuses
 * bad lengths in Java. Needs libcrypto 3 and libsodium 23 (bin/test installs libsodium23 when missing).
 */
class BindingsTest {

    private static final List<NativeBinding> BINDINGS = new ArrayList<>();

    @BeforeAll
    static void open() {
        for (String name : Bindings.names()) {
            BINDINGS.add(Bindings.open(name));
        }
    }

    @AfterAll
    static void close() {
        BINDINGS.forEach(NativeBinding::close);
    }

    @Test
    void everyPairAgrees() {
        assertEquals(7, BINDINGS.size());
        for (NativeBinding binding : BINDINGS) {
            for (NativeBinding other : BINDINGS) {
                if (binding != other) {
                    BindingCheck.against(binding, other, 0, 1, 32, 1024, NativeBinding.MAX_MESSAGE);
                }
            }
        }
    }

    /** GB/T 32905-2016, example 1, through every binding: a known answer from outside. */
    @Test
    void sm3OfAbcIsTheStandardsExample() {
        for (NativeBinding binding : BINDINGS) {
            byte[] digest = new byte[32];
            binding.sm3("abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 3, digest);
            assertEquals("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0", HexFormat.of().formatHex(digest),
                    binding.name());
        }
    }

    @Test
    void badLengthsAreRefusedBeforeAnyNativeCall() {
        byte[] key = new byte[NativeBinding.KEY_BYTES];
        for (NativeBinding binding : BINDINGS) {
            assertThrows(IndexOutOfBoundsException.class, () -> binding.sm3(new byte[10], 11, new byte[32]), binding.name());
            assertThrows(IndexOutOfBoundsException.class, () -> binding.sm3(new byte[10], 10, new byte[31]), binding.name());
            assertThrows(IndexOutOfBoundsException.class, () -> binding.seal(new byte[50], new byte[10], 10, key), binding.name());
            assertThrows(IndexOutOfBoundsException.class, () -> binding.seal(new byte[58], new byte[10], 10, new byte[31]),
                    binding.name());
            assertThrows(IndexOutOfBoundsException.class, () -> binding.open(new byte[10], new byte[58], 47, key, key),
                    binding.name());
            assertThrows(IndexOutOfBoundsException.class, () -> binding.open(new byte[9], new byte[58], 58, key, key),
                    binding.name());
            assertFalse(binding.open(new byte[10], new byte[58], 58, key, key), binding.name() + ": a box of zeros does not open");
        }
    }
}
