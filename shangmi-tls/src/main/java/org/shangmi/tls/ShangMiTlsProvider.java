package org.shangmi.tls;

import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.List;
import java.util.function.Supplier;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.jsse.provider.BouncyCastleJsseProvider;
import org.shangmi.tls.tlcp.TlcpSslContextSpi;

/**
 * The JSSE provider "ShangMiTLS": TLS 1.3 with the RFC 8998 suites ({@code TLS_SM4_GCM_SM3},
 * {@code TLS_SM4_CCM_SM3}, curveSM2, sm2sig_sm3) and every standard suite, on Bouncy Castle's
 * TLS engine with the crypto of the installed JCA providers, ShangMi's for the SM algorithms; and
 * TLCP 1.1 (GB/T 38636-2020: the four ECC and ECDHE suites with double certificates) on an engine
 * of its own, {@code SSLContext "TLCPv1.1"}, and {@code "TLCP"}, whose servers also answer TLS clients.
 *
 * <p>{@code SSLContext} "TLSv1.3-SM" ({@link #SM_ONLY}) negotiates nothing but the RFC 8998 suites,
 * curveSM2 and sm2sig_sm3 with SM2 certificates, for deployments that must use the national
 * algorithms only; "TLCP-SM" serves TLCP and that on one port.
 *
 * <p>{@code SSLContext} "TLS", "TLSv1.3" and "TLSv1.2" enable the SM suites, group and scheme
 * first by default (see {@code docs/tls.md}); SM2 keys come from any key manager. "Default" is
 * initialized from the {@code javax.net.ssl.*} system properties, as every JSSE provider's is. The ShangMi
 * provider must be installed ahead of SunEC, where "EC" services are looked up:
 * <pre>{@code
 * ShangMiProvider.install();
 * SSLContext context = SSLContext.getInstance("TLSv1.3", new ShangMiTlsProvider());
 * }</pre>
 */
public final class ShangMiTlsProvider extends Provider {

    /** The provider's name. */
    public static final String NAME = "ShangMiTLS";

    private static final long serialVersionUID = 1L;

    private static final List<String> PROTOCOLS = List.of("TLS", "TLSv1.3", "TLSv1.2");

    /**
     * The SSLContext of the SM-only mode: TLS 1.3 with the RFC 8998 suites, curveSM2, sm2sig_sm3
     * and SM2 certificates alone, for deployments that must use the national algorithms only.
     */
    public static final String SM_ONLY = "TLSv1.3-SM";

    /** The SSLContext whose servers answer TLCP clients and, SM-only, TLS 1.3 clients on one port. */
    public static final String TLCP_OR_SM_ONLY = "TLCP-SM";

    static {
        BouncyCastleDefaults.apply();
    }

    /** A provider with its own instance of Bouncy Castle's JSSE provider, not installed. */
    public ShangMiTlsProvider() {
        super(NAME, "0.1", "TLS 1.3 with the ShangMi suites of RFC 8998 (SSLContext TLS, TLSv1.3, TLSv1.2, Default; "
                + "KeyManagerFactory PKIX) on Bouncy Castle's TLS engine, and TLCP 1.1 of GB/T 38636-2020 "
                + "(SSLContext TLCPv1.1; TLCP serves TLCP and TLS clients on one port); SM only: SSLContext TLSv1.3-SM "
                + "(the RFC 8998 suites, curveSM2, sm2sig_sm3 and SM2 certificates alone) and TLCP-SM");
        Provider engine = new BouncyCastleJsseProvider(false, new ShangMiTlsCryptoProvider());
        for (String protocol : PROTOCOLS) {
            putService(new EngineService(this, "SSLContext", protocol, ShangMiSslContextSpi.class,
                    () -> new ShangMiSslContextSpi(instance(() -> SSLContext.getInstance(protocol, engine)))));
        }
        putService(new EngineService(this, "SSLContext", "Default", ShangMiSslContextSpi.class,
                () -> instance(() -> preset(SSLContext.getInstance("Default", engine)))));
        Provider smEngine = new BouncyCastleJsseProvider(false, new ShangMiTlsCryptoProvider(true));
        putService(new EngineService(this, "SSLContext", SM_ONLY, ShangMiSslContextSpi.class,
                () -> new ShangMiSslContextSpi(instance(() -> SSLContext.getInstance("TLSv1.3", smEngine)), true)));
        putService(new EngineService(this, "SSLContext", TlcpSslContextSpi.PROTOCOL, TlcpSslContextSpi.class, TlcpSslContextSpi::new));
        putService(new EngineService(this, "SSLContext", TlcpSslContextSpi.TLCP_OR_TLS, TlcpSslContextSpi.class,
                () -> new TlcpSslContextSpi(instance(() -> SSLContext.getInstance("TLS", this)))));
        putService(new EngineService(this, "SSLContext", TLCP_OR_SM_ONLY, TlcpSslContextSpi.class,
                () -> new TlcpSslContextSpi(instance(() -> SSLContext.getInstance(SM_ONLY, this)), true)));
        putService(new EngineService(this, "KeyManagerFactory", "PKIX", ShangMiKeyManagerFactorySpi.class,
                () -> new ShangMiKeyManagerFactorySpi(instance(() -> KeyManagerFactory.getInstance("PKIX", engine)))));
    }

    /** A service whose engine objects are made by a supplier, not by reflection. */
    private static final class EngineService extends Service {

        private final transient Supplier<Object> factory;

        EngineService(Provider provider, String type, String algorithm, Class<?> spi, Supplier<Object> factory) {
            super(provider, type, algorithm, spi.getName(), List.of(), null);
            this.factory = factory;
        }

        @Override
        public Object newInstance(Object constructorParameter) throws NoSuchAlgorithmException {
            if (constructorParameter != null) {
                throw new java.security.InvalidParameterException(getType() + " takes no constructor parameter");
            }
            try {
                return factory.get();
            } catch (IllegalStateException e) {
                throw new NoSuchAlgorithmException(getType() + "." + getAlgorithm() + " is not available", e.getCause());
            }
        }
    }

    private interface EngineLookup<T> {
        T get() throws GeneralSecurityException;
    }

    private static ShangMiSslContextSpi preset(SSLContext initialized) throws GeneralSecurityException {
        return ShangMiSslContextSpi.preset(initialized);
    }

    private static <T> T instance(EngineLookup<T> lookup) {
        try {
            return lookup.get();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
