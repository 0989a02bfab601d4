package org.shangmi.example.frameworks;

import io.grpc.CallOptions;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.netty.handler.ssl.ClientAuth;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;
import org.shangmi.netty.ShangMiSslContexts;

/**
 * gRPC over Netty on TLS 1.3 with {@code TLS_SM4_GCM_SM3}: a server and a client in one process,
 * each on a Netty context from {@link ShangMiSslContexts} with ALPN "h2", which gRPC requires (so
 * TLCP, which has no ALPN, cannot carry gRPC). One unary call, whose reply is the suite the server
 * saw. {@code GrpcExample PKI-DIRECTORY}: server.p12 (password secret1) and ca.cer.
 */
public final class GrpcExample {

    private static final Context.Key<SSLSession> SESSION = Context.key("tls-session");
    private static final MethodDescriptor.Marshaller<String> TEXT = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(String value) {
            return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String parse(InputStream stream) {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };
    private static final MethodDescriptor<String, String> SUITE = MethodDescriptor.<String, String>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("example.Tls/Suite")
            .setRequestMarshaller(TEXT).setResponseMarshaller(TEXT).build();

    private GrpcExample() {
    }

    public static void main(String[] args) throws Exception {
        Path pki = Path.of(args[0]);
        ServerServiceDefinition service = ServerServiceDefinition.builder("example.Tls")
                .addMethod(SUITE, ServerCalls.asyncUnaryCall((request, reply) -> {
                    reply.onNext(request + " over " + SESSION.get().getCipherSuite() + " " + SESSION.get().getProtocol());
                    reply.onCompleted();
                })).build();
        ServerInterceptor session = new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                    ServerCallHandler<Q, R> next) {
                Context context = Context.current().withValue(SESSION, call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
                return Contexts.interceptCall(context, call, headers, next);
            }
        };
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", 0))
                .sslContext(ShangMiSslContexts.forServer(
                        TlsContexts.server("TLS", pki.resolve("server.p12"), "secret1".toCharArray()),
                        ClientAuth.NONE, null, null, "h2"))
                .addService(ServerInterceptors.intercept(service, session)).build().start();
        ManagedChannel channel = NettyChannelBuilder.forAddress("localhost", server.getPort())
                .sslContext(ShangMiSslContexts.forClient(TlsContexts.client("TLS",
                        TlsContexts.trust(pki.resolve("ca.cer"))), null, null, "h2"))
                .build();
        try {
            String reply = ClientCalls.blockingUnaryCall(channel, SUITE, CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS),
                    "hello");
            if (!reply.equals("hello over TLS_SM4_GCM_SM3 TLSv1.3")) {
                System.err.println("gRPC: unexpected reply: " + reply);
                System.exit(1);
            }
            System.out.println("gRPC: " + reply);
        } finally {
            channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
