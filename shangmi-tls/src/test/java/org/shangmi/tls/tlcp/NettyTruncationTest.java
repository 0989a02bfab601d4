package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
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
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * A connection cut in the middle of a record reaches a Netty application as the channel going
 * inactive, as a clean close would: Netty drops the partial record without an exception. What
 * tells them apart is {@link SslHandler#sslCloseFuture()}, which succeeds only when the peer's
 * close_notify came (docs/tls.md, "Servers under load and attack").
 */
class NettyTruncationTest extends WithOpenSslTlcpPki {

    /** What the server saw of one connection: the data, and whether its close_notify came. */
    private record Ending(String data, boolean closeNotify) {
    }

    private static Ending serve(boolean cutInARecord) throws Exception {
        SSLContext server = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        server.init(pki.keyManagers("server"), pki.trustManagers(), null);
        CompletableFuture<Ending> ending = new CompletableFuture<>();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel listener = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            SSLEngine engine = server.createSSLEngine();
                            engine.setUseClientMode(false);
                            SslHandler tls = new SslHandler(engine);
                            ByteArrayOutputStream received = new ByteArrayOutputStream();
                            channel.pipeline().addLast(tls, new ChannelInboundHandlerAdapter() {
                                @Override
                                public void channelRead(ChannelHandlerContext context, Object message) {
                                    ByteBuf data = (ByteBuf) message;
                                    byte[] bytes = new byte[data.readableBytes()];
                                    data.readBytes(bytes);
                                    data.release();
                                    received.writeBytes(bytes);
                                }

                                @Override
                                public void channelInactive(ChannelHandlerContext context) {
                                    // the handler's close future is settled before the inactive event comes here
                                    ending.complete(new Ending(received.toString(StandardCharsets.US_ASCII), tls.sslCloseFuture().isSuccess()));
                                }
                            });
                        }
                    })
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
            SSLContext client = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
            client.init(null, pki.trustManagers(), null);
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), ((InetSocketAddress) listener.localAddress()).getPort())) {
                SSLEngine engine = client.createSSLEngine("localhost", 443);
                engine.setUseClientMode(true);
                EngineOverSocket tls = new EngineOverSocket(engine, socket);
                tls.handshake();
                tls.write("whole".getBytes(StandardCharsets.US_ASCII));
                if (cutInARecord) {
                    ByteBuffer record = ByteBuffer.allocate(1 << 15);
                    engine.wrap(ByteBuffer.wrap("cut short".getBytes(StandardCharsets.US_ASCII)), record);
                    OutputStream out = socket.getOutputStream();
                    out.write(record.array(), 0, record.position() / 2);
                    out.flush();
                } else {
                    tls.close(); // close_notify
                }
            }
            Ending seen = ending.get(20, TimeUnit.SECONDS);
            listener.close().sync();
            return seen;
        } finally {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
        }
    }

    @Test
    void aCutRecordLooksLikeACloseButTheCloseFutureFails() throws Exception {
        Ending cut = serve(true);
        assertEquals("whole", cut.data(), "the partial record is dropped without an exception");
        assertFalse(cut.closeNotify(), "no close_notify: sslCloseFuture() did not succeed");
    }

    @Test
    void aProperCloseSucceedsTheCloseFuture() throws Exception {
        Ending closed = serve(false);
        assertEquals("whole", closed.data());
        assertTrue(closed.closeNotify(), "close_notify came: sslCloseFuture() succeeded");
    }
}
