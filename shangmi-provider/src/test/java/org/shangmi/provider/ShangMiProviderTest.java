package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Signature;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.NoSuchPaddingException;
import java.security.ProviderException;
import java.security.Security;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ShangMiProviderTest {

    @AfterEach
    void clearProperties() {
        System.clearProperty("shangmi.backend");
        System.clearProperty("shangmi.backend.SM3");
        System.clearProperty("shangmi.backend.HmacSM3");
        System.clearProperty("shangmi.backend.SM2");
    }

    @Test
    void javaBackendIsAlwaysAvailableAndServesEveryAlgorithm() {
        BackendStatus java = ShangMiProvider.backendStatus().get(Backend.JAVA.ordinal());
        assertEquals(Backend.JAVA, java.backend());
        assertTrue(java.available(), java.problems());
        assertEquals(Set.of("SM2", "SM3", "HmacSM3", "SM4"), java.algorithms());
        assertEquals("", java.problems(), "every Java algorithm passed its self-test");
        assertFalse(java.details().isEmpty());
    }

    /** CI runs this on JDK 25, where the backend must load, and on JDK 17, where it must say why it cannot. */
    @Test
    void theOpenSslBackendLoadsFromJdk22OnAndSaysWhyNotBefore() {
        BackendStatus openssl = ShangMiProvider.backendStatus().get(Backend.FFM.ordinal());
        assertEquals(Backend.FFM, openssl.backend());
        if (Runtime.version().feature() < 22) {
            assertFalse(openssl.available());
            assertTrue(openssl.problems().startsWith("needs JDK 22 or later; this JVM is " + Runtime.version().feature()),
                    openssl.problems());
        } else {
            assertTrue(openssl.available(), openssl.problems());
            assertEquals(Set.of("SM2", "SM3", "HmacSM3", "SM4"), openssl.algorithms());
            assertEquals("", openssl.problems(), "every OpenSSL algorithm passed its self-test");
            assertTrue(openssl.details().startsWith("OpenSSL 3."), openssl.details());
            assertTrue(openssl.details().contains("libcrypto"), openssl.details());
        }
    }

    @Test
    void everyBackendIsReportedAndAnUnavailableOneSaysWhy() {
        List<BackendStatus> statuses = ShangMiProvider.backendStatus();
        assertEquals(Backend.values().length, statuses.size());
        for (BackendStatus status : statuses) {
            if (!status.available()) {
                assertFalse(status.problems().isBlank(), status.backend() + " is unavailable without a reason");
                assertTrue(status.algorithms().isEmpty());
                ProviderException e = assertThrows(ProviderException.class, () -> new ShangMiProvider(status.backend()));
                assertTrue(e.getMessage().contains(status.problems()), e.getMessage());
            }
        }
    }

    /** The native backends name the SM4 modes they hand to the Java engines; the others hand over none. */
    @Test
    void eachStatusNamesTheSm4ModesTheJavaEnginesServeForIt() {
        List<BackendStatus> statuses = ShangMiProvider.backendStatus();
        Set<Backend> natives = Set.of(Backend.FFM, Backend.JNI);
        for (BackendStatus status : statuses) {
            List<String> modes = status.sm4ModesByJava();
            if (natives.contains(status.backend()) && status.algorithms().contains("SM4")) {
                assertTrue(modes.size() >= 3, status.backend() + ": " + modes);
                assertEquals(List.of("GCM", "CCM", "XTS"), modes.subList(modes.size() - 3, modes.size()),
                        status.backend() + ": " + modes);
                assertTrue(Set.of("ECB", "CBC", "CTR", "CFB", "CFB8", "OFB").containsAll(modes.subList(0, modes.size() - 3)),
                        status.backend() + ": " + modes);
            } else {
                assertEquals(List.of(), modes, status.backend() + " serves SM4 itself or not at all");
            }
        }
        BackendStatus openssl = statuses.get(Backend.FFM.ordinal());
        BackendStatus jni = statuses.get(Backend.JNI.ordinal());
        if (openssl.algorithms().contains("SM4") && jni.algorithms().contains("SM4")) {
            assertEquals(openssl.sm4ModesByJava(), jni.sm4ModesByJava(), "one libcrypto, the same modes");
        }
        assertEquals(List.of(), new BackendStatus(Backend.JAVA, true, "", Set.of("SM3"), "").sm4ModesByJava());
    }

    @Test
    void servicesAndAliasesResolve() throws Exception {
        ShangMiProvider provider = new ShangMiProvider(Backend.JAVA);
        for (String name : List.of("SM3", "OID.1.2.156.10197.1.401", "1.2.156.10197.1.401")) {
            assertSame(provider, MessageDigest.getInstance(name, provider).getProvider(), name);
        }
        for (String name : List.of("HmacSM3", "SM3HMac", "OID.1.2.156.10197.1.401.2", "1.2.156.10197.1.401.2")) {
            assertSame(provider, Mac.getInstance(name, provider).getProvider(), name);
            assertSame(provider, KeyGenerator.getInstance(name, provider).getProvider(), name);
        }
        assertSame(provider, SecretKeyFactory.getInstance("PBKDF2WithHmacSM3", provider).getProvider());
        for (String name : List.of("SM3withSM2", "SM2", "OID.1.2.156.10197.1.501", "1.2.156.10197.1.501",
                "SM3withSM2inP1363Format", "NONEwithSM2")) {
            assertSame(provider, Signature.getInstance(name, provider).getProvider(), name);
        }
        for (String name : List.of("SM2", "SM2/C1C3C2/NoPadding", "SM2/C1C2C3/NoPadding", "SM2/DER/NoPadding",
                "1.2.156.10197.1.301.3")) {
            assertSame(provider, Cipher.getInstance(name, provider).getProvider(), name);
        }
        assertSame(provider, KeyPairGenerator.getInstance("SM2", provider).getProvider());
        assertSame(provider, KeyPairGenerator.getInstance("EC", provider).getProvider());
        assertSame(provider, KeyFactory.getInstance("EC", provider).getProvider());
        assertSame(provider, AlgorithmParameters.getInstance("EC", provider).getProvider());
        assertSame(provider, KeyFactory.getInstance("SM2", provider).getProvider());
        assertSame(provider, KeyAgreement.getInstance("SM2", provider).getProvider());
        assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance("SM2/CBC/NoPadding", provider));
        assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("SM2/C1C3C2/PKCS5Padding", provider));
    }

    @Test
    void installedProviderIsFoundByName() throws Exception {
        Security.addProvider(new ShangMiProvider());
        try {
            assertEquals(ShangMiProvider.NAME, MessageDigest.getInstance("SM3", "ShangMi").getProvider().getName());
            assertEquals(ShangMiProvider.NAME, Mac.getInstance("HmacSM3", "ShangMi").getProvider().getName());
        } finally {
            Security.removeProvider(ShangMiProvider.NAME);
        }
    }

    @Test
    void propertiesChooseTheBackendPerAlgorithm() {
        System.setProperty("shangmi.backend", "java");
        System.setProperty("shangmi.backend.HmacSM3", "JAVA");
        ShangMiProvider provider = new ShangMiProvider();
        assertEquals(Backend.JAVA, provider.backendFor("SM3"));
        assertEquals(Backend.JAVA, provider.backendFor("hmacsm3"));
        assertNull(provider.backendFor("PBKDF2WithHmacSM3"), "PBKDF2 does not depend on a backend");
        assertEquals("shangmi.backend=java", provider.choiceReason("SM3"));
        assertEquals("shangmi.backend.HmacSM3=JAVA", provider.choiceReason("HmacSM3"));
        assertNull(provider.choiceReason("PBKDF2WithHmacSM3"));
    }

    /** auto says which backend it prefers and why, and when it had to fall back, what stopped it. */
    @Test
    void eachChoiceSaysWhy() {
        ShangMiProvider auto = new ShangMiProvider();
        assertEquals("auto, Java first: about ten times OpenSSL 3.0's SM2, which has no dedicated code on x86-64",
                auto.choiceReason("SM2"));
        // the first native backend this JDK can run: FFM from JDK 22, else JNI
        Backend first = Runtime.version().feature() >= 22 ? Backend.FFM : Backend.JNI;
        BackendStatus preferred = ShangMiProvider.backendStatus().get(first.ordinal());
        String preference = "auto, OpenSSL first: its C code measured 1.2-2x ours from 1 KiB up, through FFM and JNI alike";
        if (preferred.available()) {
            assertEquals(first, auto.backendFor("SM3"));
            int upTo = first == Backend.FFM ? ShangMiProvider.SM3_JAVA_UP_TO_FFM : ShangMiProvider.SM3_JAVA_UP_TO_JNI;
            assertEquals(upTo == 0 ? preference : preference + "; messages of up to " + upTo
                    + " bytes by the Java engine, where a native call costs more than it saves", auto.choiceReason("SM3"));
        } else {
            // what follows names the threshold if JNI serves instead, nothing if Java does
            String reason = auto.choiceReason("SM3");
            assertTrue(reason.startsWith(preference + "; but the " + first.id() + " backend cannot serve it: "
                    + preferred.problems()), reason);
            assertEquals(auto.backendFor("SM3") == Backend.JNI && ShangMiProvider.SM3_JAVA_UP_TO_JNI > 0,
                    reason.contains("bytes by the Java engine"), reason);
        }
        assertEquals("this provider was made for the java backend", new ShangMiProvider(Backend.JAVA).choiceReason("SM4"));
    }

    @Test
    void anUnavailableBackendAskedForFallsBackAndAnAvailableOneIsUsed() {
        for (BackendStatus status : ShangMiProvider.backendStatus()) {
            System.setProperty("shangmi.backend.SM3", status.backend().id());
            Backend chosen = new ShangMiProvider().backendFor("SM3");
            assertNotNull(chosen, "SM3 is served by some backend");
            if (status.algorithms().contains("SM3")) {
                assertEquals(status.backend(), chosen);
            } else {
                assertTrue(ShangMiProvider.backendStatus().get(chosen.ordinal()).algorithms().contains("SM3"));
            }
        }
    }

    /**
     * CI runs the provider's tests with shangmi-openssl-jni and its C library built, on JDK 17 and JDK 25;
     * a build without a C compiler has no library, and the backend says so.
     */
    @Test
    void theJniBackendLoadsOnEveryJdk() {
        BackendStatus jni = ShangMiProvider.backendStatus().get(Backend.JNI.ordinal());
        assertEquals(Backend.JNI, jni.backend());
        String platform = System.getProperty("os.arch").equals("aarch64") ? "linux-aarch64" : "linux-x86_64";
        if (ShangMiProviderTest.class.getClassLoader().getResource("org/shangmi/openssl/jni/native/" + platform + "/libshangmi-jni.so") == null) {
            assertFalse(jni.available());
            assertTrue(jni.problems().contains("(built without a C compiler?)"), jni.problems());
            return;
        }
        assertTrue(jni.available(), jni.problems());
        assertTrue(jni.algorithms().contains("SM3"), jni.algorithms().toString());
        assertTrue(jni.details().startsWith("OpenSSL 3."), jni.details());
        assertEquals(Backend.JNI, new ShangMiProvider(Backend.JNI).backendFor("SM3"));
    }

    /**
     * The provider's tests run with shangmi-vector and --add-modules jdk.incubator.vector: on JDK 25
     * the vector backend serves SM4 (and only SM4) to every SM4 test, only when named; on JDK 17 it
     * says which JDK it needs. Its status says that the circuit engine serves while it warms up,
     * then what the warm-up found: the status reads the backend's details afresh (loading, once
     * per JVM, always returns while the warm-up runs).
     */
    @Test
    void theVectorBackendServesSm4OnJdk25WhenNamed() throws InterruptedException {
        BackendStatus vector = ShangMiProvider.backendStatus().get(Backend.VECTOR.ordinal());
        if (Runtime.version().feature() < 25) {
            assertFalse(vector.available());
            assertTrue(vector.problems().startsWith("needs JDK 25 or later"), vector.problems());
            return;
        }
        assertTrue(vector.available(), vector.problems());
        assertEquals(Set.of("SM4"), vector.algorithms());
        assertTrue(vector.details().startsWith("warming up for ") || vector.details().contains(", compiled after "), vector.details());
        if (vector.details().startsWith("warming up for ")) {
            assertTrue(vector.details().contains(": the Java circuit engine serves SM4 until the warm-up shows the vector code compiled"),
                    vector.details());
        }
        // the warm-up's own limit is 20 s; this machine may be busy
        boolean ready = ShangMiProvider.awaitReady(Backend.VECTOR, Duration.ofSeconds(90));
        vector = ShangMiProvider.backendStatus().get(Backend.VECTOR.ordinal());
        assertTrue(vector.details().contains(", compiled after "), vector.details());
        // an agent that redefines classes (the coverage run's) shuts the gate for good: not ready then
        assertEquals(!vector.details().contains("; since then on the circuit engine: "), ready, vector.details());
        ShangMiProvider pinned = new ShangMiProvider(Backend.VECTOR);
        assertEquals(Backend.VECTOR, pinned.backendFor("SM4"));
        assertNull(pinned.getService("MessageDigest", "SM3"), "a pinned vector provider registers SM4 only");
        // these tests run with the Vector API's module resolved: then auto picks it for SM4 (the CLI's
        // tests, without the module, see auto keep SM4 on Java)
        ShangMiProvider auto = new ShangMiProvider();
        assertEquals(Backend.VECTOR, auto.backendFor("SM4"));
        assertTrue(auto.choiceReason("SM4").startsWith("auto, vector first, as this JVM has the Vector API"), auto.choiceReason("SM4"));
        System.setProperty("shangmi.backend.SM4", "vector");
        try {
            assertEquals(Backend.VECTOR, new ShangMiProvider().backendFor("SM4"));
        } finally {
            System.clearProperty("shangmi.backend.SM4");
        }
    }

    /** openssl names libcrypto through FFM where that backend serves, else through JNI; ffm and jni name one each. */
    @Test
    void opensslNamesEitherNativeBackendAndFfmAndJniNameOne() {
        if (!ShangMiProvider.backendStatus().get(Backend.JNI.ordinal()).available()) {
            theJniBackendLoadsOnEveryJdk(); // says why, and this test has nothing to choose between
            return;
        }
        boolean ffm = ShangMiProvider.backendStatus().get(Backend.FFM.ordinal()).algorithms().contains("SM3");
        System.setProperty("shangmi.backend.SM3", "openssl");
        ShangMiProvider openssl = new ShangMiProvider();
        assertEquals(ffm ? Backend.FFM : Backend.JNI, openssl.backendFor("SM3"));
        assertEquals("shangmi.backend.SM3=openssl", openssl.choiceReason("SM3"));
        System.setProperty("shangmi.backend.SM3", "JNI");
        assertEquals(Backend.JNI, new ShangMiProvider().backendFor("SM3"));
        System.setProperty("shangmi.backend.SM3", "ffm");
        ShangMiProvider onlyFfm = new ShangMiProvider();
        if (ffm) {
            assertEquals(Backend.FFM, onlyFfm.backendFor("SM3"));
        } else {
            assertEquals(Backend.JNI, onlyFfm.backendFor("SM3"), "auto's next choice");
            assertTrue(onlyFfm.choiceReason("SM3").startsWith("shangmi.backend.SM3=ffm; but the ffm backend cannot serve it: "
                    + "needs JDK 22 or later"), onlyFfm.choiceReason("SM3"));
        }
    }

    /** Backends that prepare nothing after loading are ready at once; one that does not load never is. */
    @Test
    void awaitReadyAnswersAtOnceForBackendsThatPrepareNothing() throws InterruptedException {
        assertTrue(ShangMiProvider.awaitReady(Backend.JAVA, Duration.ZERO));
        for (Backend backend : List.of(Backend.FFM, Backend.JNI)) {
            boolean loads = ShangMiProvider.backendStatus().get(backend.ordinal()).available();
            assertEquals(loads, ShangMiProvider.awaitReady(backend, Duration.ZERO), backend.id());
        }
        assertThrows(NullPointerException.class, () -> ShangMiProvider.awaitReady(null, Duration.ZERO));
    }

    @Test
    void aNullBackendIsRefusedByName() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new ShangMiProvider((Backend) null));
        assertEquals("backend", e.getMessage());
        e = assertThrows(NullPointerException.class, () -> new ShangMiProvider((BackendChoice) null));
        assertEquals("choice", e.getMessage());
    }

    @Test
    void anUnknownBackendNameIsAnError() {
        System.setProperty("shangmi.backend.SM3", "gpu");
        ProviderException e = assertThrows(ProviderException.class, ShangMiProvider::new);
        assertEquals("shangmi.backend.SM3=gpu is not a backend: use auto, java, openssl, ffm, jni, vector", e.getMessage());
    }

    /** A choice in code, without system properties; the properties set meanwhile change nothing. */
    @Test
    void aChoiceInCodeChoosesPerAlgorithmWithoutProperties() {
        System.setProperty("shangmi.backend", "jni");
        ShangMiProvider provider = new ShangMiProvider(BackendChoice.parse("java,HmacSM3=java"));
        System.setProperty("shangmi.backend.SM3", "gpu"); // read by no provider made before
        assertEquals(Backend.JAVA, provider.backendFor("SM3"));
        assertEquals("asked for java", provider.choiceReason("SM3"));
        assertEquals("asked for HmacSM3=java", provider.choiceReason("HmacSM3"));
        assertEquals(Backend.JAVA, provider.backendFor("SM4"));
    }

    /** The no-argument provider reads the properties when it is made, not at each algorithm's first use. */
    @Test
    void thePropertiesAreReadOnceWhenTheProviderIsMade() {
        System.setProperty("shangmi.backend.SM2", "java");
        ShangMiProvider provider = new ShangMiProvider();
        System.setProperty("shangmi.backend.SM2", "gpu");
        assertEquals(Backend.JAVA, provider.backendFor("SM2"));
        assertEquals("shangmi.backend.SM2=java", provider.choiceReason("SM2"));
    }

    /** A native backend named in code that cannot serve: auto's next choice serves, and the reason says why. */
    @Test
    void aChoiceInCodeThatCannotBeServedFallsBackAndSaysWhy() {
        BackendStatus vector = ShangMiProvider.backendStatus().get(Backend.VECTOR.ordinal());
        ShangMiProvider provider = new ShangMiProvider(BackendChoice.parse("SM3=vector"));
        assertEquals(BackendChoice.autoOrder(org.shangmi.core.backend.Algorithm.SM3).stream()
                .filter(b -> ShangMiProvider.backendStatus().get(b.ordinal()).algorithms().contains("SM3"))
                .findFirst().orElseThrow(), provider.backendFor("SM3"));
        String why = vector.available() ? "it does not serve SM3" : vector.problems();
        assertEquals("asked for SM3=vector; but the vector backend cannot serve it: " + why, provider.choiceReason("SM3"));
    }
}
