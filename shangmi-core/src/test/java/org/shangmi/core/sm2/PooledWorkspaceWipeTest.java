package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shangmi.core.backend.Sm2Engine;

/**
 * The pool's rule, "a workspace must hold no secret when given back", checked the hard way: after
 * each kind of operation every array reachable from every idle workspace (the curve's
 * temporaries, the order field's, the nonce generator's HMAC, the SM3 and KDF states) is zero.
 * Primitive fields are not scanned: SM3 keeps its chaining value in eight ints, which a reset sets
 * to the public IV; every other secret of these engines lives in arrays.
 */
class PooledWorkspaceWipeTest {

    private final Sm2 engine = new Sm2();
    private final SecureRandom random = new SecureRandom();

    @Test
    void everyOperationGivesBackOnlyZeros() {
        byte[] privateKey = new byte[32];
        byte[] publicKey = new byte[64];
        engine.generateKeyPair(random, privateKey, publicKey);
        assertIdleWorkspacesAreZero("generateKeyPair");

        engine.publicKey(privateKey, new byte[64], 0);
        assertIdleWorkspacesAreZero("publicKey");

        Sm2Engine.SigningKey signingKey = engine.signingKey(privateKey);
        assertIdleWorkspacesAreZero("signingKey");

        byte[] digest = new byte[32];
        random.nextBytes(digest);
        byte[] signature = new byte[64];
        engine.sign(signingKey, digest, random, signature, 0);
        assertIdleWorkspacesAreZero("sign");

        assertTrue(engine.verify(publicKey, digest, signature, 0));
        assertIdleWorkspacesAreZero("verify");
        Sm2Engine.VerifyingKey verifyingKey = engine.verifyingKey(publicKey);
        assertTrue(engine.verify(verifyingKey, digest, signature, 0));
        assertIdleWorkspacesAreZero("verify with a prepared key");

        byte[] message = "a secret message of some length".getBytes();
        byte[] ciphertext = new byte[message.length + Sm2Encryptor.OVERHEAD];
        engine.encrypt(publicKey, message, 0, message.length, random, ciphertext, 0);
        assertIdleWorkspacesAreZero("encrypt");

        byte[] plaintext = new byte[message.length];
        assertEquals(message.length, engine.decrypt(privateKey, ciphertext, 0, ciphertext.length, plaintext, 0));
        assertIdleWorkspacesAreZero("decrypt");
        assertEquals(message.length, engine.decrypt(signingKey, ciphertext, 0, ciphertext.length, plaintext, 0));
        assertIdleWorkspacesAreZero("decrypt with a prepared key");

        ciphertext[ciphertext.length - 1] ^= 1; // fails C3 after the whole computation
        assertEquals(-1, engine.decrypt(privateKey, ciphertext, 0, ciphertext.length, plaintext, 0));
        assertIdleWorkspacesAreZero("a failed decryption");
    }

    @Test
    void theScanFindsASecretLeftBehind() {
        Sm2Signer signer = new Sm2Signer();
        signer.publicKey(validPrivateKey(), new byte[64], 0);
        assertFalse(nonZeroArrays(signer, "signer").isEmpty(), "an unwiped workspace holds the operation's values");
        signer.wipeWorkspace();
        assertEquals(List.of(), nonZeroArrays(signer, "signer"));
    }

    /** The wipe skips the verification tables only while no verification has used them. */
    @Test
    void aVerificationsTablesAreWipedWhateverCameAfterIt() {
        Sm2Signer signer = new Sm2Signer();
        byte[] privateKey = validPrivateKey();
        byte[] publicKey = new byte[64];
        signer.publicKey(privateKey, publicKey, 0);
        byte[] digest = new byte[32];
        byte[] signature = new byte[64];
        signer.sign(privateKey, digest, random, signature, 0);
        signer.wipeWorkspace();
        assertTrue(signer.verify(publicKey, digest, signature, 0));
        signer.sign(privateKey, digest, random, signature, 0);
        assertFalse(nonZeroArrays(signer, "signer").isEmpty());
        signer.wipeWorkspace();
        assertEquals(List.of(), nonZeroArrays(signer, "signer"));
        signer.sign(privateKey, digest, random, signature, 0);
        signer.wipeWorkspace();
        assertEquals(List.of(), nonZeroArrays(signer, "signer"));
    }

    private byte[] validPrivateKey() {
        byte[] privateKey = new byte[32];
        engine.generateKeyPair(random, privateKey, new byte[64]);
        return privateKey;
    }

    private static void assertIdleWorkspacesAreZero(String after) {
        List<Object> idle = new ArrayList<>(Sm2.idleSigners());
        idle.addAll(Sm2.idleEncryptors());
        assertFalse(idle.isEmpty(), "the pools keep workspaces");
        List<String> found = new ArrayList<>();
        for (Object workspace : idle) {
            found.addAll(nonZeroArrays(workspace, workspace.getClass().getSimpleName()));
        }
        assertEquals(List.of(), found, "non-zero arrays in pooled workspaces after " + after);
    }

    /** Paths of the non-zero primitive arrays reachable through instance fields of shangmi classes. */
    static List<String> nonZeroArrays(Object root, String name) {
        List<String> found = new ArrayList<>();
        walk(root, name, Collections.newSetFromMap(new IdentityHashMap<>()), found);
        return found;
    }

    private static void walk(Object value, String path, Set<Object> seen, List<String> found) {
        if (value == null || !seen.add(value)) {
            return;
        }
        Class<?> type = value.getClass();
        if (type.isArray()) {
            if (type.getComponentType().isPrimitive()) {
                for (int i = 0; i < Array.getLength(value); i++) {
                    if (!isZero(Array.get(value, i))) {
                        found.add(path);
                        return;
                    }
                }
            } else {
                for (int i = 0; i < Array.getLength(value); i++) {
                    walk(Array.get(value, i), path + "[" + i + "]", seen, found);
                }
            }
            return;
        }
        if (!type.getName().startsWith("org.shangmi.")) { // the JDK's objects hold no workspace state here
            return;
        }
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()) {
                    continue;
                }
                field.setAccessible(true);
                try {
                    walk(field.get(value), path + "." + field.getName(), seen, found);
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    private static boolean isZero(Object element) {
        if (element instanceof Boolean b) {
            return !b;
        }
        if (element instanceof Character c) {
            return c == 0;
        }
        return ((Number) element).doubleValue() == 0;
    }
}
