package org.shangmi.tls;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.bouncycastle.jsse.BCSSLSocket;

/** Bouncy Castle's socket factory whose sockets start with {@link ShangMiDefaults} and name the reasons of their failures ({@link ShangMiSslSocket}). */
final class ShangMiSocketFactory extends SSLSocketFactory {

    private final SSLSocketFactory sockets;
    private final ShangMiDefaults defaults;

    ShangMiSocketFactory(SSLSocketFactory sockets, ShangMiDefaults defaults) {
        this.sockets = sockets;
        this.defaults = defaults;
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return defaults.cipherSuites(true);
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return sockets.getSupportedCipherSuites();
    }

    @Override
    public Socket createSocket() throws IOException {
        return configure(sockets.createSocket());
    }

    @Override
    public Socket createSocket(Socket socket, String host, int port, boolean autoClose) throws IOException {
        return configure(sockets.createSocket(socket, host, port, autoClose));
    }

    @Override
    public Socket createSocket(Socket socket, InputStream consumed, boolean autoClose) throws IOException {
        return configure(sockets.createSocket(socket, consumed, autoClose));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return configure(sockets.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return configure(sockets.createSocket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return configure(sockets.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return configure(sockets.createSocket(address, port, localAddress, localPort));
    }

    /**
     * A new socket with the defaults of its side (a layered socket over consumed input is a
     * server's), whose failures name their reason.
     */
    private Socket configure(Socket socket) {
        BCSSLSocket bc = (BCSSLSocket) socket;
        bc.setParameters(defaults.forSide(bc.getParameters(), ((SSLSocket) socket).getUseClientMode()));
        return new ShangMiSslSocket((SSLSocket) socket, defaults);
    }
}
