package org.shangmi.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;

/** A Netty server and client over Netty {@link SslContext}s, for the tests. */
final class NettyPeers {

    private NettyPeers() {
    }

    /** What a connection reports: {@code suite protocol alpn}. */
    static String describe(SslHandler handler) {
        SSLSession session = handler.engine().getSession();
        return session.getCipherSuite() + " " + session.getProtocol() + " " + handler.applicationProtocol();
    }

    /** A server that, on the first bytes a client sends after its handshake, answers with the connection's report and closes. */
    static final class ReportServer implements AutoCloseable {
        private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        private final Channel listener;

        ReportServer(SslContext context) throws InterruptedException {
            listener = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            SslHandler tls = context.newHandler(channel.alloc());
                            channel.pipeline().addLast(tls, new ChannelInboundHandlerAdapter() {
                                @Override
                                public void channelRead(ChannelHandlerContext handler, Object message) {
                                    ((ByteBuf) message).release();
                                    byte[] report = (describe(tls) + "\n").getBytes(StandardCharsets.US_ASCII);
                                    handler.writeAndFlush(Unpooled.wrappedBuffer(report))
                                            .addListener(done -> tls.closeOutbound().addListener(closed -> handler.close()));
                                }

                                @Override
                                public void exceptionCaught(ChannelHandlerContext handler, Throwable cause) {
                                    handler.close();
                                }
                            });
                        }
                    }).bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        }

        int port() {
            return ((InetSocketAddress) listener.localAddress()).getPort();
        }

        @Override
        public void close() throws InterruptedException {
            listener.close().sync();
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
        }
    }

    /** How a client connection ended: its report, and what it read, or the failure. */
    record Exchange(String report, String received, Throwable failure) {
    }

    /**
     * Connects to the loopback port as {@code host} (the name checked), sends {@code request}
     * after the handshake and reads until the server closes or {@code expected} bytes came.
     */
    static Exchange exchange(SslContext context, String host, int port, String request, int expected) throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        CompletableFuture<Exchange> result = new CompletableFuture<>();
        try {
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            new Bootstrap().group(group).channel(NioSocketChannel.class).handler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel channel) {
                    SslHandler tls = context.newHandler(channel.alloc(), host, port);
                    tls.handshakeFuture().addListener(done -> {
                        if (done.isSuccess()) {
                            channel.writeAndFlush(Unpooled.wrappedBuffer(request.getBytes(StandardCharsets.US_ASCII)));
                        } else {
                            result.complete(new Exchange(null, null, done.cause()));
                            channel.close();
                        }
                    });
                    channel.pipeline().addLast(tls, new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext handler, Object message) {
                            ByteBuf bytes = (ByteBuf) message;
                            byte[] copy = new byte[bytes.readableBytes()];
                            bytes.readBytes(copy);
                            bytes.release();
                            received.writeBytes(copy);
                            if (received.size() >= expected) {
                                finish(handler);
                            }
                        }

                        @Override
                        public void channelInactive(ChannelHandlerContext handler) {
                            finish(handler);
                        }

                        @Override
                        public void exceptionCaught(ChannelHandlerContext handler, Throwable cause) {
                            result.complete(new Exchange(null, null, cause));
                            handler.close();
                        }

                        private void finish(ChannelHandlerContext handler) {
                            result.complete(new Exchange(describe(tls), received.toString(StandardCharsets.US_ASCII), null));
                            handler.close();
                        }
                    });
                }
            }).connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)).sync();
            return result.get(30, TimeUnit.SECONDS);
        } finally {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
        }
    }
}
