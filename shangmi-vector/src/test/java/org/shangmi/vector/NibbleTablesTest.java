package org.shangmi.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Sm4Standard;

/**
 * The nibble tables, evaluated one byte at a time with the marker rules, against the table printed
 * in GB/T 32907-2016; the vector paths that use them are checked in {@link VectorSm4RoundsTest}.
 */
class NibbleTablesTest {

    @Test
    void tablesComputeTheStandardSBoxOnAll256Inputs() {
        for (int x = 0; x < 256; x++) {
            assertEquals(Sm4Standard.SBOX[x], NibbleTables.substitute(x), "S(" + x + ")");
        }
    }
}
