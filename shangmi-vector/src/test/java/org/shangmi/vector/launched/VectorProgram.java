package org.shangmi.vector.launched;

import java.util.ServiceLoader;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;

/**
 * Finds the vector backend through ServiceLoader, as the provider does, and loads it; prints
 * {@code ok} and what it serves, or the reason it cannot. Run by VectorLoadingTest in a JVM of its
 * own.
 */
public final class VectorProgram {

    private VectorProgram() {
    }

    public static void main(String[] args) {
        for (BackendService service : ServiceLoader.load(BackendService.class)) {
            if (service.name().equals("vector")) {
                try {
                    System.out.println("ok " + service.load());
                } catch (BackendUnavailableException e) {
                    System.out.println(e.getMessage());
                }
                return;
            }
        }
        System.out.println("no vector backend registered");
    }
}
