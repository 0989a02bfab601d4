package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSocketFactory;

/**
 * The socket factories of a context whose connections are engines under {@link EngineSocket}.
 * Client sockets are made connected (or layered over a connected socket), so that the engine
 * knows its peer's host and port; {@code createSocket()} without a peer is not offered. Public
 * for the TLS 1.3 contexts' server sockets; the package is not exported.
 */
public final class EngineSocketFactories {

    private EngineSocketFactories() {
    }

    /** Client sockets: {@code engines} makes a client engine for a peer host and port. */
    static SSLSocketFactory client(BiFunction<String, Integer, SSLEngine> engines) {
        return new SSLSocketFactory() {
            private SSLEngine engine(String host, int port) {
                SSLEngine engine = engines.apply(host, port);
                engine.setUseClientMode(true);
                return engine;
            }

            @Override
            public String[] getDefaultCipherSuites() {
                return engines.apply(null, -1).getEnabledCipherSuites();
            }

            @Override
            public String[] getSupportedCipherSuites() {
                return engines.apply(null, -1).getSupportedCipherSuites();
            }

            @Override
            public Socket createSocket(Socket socket, String host, int port, boolean autoClose) throws IOException {
                if (!socket.isConnected()) {
                    throw new java.net.SocketException("the socket to layer over is not connected");
                }
                return new EngineSocket(socket, engine(host, port), autoClose, Duration.ZERO);
            }

            @Override
            public Socket createSocket(Socket socket, InputStream consumed, boolean autoClose) {
                throw new UnsupportedOperationException("a client socket cannot take bytes already read");
            }

            @Override
            public Socket createSocket(String host, int port) throws IOException {
                Socket plain = new Socket(host, port);
                return new EngineSocket(plain, engine(host, port), true, Duration.ZERO);
            }

            @Override
            public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
                Socket plain = new Socket(host, port, localHost, localPort);
                return new EngineSocket(plain, engine(host, port), true, Duration.ZERO);
            }

            @Override
            public Socket createSocket(InetAddress host, int port) throws IOException {
                Socket plain = new Socket(host, port);
                return new EngineSocket(plain, engine(givenName(host), port), true, Duration.ZERO);
            }

            @Override
            public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                    throws IOException {
                Socket plain = new Socket(address, port, localAddress, localPort);
                return new EngineSocket(plain, engine(givenName(address), port), true, Duration.ZERO);
            }
        };
    }

    /**
     * The name the address was made with, or its literal: never a reverse lookup, whose answer an
     * attacker on the path could choose and which would then be the name checked.
     */
    static String givenName(InetAddress address) {
        String text = address.toString(); // "name/literal", or "/literal" when made from a literal
        int slash = text.indexOf('/');
        return slash > 0 ? text.substring(0, slash) : address.getHostAddress();
    }

    /** Server sockets: {@code engines} makes an engine for a peer host and port, put in server mode here. */
    public static SSLServerSocketFactory server(BiFunction<String, Integer, SSLEngine> engines) {
        return new SSLServerSocketFactory() {
            @Override
            public String[] getDefaultCipherSuites() {
                return engines.apply(null, -1).getEnabledCipherSuites();
            }

            @Override
            public String[] getSupportedCipherSuites() {
                return engines.apply(null, -1).getSupportedCipherSuites();
            }

            @Override
            public ServerSocket createServerSocket() throws IOException {
                return new EngineServerSocket(engines);
            }

            @Override
            public ServerSocket createServerSocket(int port) throws IOException {
                return bound(port, 50, null);
            }

            @Override
            public ServerSocket createServerSocket(int port, int backlog) throws IOException {
                return bound(port, backlog, null);
            }

            @Override
            public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
                return bound(port, backlog, address);
            }

            private ServerSocket bound(int port, int backlog, InetAddress address) throws IOException {
                EngineServerSocket socket = new EngineServerSocket(engines);
                socket.bind(new InetSocketAddress(address, port), backlog);
                return socket;
            }
        };
    }
}
