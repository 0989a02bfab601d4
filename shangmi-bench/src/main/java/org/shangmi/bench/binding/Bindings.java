package org.shangmi.bench.binding;

import java.util.List;
import java.util.function.Supplier;

/** The bindings of the study, by the names the benchmark's {@code binding} parameter takes. */
public final class Bindings {

    private record Entry(String name, Supplier<NativeBinding> factory) {
    }

    private static final List<Entry> ALL = List.of(
            new Entry("JNI", JniBinding::new),
            new Entry("JNA-direct", JnaDirectBinding::new),
            new Entry("JNA-interface", () -> new JnaInterfaceBinding(false)),
            new Entry("JNA-Memory-Cleaner", () -> new JnaInterfaceBinding(true)),
            new Entry("JNR-FFI", JnrBinding::new),
            new Entry("FFM-critical", () -> new FfmBinding(true)),
            new Entry("FFM-copying", () -> new FfmBinding(false)));

    private Bindings() {
    }

    /** Every binding's name, in the report's order. */
    public static List<String> names() {
        return ALL.stream().map(Entry::name).toList();
    }

    /**
     * A new binding by name.
     *
     * @throws IllegalArgumentException if no binding has that name
     */
    public static NativeBinding open(String name) {
        return ALL.stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no binding " + name + "; use one of " + names()))
                .factory().get();
    }
}
