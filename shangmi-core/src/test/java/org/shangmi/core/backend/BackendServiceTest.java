package org.shangmi.core.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class BackendServiceTest {

    @Test
    void aLibrarysMissingBasicModesComeFirstThenTheModesItNeverServes() {
        assertEquals(List.of("GCM", "CCM", "XTS"), BackendService.sm4ModesByJavaBeside(mode -> true));
        assertEquals(List.of("CFB8", "GCM", "CCM", "XTS"),
                BackendService.sm4ModesByJavaBeside(mode -> mode != CipherMode.CFB8));
        assertEquals(List.of("ECB", "OFB", "GCM", "CCM", "XTS"),
                BackendService.sm4ModesByJavaBeside(mode -> mode != CipherMode.ECB && mode != CipherMode.OFB));
    }

    @Test
    void aLibraryWithoutSm4HandsNothingOver() {
        assertEquals(List.of(), BackendService.sm4ModesByJavaBeside(mode -> false));
    }
}
