package org.shangmi.example.tlcp;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.string.StringDecoder;
import io.netty.handler.codec.string.StringEncoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

/**
 * A line protocol over Netty: the server answers each line with the protocol, cipher suite and
 * client certificate of its connection, then the line; a client sends one line and reads the answer.
 */
final class LineEcho {

    private static final int MAX_LINE = 1024;

    /** What a client got: its session and the server's answer, or why the connection failed. */
    record Exchange(SSLSession session, String answer, Throwable failure) {
    }

    private LineEcho() {
    }

    /** The answer to {@code line} on a connection with this protocol, suite and client. */
    static String answer(String protocol, String suite, String client, String line) {
        return protocol + " " + suite + ", client " + client + ": " + line;
    }

    /** A server on localhost at a free port. */
    static Channel serve(EventLoopGroup group, SslContext ssl) throws Exception {
        return new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(ssl.newHandler(channel.alloc()), new LineBasedFrameDecoder(MAX_LINE),
                                new StringDecoder(StandardCharsets.UTF_8), new StringEncoder(StandardCharsets.UTF_8),
                                new Answer());
                    }
                })
                .bind(InetAddress.getByName("localhost"), 0).sync().channel();
    }

    static int port(Channel server) {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /**
     * Connects to localhost at {@code port}, expecting a certificate for {@code hostName}, sends
     * {@code line} once the handshake is done and waits for the answer. {@code configure} sees the
     * client engine before the handshake.
     */
    static Exchange send(EventLoopGroup group, SslContext ssl, String hostName, int port, Consumer<SSLEngine> configure,
            String line) throws Exception {
        CompletableFuture<String> answer = new CompletableFuture<>();
        AtomicReference<SslHandler> tls = new AtomicReference<>();
        Channel channel = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        SslHandler handler = ssl.newHandler(channel.alloc(), hostName, port);
                        configure.accept(handler.engine());
                        tls.set(handler);
                        channel.pipeline().addLast(handler, new LineBasedFrameDecoder(MAX_LINE),
                                new StringDecoder(StandardCharsets.UTF_8), new StringEncoder(StandardCharsets.UTF_8),
                                new SimpleChannelInboundHandler<String>() {
                                    @Override
                                    protected void channelRead0(ChannelHandlerContext context, String received) {
                                        answer.complete(received);
                                    }

                                    @Override
                                    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
                                        answer.completeExceptionally(cause);
                                        context.close();
                                    }

                                    @Override
                                    public void channelInactive(ChannelHandlerContext context) {
                                        answer.completeExceptionally(new ClosedChannelException());
                                    }
                                });
                    }
                })
                .connect("localhost", port).sync().channel();
        try {
            Future<Channel> handshake = tls.get().handshakeFuture();
            if (!handshake.await(10, TimeUnit.SECONDS)) {
                return new Exchange(null, null, new TimeoutException("no handshake within 10 s"));
            }
            if (!handshake.isSuccess()) {
                return new Exchange(null, null, handshake.cause());
            }
            channel.writeAndFlush(line + "\n");
            return new Exchange(tls.get().engine().getSession(), answer.get(10, TimeUnit.SECONDS), null);
        } finally {
            channel.close().sync();
        }
    }

    /** Answers each line; a connection whose handshake fails is closed (its client reports why). */
    private static final class Answer extends SimpleChannelInboundHandler<String> {

        @Override
        protected void channelRead0(ChannelHandlerContext context, String line) {
            SSLSession session = context.pipeline().get(SslHandler.class).engine().getSession();
            String client;
            try {
                client = session.getPeerPrincipal().getName();
            } catch (SSLPeerUnverifiedException e) {
                client = "anonymous";
            }
            context.writeAndFlush(answer(session.getProtocol(), session.getCipherSuite(), client, line) + "\n");
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            context.close();
        }
    }
}
