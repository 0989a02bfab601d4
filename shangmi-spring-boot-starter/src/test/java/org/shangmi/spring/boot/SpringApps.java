package org.shangmi.spring.boot;

import io.netty.handler.ssl.SslHandler;
import jakarta.servlet.http.HttpServletRequest;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSession;
import org.shangmi.tls.tlcp.TlcpCredentials;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.netty.Connection;

/**
 * Two Spring Boot applications that answer {@code GET /} with the connection's suite and protocol,
 * configured by properties alone: one on Spring MVC (Tomcat), one on WebFlux (Reactor Netty when
 * Tomcat is not on the class path).
 */
final class SpringApps {

    private SpringApps() {
    }

    /** The server's double certificate (entries "sign" and "enc") as a PKCS#12 file in {@code directory}. */
    static Path keyStore(TlcpCredentials credentials, Path directory) throws Exception {
        Path file = directory.resolve("server.p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            credentials.server().keyStore().store(out, TlcpCredentials.STORE_PASSWORD);
        }
        return file;
    }

    /** The root as a PKCS#12 trust store in {@code directory}. */
    static Path trustStore(TlcpCredentials credentials, Path directory) throws Exception {
        Path file = directory.resolve("trust.p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            credentials.trustStore().store(out, TlcpCredentials.STORE_PASSWORD);
        }
        return file;
    }

    /** The properties every test starts from: an ephemeral port, the key store, quiet logs; then {@code more}. */
    static String[] properties(Path keyStore, String... more) {
        List<String> properties = new ArrayList<>(List.of("server.port=0", "server.address=127.0.0.1",
                "server.ssl.key-store=file:" + keyStore, "server.ssl.key-store-type=PKCS12",
                "server.ssl.key-store-password=" + new String(TlcpCredentials.STORE_PASSWORD), "spring.main.banner-mode=off",
                "logging.level.root=warn"));
        properties.addAll(List.of(more));
        return properties.toArray(new String[0]);
    }

    /** Runs {@code application} with {@code properties}. */
    static ConfigurableApplicationContext run(Class<?> application, String... properties) {
        return new SpringApplicationBuilder(application).properties(properties).run();
    }

    /** The messages of a failure and its causes, one per line. */
    static String messages(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            text.append(cause).append('\n');
        }
        return text.toString();
    }

    static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    static String report(SSLSession session) {
        return "suite=" + session.getCipherSuite() + " protocol=" + session.getProtocol();
    }

    /** Spring MVC: the suite and protocol Tomcat reports. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Mvc {

        /** Registered as a member class of the configuration. */
        @RestController
        static class Report {
            @GetMapping("/")
            String report(HttpServletRequest request) {
                return "suite=" + request.getAttribute("jakarta.servlet.request.cipher_suite") + " protocol="
                        + request.getAttribute("org.apache.tomcat.util.net.secure_protocol_version");
            }
        }
    }

    /** WebFlux: the suite and protocol of the connection's SslHandler. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Flux {

        @Bean
        RouterFunction<ServerResponse> report() {
            return RouterFunctions.route().GET("/", request -> {
                Connection connection = ServerHttpRequestDecorator.getNativeRequest(request.exchange().getRequest());
                SslHandler tls = connection.channel().pipeline().get(SslHandler.class);
                return ServerResponse.ok().bodyValue(SpringApps.report(tls.engine().getSession()));
            }).build();
        }
    }
}
