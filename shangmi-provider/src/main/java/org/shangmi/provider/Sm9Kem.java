package org.shangmi.provider;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.BadPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.provider.spec.Sm9KemParameterSpec;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * {@code javax.crypto.KEM "SM9"} where the JDK has that API (JDK 21 and later, and JDK 17 updates
 * that carry its backport), while the provider is compiled for JDK 17:
 * {@code KEMSpi} and its encapsulator and decapsulator are interfaces, so the SPI is a
 * {@link Proxy} over them whose calls go to {@link Sm9KeyEncapsulation}'s engine, and the JDK 21
 * result types ({@code KEM.Encapsulated}, {@code DecapsulateException}) are built through their
 * public constructors. Where the API is absent {@link #available()} is false and the service is
 * not registered.
 *
 * <p>{@code newEncapsulator(masterPublicKey, Sm9KemParameterSpec, random)} and
 * {@code newDecapsulator(userKey, Sm9KemParameterSpec)}: the spec names the recipient and the
 * length of K; {@code encapsulate(from, to, algorithm)} returns bytes {@code [from, to)} of K.
 */
final class Sm9Kem {

    private static final Class<?> SPI = load("javax.crypto.KEMSpi");
    private static final Class<?> ENCAPSULATOR = load("javax.crypto.KEMSpi$EncapsulatorSpi");
    private static final Class<?> DECAPSULATOR = load("javax.crypto.KEMSpi$DecapsulatorSpi");
    private static final Constructor<?> ENCAPSULATED = constructor("javax.crypto.KEM$Encapsulated",
            SecretKey.class, byte[].class, byte[].class);
    private static final Constructor<?> DECAPSULATE_EXCEPTION = constructor("javax.crypto.DecapsulateException",
            String.class, Throwable.class);

    private Sm9Kem() {
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException absent) {
            return null; // JDK 17-20
        }
    }

    private static Constructor<?> constructor(String name, Class<?>... parameters) {
        Class<?> type = load(name);
        try {
            return type == null ? null : type.getConstructor(parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** Whether this JDK has {@code javax.crypto.KEM}. */
    static boolean available() {
        return SPI != null && ENCAPSULATOR != null && DECAPSULATOR != null && ENCAPSULATED != null
                && DECAPSULATE_EXCEPTION != null;
    }

    /** A new {@code KEMSpi}. */
    static Object newSpi() {
        return proxy(SPI, (method, args) -> switch (method.getName()) {
            case "engineNewEncapsulator" -> newEncapsulator((PublicKey) args[0], (AlgorithmParameterSpec) args[1],
                    (SecureRandom) args[2]);
            case "engineNewDecapsulator" -> newDecapsulator((PrivateKey) args[0], (AlgorithmParameterSpec) args[1]);
            default -> throw new UnsupportedOperationException(method.getName());
        });
    }

    private static Sm9KemParameterSpec spec(AlgorithmParameterSpec spec) throws InvalidAlgorithmParameterException {
        if (spec instanceof Sm9KemParameterSpec sm9) {
            return sm9;
        }
        throw new InvalidAlgorithmParameterException("SM9 key encapsulation needs an Sm9KemParameterSpec (the recipient "
                + "and the key length), not " + (spec == null ? "null" : spec.getClass().getName()));
    }

    private static Object newEncapsulator(PublicKey key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Sm9MasterPublicKey master = Sm9Keys.toMasterPublic(key, Sm9KeyKind.ENCRYPT);
        Sm9KemParameterSpec spec = spec(params);
        SecureRandom source = random != null ? random : DefaultRandom.get();
        return proxy(ENCAPSULATOR, (method, args) -> switch (method.getName()) {
            case "engineSecretSize" -> spec.getKeyLength();
            case "engineEncapsulationSize" -> Sm9.G1_LENGTH;
            case "engineEncapsulate" -> {
                int from = (Integer) args[0];
                int to = (Integer) args[1];
                String algorithm = (String) args[2];
                Objects.checkFromToIndex(from, to, spec.getKeyLength());
                Objects.requireNonNull(algorithm, "algorithm");
                Sm9.Encapsulated result = Sm9.encapsulate(master.master(), spec.getRecipient().getId(),
                        spec.getRecipient().getHid(), spec.getKeyLength(), source);
                try {
                    SecretKey k = new SecretKeySpec(result.key(), from, to - from, algorithm);
                    yield ENCAPSULATED.newInstance(k, result.encapsulation(), null);
                } finally {
                    Arrays.fill(result.key(), (byte) 0);
                }
            }
            default -> throw new UnsupportedOperationException(method.getName());
        });
    }

    private static Object newDecapsulator(PrivateKey key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Sm9UserPrivateKey user = Sm9Keys.toUserPrivate(key, Sm9KeyKind.ENCRYPT);
        Sm9KemParameterSpec spec = spec(params);
        return proxy(DECAPSULATOR, (method, args) -> switch (method.getName()) {
            case "engineSecretSize" -> spec.getKeyLength();
            case "engineEncapsulationSize" -> Sm9.G1_LENGTH;
            case "engineDecapsulate" -> {
                byte[] encapsulation = (byte[]) args[0];
                int from = (Integer) args[1];
                int to = (Integer) args[2];
                String algorithm = (String) args[3];
                Objects.checkFromToIndex(from, to, spec.getKeyLength());
                Objects.requireNonNull(algorithm, "algorithm");
                byte[] k;
                try {
                    k = Sm9KeyEncapsulation.decapsulate(user, spec, encapsulation, 0, encapsulation.length);
                } catch (BadPaddingException e) {
                    throw (Exception) DECAPSULATE_EXCEPTION.newInstance(e.getMessage(), e);
                }
                try {
                    yield new SecretKeySpec(k, from, to - from, algorithm);
                } finally {
                    Arrays.fill(k, (byte) 0);
                }
            }
            default -> throw new UnsupportedOperationException(method.getName());
        });
    }

    /** What a proxy does for each method of its interface. */
    private interface Calls {
        Object call(Method method, Object[] args) throws Exception;
    }

    private static Object proxy(Class<?> type, Calls calls) {
        InvocationHandler handler = (self, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> self == args[0];
                    case "hashCode" -> System.identityHashCode(self);
                    default -> "SM9 " + type.getSimpleName();
                };
            }
            try {
                return calls.call(method, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return Proxy.newProxyInstance(Sm9Kem.class.getClassLoader(), new Class<?>[] {type}, handler);
    }
}
