package org.shangmi.spring.boot;

import org.shangmi.provider.ShangMiProvider;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.embedded.netty.NettyServerCustomizer;
import org.springframework.boot.web.embedded.tomcat.TomcatConnectorCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * SM HTTPS for the embedded server: on Tomcat (Spring MVC or WebFlux) the connector runs on
 * {@code org.shangmi.tomcat.ShangMiImplementation}; on Reactor Netty (WebFlux) the server's
 * {@code SslContext} is a ShangMiTLS one. Both read Spring Boot's {@code server.ssl.*} (or the SSL
 * bundle it names) and {@link ShangMiTlsProperties shangmi.tls.*}; nothing happens unless
 * {@code server.ssl} is enabled. ShangMi is installed ahead of the JDK's providers when the
 * customizers are made, before Spring Boot reads the key store.
 */
@AutoConfiguration
@ConditionalOnProperty(prefix = "shangmi.tls", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(ShangMiTlsProperties.class)
public class ShangMiTlsAutoConfiguration {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"org.apache.catalina.startup.Tomcat",
            "org.springframework.boot.web.embedded.tomcat.TomcatConnectorCustomizer"})
    static class OnTomcat {

        @Bean
        TomcatConnectorCustomizer shangMiTomcatConnectorCustomizer(ShangMiTlsProperties properties) {
            ShangMiProvider.install();
            return new ShangMiTomcatCustomizer(properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"reactor.netty.http.server.HttpServer",
            "org.springframework.boot.web.embedded.netty.NettyServerCustomizer"})
    static class OnReactorNetty {

        @Bean
        NettyServerCustomizer shangMiNettyServerCustomizer(ShangMiTlsProperties properties,
                ObjectProvider<ServerProperties> server, ObjectProvider<SslBundles> bundles) {
            ShangMiProvider.install();
            return new ShangMiNettyCustomizer(properties, server, bundles);
        }
    }
}
