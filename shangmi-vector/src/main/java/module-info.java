/**
 * The vector backend of shangmi: SM4 with its S-box computed by byte shuffles through the
 * incubating Vector API ({@code jdk.incubator.vector}), for JDK 25. An explicit choice
 * ({@code shangmi.backend.SM4=vector}); the JVM must resolve the incubator module
 * ({@code --add-modules jdk.incubator.vector}, which makes it print a warning).
 *
 * @provides org.shangmi.core.backend.BackendService the vector backend
 */
module org.shangmi.vector {
    requires org.shangmi.core;
    // resolved only when the JVM is started with --add-modules jdk.incubator.vector: having this
    // module on the module path must not make every application print the incubator warning
    requires static jdk.incubator.vector;
    requires jdk.management;

    provides org.shangmi.core.backend.BackendService with org.shangmi.vector.VectorBackend;
}
