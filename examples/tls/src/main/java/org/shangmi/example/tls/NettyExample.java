package org.shangmi.example.tls;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Provider;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLSession;

/**
 * HTTPS on Netty over ShangMiTLS: a Netty HTTP server answers GET / with the protocol and cipher
 * suite it negotiated; a Netty client fetches it and checks TLS_SM4_GCM_SM3 on TLS 1.3. Unless
 * the application names the suites, Netty's JDK SslContext enables the suites of its own default
 * list (AES suites only), so both contexts name the SM suite. The argument is the directory of
 * the keystores.
 */
public final class NettyExample {

    private static final List<String> SUITES = List.of("TLS_SM4_GCM_SM3");

    private NettyExample() {
    }

    public static void main(String[] args) throws Exception {
        Path pki = Path.of(args[0]);
        Provider tls = Setup.install();

        SslContext serverSsl = SslContextBuilder.forServer(Setup.keyManagers(pki, tls))
                .sslProvider(SslProvider.JDK)
                .sslContextProvider(tls)
                .protocols("TLSv1.3")
                .ciphers(SUITES)
                .build();
        SslContext clientSsl = SslContextBuilder.forClient()
                .trustManager(Setup.trustManagers(pki))
                .sslProvider(SslProvider.JDK)
                .sslContextProvider(tls)
                .protocols("TLSv1.3")
                .ciphers(SUITES)
                .build();

        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel server = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline().addLast(serverSsl.newHandler(channel.alloc()), new HttpServerCodec(),
                                    new HttpObjectAggregator(1 << 16), new PageHandler());
                        }
                    })
                    .bind(InetAddress.getByName("localhost"), 0).sync().channel();
            int port = ((InetSocketAddress) server.localAddress()).getPort();

            fetchWithNetty(group, clientSsl, port);
            server.close().sync();
        } finally {
            group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
        }
        Checks.exit();
    }

    /** GET / with a Netty client: its SslContext verifies the certificate and the host name (localhost). */
    private static void fetchWithNetty(EventLoopGroup group, SslContext clientSsl, int port) throws Exception {
        CompletableFuture<FullHttpResponse> received = new CompletableFuture<>();
        AtomicReference<SslHandler> tls = new AtomicReference<>();
        Channel channel = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        tls.set(clientSsl.newHandler(channel.alloc(), "localhost", port));
                        channel.pipeline().addLast(tls.get(), new HttpClientCodec(), new HttpObjectAggregator(1 << 16),
                                new SimpleChannelInboundHandler<FullHttpResponse>() {
                                    @Override
                                    protected void channelRead0(ChannelHandlerContext context, FullHttpResponse response) {
                                        received.complete(response.retainedDuplicate());
                                    }

                                    @Override
                                    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
                                        received.completeExceptionally(cause);
                                        context.close();
                                    }
                                });
                    }
                })
                .connect("localhost", port).sync().channel();
        try {
            String client = "Netty server, Netty client";
            tls.get().handshakeFuture().sync();
            Checks.checkSession(client, tls.get().engine().getSession());
            FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/");
            request.headers().set(HttpHeaderNames.HOST, "localhost:" + port);
            request.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            channel.writeAndFlush(request);
            FullHttpResponse response = received.get(10, TimeUnit.SECONDS);
            try {
                Checks.check(client + ": status 200 (" + response.status().code() + ")", response.status().code() == 200);
                String body = response.content().toString(StandardCharsets.UTF_8);
                Checks.check(client + ": the server saw the SM suite (" + body.strip() + ")", Checks.EXPECTED_BODY.equals(body));
            } finally {
                response.release();
            }
        } finally {
            channel.close().sync();
        }
    }

    /** Answers every request with the protocol and cipher suite of its connection. */
    private static final class PageHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

        @Override
        protected void channelRead0(ChannelHandlerContext context, FullHttpRequest request) {
            SSLSession session = context.pipeline().get(SslHandler.class).engine().getSession();
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.copiedBuffer(Checks.describe(session), StandardCharsets.UTF_8));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
            HttpUtil.setContentLength(response, response.content().readableBytes());
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            HttpUtil.setKeepAlive(response, keepAlive);
            if (keepAlive) {
                context.writeAndFlush(response);
            } else {
                context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
            }
        }
    }
}
