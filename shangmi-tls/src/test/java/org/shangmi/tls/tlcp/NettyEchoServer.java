package org.shangmi.tls.tlcp;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.ReadTimeoutHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.net.ssl.SSLEngine;

/**
 * An echo server on Netty over ShangMiTLS engines, set up as docs/tls.md tells a gateway to:
 * Netty's handshake timeout for the handshake, a read timeout after it.
 */
final class NettyEchoServer implements AutoCloseable {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel listener;

    NettyEchoServer(Supplier<SSLEngine> engines, long handshakeTimeoutMillis, int readTimeoutSeconds) throws InterruptedException {
        listener = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        SSLEngine engine = engines.get();
                        engine.setUseClientMode(false);
                        SslHandler tls = new SslHandler(engine);
                        tls.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
                        channel.pipeline().addLast(tls, new ReadTimeoutHandler(readTimeoutSeconds), new Echo());
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .sync()
                .channel();
    }

    int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            context.writeAndFlush(message);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            context.close(); // a peer's fault ends its connection; nothing to report
        }
    }

    @Override
    public void close() throws InterruptedException {
        listener.close().sync();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
    }
}
