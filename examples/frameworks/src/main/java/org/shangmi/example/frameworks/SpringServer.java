package org.shangmi.example.frameworks;

import io.netty.handler.ssl.SslHandler;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLSession;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.netty.Connection;

/**
 * A Spring Boot application whose HTTPS is configured by properties alone (the starter does the
 * rest): {@code GET /} answers with the connection's suite and protocol. On Spring MVC it runs on
 * Tomcat; as a reactive application without Tomcat on the class path, on Reactor Netty. Once it
 * listens it writes its port to {@code example.port-file}.
 */
@SpringBootApplication
public class SpringServer {

    public static void main(String[] args) {
        SpringApplication.run(SpringServer.class, args);
    }

    @Bean
    ApplicationListener<WebServerInitializedEvent> portFile(@Value("${example.port-file}") Path file) {
        return event -> {
            try {
                Files.writeString(file, Integer.toString(event.getWebServer().getPort()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    static String report(SSLSession session) {
        return "suite=" + session.getCipherSuite() + " protocol=" + session.getProtocol() + "\n";
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static class OnTomcat {

        @Bean
        org.springframework.web.servlet.function.RouterFunction<org.springframework.web.servlet.function.ServerResponse> report() {
            return org.springframework.web.servlet.function.RouterFunctions.route().GET("/", request -> {
                HttpServletRequest http = request.servletRequest();
                return org.springframework.web.servlet.function.ServerResponse.ok().body("suite="
                        + http.getAttribute("jakarta.servlet.request.cipher_suite") + " protocol="
                        + http.getAttribute("org.apache.tomcat.util.net.secure_protocol_version") + "\n");
            }).build();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    static class OnReactorNetty {

        @Bean
        RouterFunction<ServerResponse> report() {
            return RouterFunctions.route().GET("/", request -> {
                Connection connection = ServerHttpRequestDecorator.getNativeRequest(request.exchange().getRequest());
                SslHandler tls = connection.channel().pipeline().get(SslHandler.class);
                return ServerResponse.ok().bodyValue(SpringServer.report(tls.engine().getSession()));
            }).build();
        }
    }
}
