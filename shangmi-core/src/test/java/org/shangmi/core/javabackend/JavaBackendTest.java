package org.shangmi.core.javabackend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class JavaBackendTest {

    @Test
    void theJavaBackendHandsNoSm4ModeOver() {
        assertEquals(List.of(), new JavaBackend().sm4ModesByJava());
    }
}
