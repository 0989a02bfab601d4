package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shangmi.core.backend.Algorithm;

class BackendChoiceTest {

    @AfterEach
    void clearProperties() {
        System.clearProperty("shangmi.backend");
        System.clearProperty("shangmi.backend.SM4");
        System.clearProperty("shangmi.backend.SM9");
    }

    @Test
    void parsesAGlobalChoiceAndPerAlgorithmChoices() {
        BackendChoice choice = BackendChoice.parse(" Java , sm4=OpenSSL,SM3=jni ");
        assertEquals("java", choice.requested("SM2"));
        assertEquals("java", choice.requested("HmacSM3"));
        assertEquals("openssl", choice.requested("sm4"));
        assertEquals("jni", choice.requested("SM3"));
        assertEquals(List.of(Backend.FFM, Backend.JNI), choice.backends(Algorithm.SM4), "openssl: FFM, else JNI");
        assertEquals(List.of(Backend.FFM), BackendChoice.parse("ffm").backends(Algorithm.SM3));
        assertEquals(List.of(), BackendChoice.parse("auto").backends(Algorithm.SM3));
        assertEquals("java,SM3=jni,SM4=openssl", choice.toString());
        assertEquals(choice, BackendChoice.parse(choice.toString()));
        assertEquals(choice.hashCode(), BackendChoice.parse(choice.toString()).hashCode());
        assertEquals("SM4=vector", BackendChoice.parse("SM4=java,SM4=vector").toString(), "the later entry wins");
    }

    @Test
    void autoIsTheDefaultForEveryAlgorithm() {
        for (String algorithm : BackendChoice.algorithms()) {
            assertEquals("auto", BackendChoice.auto().requested(algorithm));
            assertEquals("auto", BackendChoice.fromSystemProperties().requested(algorithm));
        }
        assertEquals("auto", BackendChoice.auto().toString());
        assertEquals(BackendChoice.auto(), BackendChoice.parse("AUTO"));
        assertNotEquals(BackendChoice.auto(), BackendChoice.parse("SM4=java"));
    }

    @Test
    void readsTheSystemPropertiesOnceAndSaysWhereEachRequestCameFrom() {
        System.setProperty("shangmi.backend", "JNI");
        System.setProperty("shangmi.backend.SM4", "vector");
        System.setProperty("shangmi.backend.SM9", "gpu"); // names no algorithm: ignored, as ever
        BackendChoice choice = BackendChoice.fromSystemProperties();
        System.clearProperty("shangmi.backend");
        assertEquals("jni", choice.requested("SM3"));
        assertEquals("vector", choice.requested("SM4"));
        assertEquals("shangmi.backend=JNI", choice.origin(Algorithm.SM2));
        assertEquals("shangmi.backend.SM4=vector", choice.origin(Algorithm.SM4));
        assertEquals("asked for SM4=vector", BackendChoice.parse("sm4=Vector").origin(Algorithm.SM4));
        assertEquals(null, BackendChoice.auto().origin(Algorithm.SM4));
    }

    @Test
    void orElseFillsInWhatTheFirstChoiceLeavesOpen() {
        BackendChoice properties = BackendChoice.parse("jni,SM4=vector,SM2=java");
        BackendChoice option = BackendChoice.parse("java,SM3=openssl");
        BackendChoice merged = option.orElse(properties);
        assertEquals("java,SM3=openssl,SM2=java,SM4=vector", merged.toString());
        assertEquals("asked for SM3=openssl", merged.origin(Algorithm.SM3));
        assertEquals("jni,SM2=java,SM4=vector", BackendChoice.parse("SM4=vector").orElse(BackendChoice.parse("jni,SM2=java")).toString());
        assertEquals(properties, BackendChoice.auto().orElse(properties));
        assertEquals("java", BackendChoice.parse("java").orElse(BackendChoice.auto()).toString());
    }

    @Test
    void badTextIsRefusedWithTheEntryAndTheNamesItTakes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BackendChoice.parse("java,gpu"));
        assertEquals("gpu is not a backend: use auto, java, openssl, ffm, jni, vector", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BackendChoice.parse("SM9=java"));
        assertEquals("SM9=java names no algorithm a backend serves: use SM3, HmacSM3, SM2, SM4", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BackendChoice.parse("SM4=gpu"));
        assertEquals("SM4=gpu is not a backend: use auto, java, openssl, ffm, jni, vector", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BackendChoice.parse("java,,SM4=jni"));
        assertEquals("\"java,,SM4=jni\" has an empty entry: give a backend (auto, java, openssl, ffm, jni, vector)"
                + " or ALGORITHM=BACKEND, separated by commas", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BackendChoice.parse(""));
        assertThrows(IllegalArgumentException.class, () -> BackendChoice.auto().requested("SM9"));
        System.setProperty("shangmi.backend.SM4", "gpu");
        e = assertThrows(IllegalArgumentException.class, BackendChoice::fromSystemProperties);
        assertEquals("shangmi.backend.SM4=gpu is not a backend: use auto, java, openssl, ffm, jni, vector", e.getMessage());
    }

    @Test
    void listsTheNamesItAccepts() {
        assertEquals(List.of("auto", "java", "openssl", "ffm", "jni", "vector"), BackendChoice.names());
        assertEquals(List.of("SM3", "HmacSM3", "SM2", "SM4"), BackendChoice.algorithms());
        for (Backend backend : Backend.values()) {
            BackendChoice.parse(backend.id()); // every backend is a name a choice takes
        }
    }
}
